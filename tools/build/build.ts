// The production build: the client bundle, a server bundle of the same app, one pre-rendered
// HTML file per page, and the service worker that precaches them all. Usage: npm run build (E2E_DIST picks the output folder).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { writeServiceWorker } from './offline/write-service-worker.ts';
import { prerender } from './prerender.ts';

/** Where the server bundle goes: used at build time only, never deployed. */
const SERVER_OUT = '.ssr';

/** Builds the site into `dist`. */
export async function buildSite(dist: string): Promise<void> {
  await build({ logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  try {
    await build({
      logLevel: 'warn',
      build: { ssr: 'src/entry-server.tsx', outDir: SERVER_OUT, emptyOutDir: true },
    });
    const files = await prerender(dist, join(SERVER_OUT, 'entry-server.js'));
    console.log(`Pre-rendered ${files.length} pages into ${dist}.`);
  } finally {
    await rm(SERVER_OUT, { recursive: true, force: true });
  }
  // Last: the pages it precaches are written by now.
  const { files, bytes } = await writeServiceWorker(dist);
  console.log(`The service worker precaches ${files} files (${(bytes / 1024).toFixed(0)} KB).`);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await buildSite(process.env.E2E_DIST ?? 'dist');
}
