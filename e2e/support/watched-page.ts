/**
 * The page a test runs on: it records every console error, uncaught exception and CSP violation,
 * and starts as a first visit. A fresh browser page costs more than a second of CPU before it
 * loads anything, so the tests take turns on one page per browser, cleaned between them to what a
 * fresh one would be; a test that changes a page for good (an init script, a CDP session) or
 * fails leaves its page to be closed, and the next test opens a new one.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

export interface PageOptions {
  width?: number;
  height?: number;
  reducedMotion?: 'reduce' | 'no-preference';
  javaScriptEnabled?: boolean;
  /** A phone's touch screen: touch events, and a coarse pointer that cannot hover. */
  touch?: boolean;
}

/** A page between tests, with what cleaning it needs. */
interface HeldPage {
  page: Page;
  context: BrowserContext;
  /** The context's settings that no page call can change. */
  kind: string;
  cdp: CDPSession;
  /** Where the page's own listeners write: the running test's list. */
  sink: { problems: string[] };
  /** Whether the running test changed the page for good. */
  changed: boolean;
  /** The origins the page has shown since it was last cleaned: their storage goes. */
  visited: Set<string>;
  /** The listeners of the page and its context that are not a test's: Playwright's and ours. */
  ownListeners: Map<Emitter, Map<string | symbol, Listener[]>>;
}

type Listener = (...args: never[]) => unknown;
interface Emitter {
  eventNames(): Array<string | symbol>;
  listeners(name: string | symbol): Listener[];
  off(name: string | symbol, listener: Listener): unknown;
}

const idle = new WeakMap<Browser, HeldPage>();
const kindOf = (options: PageOptions) =>
  `${options.javaScriptEnabled ?? true} ${options.touch ?? false}`;

/**
 * Runs `test` on a watched page that is a first visit, and leaves the page clean for the next
 * test of the file, or closes it (after a failure, or a change that cleaning cannot undo).
 */
export async function withPage<T>(
  browser: () => Browser,
  options: PageOptions,
  test: (watched: WatchedPage) => Promise<T>,
): Promise<T> {
  const owner = browser();
  let held = idle.get(owner);
  idle.delete(owner);
  if (held && held.kind !== kindOf(options)) {
    await held.context.close();
    held = undefined;
  }
  held ??= await openPage(owner, options);
  await applyOptions(held.page, options);
  const problems: string[] = [];
  held.sink.problems = problems;
  let passed = false;
  try {
    const result = await test({ page: held.page, context: held.context, problems });
    passed = true;
    return result;
  } finally {
    if (passed && !held.changed && (await cleaned(held))) idle.set(owner, held);
    else await held.context.close();
  }
}

async function openPage(browser: Browser, options: PageOptions): Promise<HeldPage> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  const page = await context.newPage();
  // The page's own session, opened before the test's calls are watched.
  const cdp = await context.newCDPSession(page);
  // The site's service worker has a test of its own (site/offline.e2e.ts). Here every page
  // would precache the whole build behind the page under test: these pages stay first visits.
  // (Playwright's `serviceWorkers: 'block'` says so in a warning that the checks count.)
  await page.addInitScript(() => {
    if (!('ServiceWorkerContainer' in self)) return; // not a secure context: no workers anyway
    ServiceWorkerContainer.prototype.register = () => new Promise(() => {});
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const held: HeldPage = {
    page,
    context,
    kind: kindOf(options),
    cdp,
    sink: { problems: [] },
    changed: false,
    visited: new Set(),
    ownListeners: new Map(),
  };
  watchProblems(held);
  // Playwright's pages and contexts are event emitters; its types leave that out.
  for (const emitter of [page, context] as unknown as Emitter[]) {
    held.ownListeners.set(emitter, listenersOf(emitter));
  }
  markLastingChanges(held);
  return held;
}

function watchProblems({ page, sink, visited }: HeldPage): void {
  page.on('framenavigated', (frame) => {
    const { protocol, origin } = new URL(frame.url());
    if (protocol === 'http:' || protocol === 'https:') visited.add(origin);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') sink.problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => sink.problems.push(`pageerror: ${error.message}`));
}

function listenersOf(emitter: Emitter): Map<string | symbol, Listener[]> {
  return new Map(emitter.eventNames().map((name) => [name, [...emitter.listeners(name)]]));
}

/** Calls whose effect outlives the test: the page they were made on is closed after it. */
function markLastingChanges(held: HeldPage): void {
  const mark = <T extends object>(target: T, names: Array<keyof T & string>) => {
    for (const name of names) {
      const original = target[name] as (...args: unknown[]) => unknown;
      Object.assign(target, {
        [name]: (...args: unknown[]) => {
          held.changed = true;
          return original.apply(target, args);
        },
      });
    }
  };
  mark(held.page, ['addInitScript', 'exposeBinding', 'exposeFunction']);
  mark(held.context, ['addInitScript', 'exposeBinding', 'exposeFunction', 'newCDPSession']);
}

/** The viewport and media a fresh page with these options has. */
async function applyOptions(page: Page, options: PageOptions): Promise<void> {
  await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 800 });
  await page.emulateMedia({
    media: 'screen',
    colorScheme: 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    forcedColors: 'none',
  });
}

/**
 * Undoes what a test did to its page: listeners, routes, permissions, offline mode, and the
 * storage of every origin it showed (the site's, or a file's own server) and the HTTP cache, on a
 * page that has left them. Says whether the page is fit for the next test.
 */
async function cleaned(held: HeldPage): Promise<boolean> {
  const { page, context, cdp } = held;
  try {
    // The test's own listeners go; Playwright's and the page's watchers stay.
    for (const [emitter, own] of held.ownListeners) {
      for (const [name, listeners] of listenersOf(emitter)) {
        const kept = own.get(name) ?? [];
        for (const listener of listeners) if (!kept.includes(listener)) emitter.off(name, listener);
      }
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    await context.clearCookies();
    // The app leaves (its last writes on the way out included), then the storage of each origin
    // shown goes: local and session storage, and everything else a first visit would not have.
    await page.goto('about:blank');
    for (const origin of held.visited) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    held.visited.clear();
    await cdp.send('Network.clearBrowserCache');
    return true;
  } catch {
    return false;
  }
}
