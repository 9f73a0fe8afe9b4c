// Offline and updates (issue 32), in one browser context as a returning visitor has it: after one
// visit the site installs and works with no network (every page, the simulation, the lab's run);
// a new deploy at the same address is announced, and Reload brings the whole of it and nothing
// of the old one. The build is served by a plain static server that can switch to a second build.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../tools/browsers/chromium.ts';
import { writeServiceWorker } from '../../tools/build/offline/write-service-worker.ts';
import {
  startStaticServer,
  staticAnswer,
  type StaticServer,
} from '../../tools/serve/static-server.ts';
import { axeViolations, waitForApp, waitForHeading } from '../support/browser.ts';
import { LAB } from '../support/lab-results.ts';
import { WINNING_SEED } from '../support/simulation-page.ts';
import { everyRoute, routeHeading, UNKNOWN_ROUTE } from '../support/site-pages.ts';

const FIRST_BUILD = process.env.E2E_DIST ?? 'dist';
/** What tells the second build apart: an attribute on every page, a comment in one image. */
const SECOND = 'second';
const CHANGED_IMAGE = 'img/avatar.svg';
const SIMULATION = '/projects/prisoner/';

/**
 * A second deploy: a copy of the build whose pages all changed (an attribute on <html>) and one
 * image too, with its service worker written afresh, as `npm run build` writes it.
 */
async function secondBuild(first: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'offline-second-'));
  await cp(first, dir, { recursive: true });
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith('.html')) continue;
    const html = await readFile(join(dir, file), 'utf8');
    await writeFile(
      join(dir, file),
      html.replace('<html lang="en">', `<html lang="en" data-build="${SECOND}">`),
    );
  }
  const image = await readFile(join(dir, CHANGED_IMAGE), 'utf8');
  await writeFile(join(dir, CHANGED_IMAGE), `${image}<!-- ${SECOND} -->\n`);
  await writeServiceWorker(dir);
  return dir;
}

const md5 = async (file: string) =>
  createHash('md5')
    .update(await readFile(file))
    .digest('hex');

/** Every entry of the page's caches, as its path and the revision in its key (null for none). */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { path: string; revision: string | null }[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        entries.push({ path: url.pathname, revision: url.searchParams.get('__WB_REVISION__') });
      }
    }
    return entries;
  });
}

