// The production build: the client bundle, a server bundle of the same app, and one
// pre-rendered HTML file per page. Usage: npm run build (E2E_DIST picks the output folder).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
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
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await buildSite(process.env.E2E_DIST ?? 'dist');
}
