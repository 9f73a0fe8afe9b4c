// Writes the service worker into a finished build: service-worker.ts bundled, with the list of
// what it precaches (each file and its revision) put in by Workbox's injectManifest. It runs after
// pre-rendering, since the pre-rendered pages are part of that list.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the service worker is served from: the root, so that it controls every page. */
export const SERVICE_WORKER_FILE = 'sw.js';

const SOURCE = fileURLToPath(new URL('./service-worker.ts', import.meta.url));

/** What a visitor needs without a network: pages, scripts, styles, workers, images, manifest. */
export const PRECACHE_PATTERNS = [
  '**/*.{html,js,mjs,css,wasm,json,webmanifest,svg,png,jpg,jpeg,webp,avif,ico,woff2}',
];

/**
 * Left out: the build's own notes (.vite/), host configuration, files for crawlers, the image that
 * only link previews show, and the service worker itself.
 */
export const PRECACHE_IGNORES = [
  '.vite/**',
  '_headers',
  'robots.txt',
  'sitemap.xml',
  'social/**',
  SERVICE_WORKER_FILE,
];

/** Files under assets/ carry a hash of their content in their name: the name is the version. */
const CONTENT_HASHED = /^assets\//;

/** The largest file precached; a larger one fails the build rather than go missing offline. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface ServiceWorkerReport {
  files: number;
  bytes: number;
}

/** Writes `sw.js` into the build folder `dist`, precaching the files it holds now. */
export async function writeServiceWorker(dist: string): Promise<ServiceWorkerReport> {
  // Loaded here, not with the module: the checks that only read the constants above skip them.
  const [{ build }, { injectManifest }] = await Promise.all([
    import('esbuild'),
    import('workbox-build'),
  ]);
  const work = await mkdtemp(join(tmpdir(), 'service-worker-'));
  try {
    const bundled = join(work, SERVICE_WORKER_FILE);
    await build({
      entryPoints: [SOURCE],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
      // Workbox keeps its development logging behind this check.
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: join(dist, SERVICE_WORKER_FILE),
      globDirectory: dist,
      globPatterns: PRECACHE_PATTERNS,
      globIgnores: PRECACHE_IGNORES,
      dontCacheBustURLsMatching: CONTENT_HASHED,
      maximumFileSizeToCacheInBytes: MAX_FILE_BYTES,
    });
    // A file left out of the precache would be missing offline: that is a failed build.
    if (warnings.length > 0) {
      throw new Error(`The service worker could not precache the build:\n${warnings.join('\n')}`);
    }
    return { files: count, bytes: size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