describe('offline and updates', () => {
  let server: StaticServer;
  let second: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  /** Paths of the requests that reached the server. */
  const served: string[] = [];
  /** Console errors and uncaught exceptions. */
  const problems: string[] = [];
  const url = (path: string) => new URL(path, server.url).href;

  /** A browser with a profile of its own, not an incognito context: Chromium installs no app from one. */
  async function openBrowser(): Promise<void> {
    profile = await mkdtemp(join(tmpdir(), 'offline-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumFlags,
      viewport: { width: 1280, height: 800 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    // Registering the worker and loading its page code must stay within the strict policy.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
  }

  beforeAll(async () => {
    [server, second] = await Promise.all([
      startStaticServer(FIRST_BUILD, { onRequest: (path) => served.push(path) }),
      secondBuild(FIRST_BUILD),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await context?.close();
    await server?.close();
    for (const dir of [second, profile]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('installs after one visit: the service worker is ready and Chromium finds nothing missing', async () => {
    await page.goto(url('/'));
    await waitForHeading(page, routeHeading('/'));
    // The worker is active once it has precached the build.
    const ready = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
        new Promise((done) => setTimeout(() => done('no service worker'), 20_000)),
      ]),
    );
    expect(ready).toBe(url('/sw.js'));
    // A first install is no new version: nothing is announced.
    await page.waitForTimeout(300);
    expect(await page.getByText(/A new version is ready/).count()).toBe(0);
    // Its scope, the whole site, holds the manifest's start_url.
    const scope = await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.scope),
    );
    expect(scope).toBe(url('/'));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    await cdp.detach();
    expect(problems).toEqual([]);
  });

  it('with no network, opens every page, plays the simulation and runs the lab', async () => {
    await context.setOffline(true);
    served.length = 0;
    for (const route of everyRoute()) {
      const before = problems.length;
      // The simulation from a seed whose automatic play opens boxes from the start.
      const address = route === SIMULATION ? `${route}?seed=${WINNING_SEED}` : route;
      const response = await page.goto(url(address));
      await waitForHeading(page, routeHeading(route));
      // The error screen comes with status 404, as from the host, which the console reports.
      if (route === UNKNOWN_ROUTE) {
        expect(response?.status()).toBe(404);
        expect(problems.splice(before)).toEqual([
          'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
        ]);
      } else expect(response?.status()).toBe(200);
      if (route === SIMULATION) {
        await waitForApp(page);
        await page.getByRole('button', { name: 'Start simulation' }).click();
        await page.waitForFunction(() => {
          const boxes = document.querySelectorAll('[role="group"][aria-label="Boxes"] button');
          const opened = [...boxes].filter((box) =>
            /, slip \d+/.test(box.getAttribute('aria-label') ?? ''),
          );
          return opened.length >= 3;
        });
      }
      if (route === `${LAB}/`) {
        // The lab's default run, on the CPU workers, to its end.
        await waitForApp(page);
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        const trials = page.locator('#lab-trials[data-value="1000000"]');
        await trials.waitFor({ timeout: 120_000 });
        expect(await trials.textContent()).toContain('1,000,000');
      }
    }
    // Nothing reached the server but the browser's own checks for a new worker, which go on
    // behind the emulated offline state (and fail harmlessly with no network).
    expect(served.filter((path) => path !== '/sw.js')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('announces a new deploy at the same address, and Reload shows all of it and none of the old', async () => {
    await context.setOffline(false);
    await server.serve(second);
    await page.goto(url('/'));
    await waitForHeading(page, routeHeading('/'));
    // The old build still shows: its worker serves it until the visitor chooses.
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBeUndefined();
    const firstLink = page.locator('a[href]').first();
    await firstLink.focus();
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready: Reload' });
    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.waitFor();
    // Quiet: announced politely, focus left where it was.
    expect(await notice.getAttribute('aria-live')).toBe('polite');
    expect(await firstLink.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await axeViolations(page, '[aria-live="polite"]')).toEqual([]);

    // In the page's Tab order, right after the footer.
    await page.locator('footer a').last().focus();
    await page.keyboard.press('Tab');
    expect(await reload.evaluate((button) => button === document.activeElement)).toBe(true);
    const requests: { path: string; status: Promise<number> }[] = [];
    context.on('request', (request) =>
      requests.push({
        path: new URL(request.url()).pathname,
        status: request.response().then((response) => response?.status() ?? 0),
      }),
    );
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await waitForHeading(page, routeHeading('/'));
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(SECOND);
    expect(
      await page.evaluate(
        (image) => fetch(`/${image}`).then((response) => response.text()),
        CHANGED_IMAGE,
      ),
    ).toContain(`<!-- ${SECOND} -->`);

    // Every request since Reload was for a file of the second build, and each one was answered.
    expect(requests.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      requests.map(async ({ path, status }) => {
        const file = await staticAnswer(second, path);
        return `${path} ${await status} ${file?.status === 200 ? 'in the second build' : 'missing'}`;
      }),
    );
    expect(answers.filter((line) => !line.endsWith(' 200 in the second build'))).toEqual([]);
    // The caches hold the second build alone, once the new worker has cleared the old entries:
    // one entry per file it lists, each a file of the second build, each revision its file's.
    const listed = (await readFile(join(second, 'sw.js'), 'utf8')).split('"url":').length - 1;
    await expect
      .poll(async () => {
        const entries = await cachedEntries(page);
        const stale: string[] = [];
        for (const { path, revision } of entries) {
          const current = await md5(join(second, path)).catch(() => 'missing');
          if (current === 'missing' || (revision !== null && revision !== current)) {
            stale.push(`${path} ${revision ?? ''}`);
          }
        }
        return { entries: entries.length, stale };
      })
      .toEqual({ entries: listed, stale: [] });
    expect(problems).toEqual([]);
  });
});
