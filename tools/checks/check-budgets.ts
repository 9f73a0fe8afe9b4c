// Performance budgets, checked against the production build in a real browser:
// - light routes (home, résumé, contact, project pages) load no three.js, react-three-fiber or
//   worker code; only the simulation and the lab may;
// - the JavaScript that `/` loads stays within 100 KB gzipped;
// - the service worker's script, fetched again whenever the browser looks for a new build, stays
//   within 10 KB gzipped (what it precaches after the first visit is reported beside it).
// Usage: E2E_DIST=<build dir> tsx scripts/check-budgets.ts
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { routes, sitePages, type SitePage } from '../../src/config/routes.ts';
import { launchChromium } from '../browsers/chromium.ts';
import { SERVICE_WORKER_FILE } from '../build/offline/write-service-worker.ts';
import { startStaticServer } from '../serve/static-server.ts';

const HOME_JS_LIMIT_BYTES = 100 * 1024;
const SERVICE_WORKER_LIMIT_BYTES = 10 * 1024;

const dist = process.env.E2E_DIST ?? 'dist';
const chunkReport = JSON.parse(
  await readFile(join(dist, '.vite/chunk-modules.json'), 'utf8'),
) as Record<string, { heavy: string[] }>;

const gzipCache = new Map<string, number>();
async function gzipBytes(file: string): Promise<number> {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One route's first visit: the scripts and workers it loads, against its budgets. */
async function checkRoute(
  browser: Browser,
  origin: string,
  { path: route, route: key }: SitePage,
): Promise<{ row?: string; failures: string[] }> {
  // What a first visit loads: the service worker's precaching after it is reported below.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  const workers: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) {
      scripts.add(url.pathname.slice(1));
    }
  });
  page.on('worker', (worker) => workers.push(worker.url()));
  try {
    await page.goto(origin + route);
    await page.locator('main h1').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    return { failures: [`${route} did not render its main heading: ${message}`] };
  } finally {
    await context.close();
  }

  const failures: string[] = [];
  let jsBytes = 0;
  const heavyLoaded: string[] = [];
  for (const file of scripts) {
    jsBytes += await gzipBytes(file);
    const heavy = chunkReport[file]?.heavy ?? [];
    if (heavy.length > 0) heavyLoaded.push(`${file} (${heavy.join(', ')})`);
  }
  const light = !routes[key].heavy;
  const row =
    `${route.padEnd(34)} ${String(scripts.size).padStart(3)} files ${kb(jsBytes).padStart(9)}` +
    `  ${heavyLoaded.length > 0 ? `3D/worker: ${heavyLoaded.join(', ')}` : 'no 3D/worker code'}` +
    (workers.length > 0 ? `, ${workers.length} worker(s)` : '');
  if (light && heavyLoaded.length > 0) {
    failures.push(`${route} must not load 3D or worker code, but loaded ${heavyLoaded.join(', ')}`);
  }
  if (light && workers.length > 0) {
    failures.push(`${route} must not start workers, but started ${workers.join(', ')}`);
  }
  if (route === '/' && jsBytes > HOME_JS_LIMIT_BYTES) {
    failures.push(
      `/ loads ${kb(jsBytes)} of JavaScript (gzip), over the limit of ${kb(HOME_JS_LIMIT_BYTES)}: ` +
        [...scripts].join(', '),
    );
  }
  return { row, failures };
}

/** Routes visited side by side: most of a visit is the wait for its network to fall quiet. */
const ROUTES_AT_ONCE = 4;

const server = await startStaticServer(dist);
const browser = await launchChromium();
const failures: string[] = [];
const rows: string[] = [];
try {
  // A few visits at a time, each route's result in its place in the table.
  const pages = sitePages();
  const results: Awaited<ReturnType<typeof checkRoute>>[] = [];
  let next = 0;
  const visitor = async () => {
    for (let index = next++; index < pages.length; index = next++) {
      results[index] = await checkRoute(browser, server.url, pages[index]!);
    }
  };
  await Promise.all(Array.from({ length: ROUTES_AT_ONCE }, visitor));
  for (const result of results) {
    if (result.row) rows.push(result.row);
    failures.push(...result.failures);
  }
} finally {
  await browser.close();
  await server.close();
}

// The service worker (tools/build/offline/): its own size, and the files it lists to precache.
const serviceWorker = await readFile(join(dist, SERVICE_WORKER_FILE), 'utf8');
const precached = [...serviceWorker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
let precachedBytes = 0;
for (const file of precached) precachedBytes += (await stat(join(dist, file))).size;
const serviceWorkerBytes = await gzipBytes(SERVICE_WORKER_FILE);
rows.push(
  `${`/${SERVICE_WORKER_FILE} (service worker)`.padEnd(34)}   1 file  ${kb(serviceWorkerBytes).padStart(9)}` +
    `  precaches ${precached.length} files, ${kb(precachedBytes)} uncompressed`,
);
if (serviceWorkerBytes > SERVICE_WORKER_LIMIT_BYTES) {
  failures.push(
    `${SERVICE_WORKER_FILE} is ${kb(serviceWorkerBytes)} (gzip), over the limit of ${kb(SERVICE_WORKER_LIMIT_BYTES)}`,
  );
}

console.log('JavaScript per route (gzip, as loaded by Chromium):');
for (const row of rows) console.log(`  ${row}`);
if (failures.length > 0) {
  console.error(`\nPerformance budgets FAILED:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nPerformance budgets met.');
