// Faults for browser tests, injected from outside the build: the test serves a worker's script
// wrapped so that `prelude` runs in the worker before the real code. The build holds no hooks.
import type { Page, Route } from 'playwright-core';

/** The build's script of worker `name` (its entry `name.worker.ts`): `assets/{name}.worker-{hash}.js`. */
function workerAsset(name: string): RegExp {
  return new RegExp(`/assets/${name}\\.worker-[\\w-]+\\.js(\\?.*)?$`);
}

/** The channel a prelude may listen on for signals from the test (`signalWorkers`). */
const FAULT_CHANNEL = 'e2e-faults';

/**
 * Serves the build's worker `name` (`assets/{name}.worker-{hash}.js`) with `prelude` in front. Returns a function
 * that serves the real worker again (for workers started later, such as after Retry).
 */
export async function injectIntoWorker(
  page: Page,
  name: string,
  prelude: string,
): Promise<() => Promise<void>> {
  const pattern = workerAsset(name);
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.has('original')) return route.continue();
    if (url.searchParams.has('prelude')) {
      return route.fulfill({ contentType: 'text/javascript', body: prelude });
    }
    const [preludeUrl, originalUrl] = ['prelude', 'original'].map((part) => {
      const variant = new URL(url);
      variant.search = part;
      return JSON.stringify(variant.href);
    });
    // Static imports run in order and before any message is dispatched to the worker (a
    // top-level await here would let the first message arrive before the worker listens).
    await route.fulfill({
      contentType: 'text/javascript',
      body: `import ${preludeUrl};\nimport ${originalUrl};\n`,
    });
  };
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** Posts `message` on the fault channel, where preludes listen. */
export async function signalWorkers(page: Page, message: string): Promise<void> {
  await page.evaluate(
    ([channel, text]) => new BroadcastChannel(channel!).postMessage(text),
    [FAULT_CHANNEL, message],
  );
}

/** Prelude: the worker closes itself (as if killed) when the test signals `die`. */
export const dieOnSignal = `new BroadcastChannel('${FAULT_CHANNEL}').onmessage = (event) => {
  if (event.data === 'die') self.close();
};`;

/** Prelude: the worker throws as it starts, before it can answer anything. */
export const crashAtStart = `throw new Error('Injected fault');`;

/**
 * Prelude: after `count` messages through any MessagePort (progress reports), the worker keeps
 * computing but nothing it sends arrives: to the page it has gone silent mid-run.
 */
export function silentAfterMessages(count: number): string {
  return `{
  const post = MessagePort.prototype.postMessage;
  let sent = 0;
  MessagePort.prototype.postMessage = function (...args) {
    if (sent++ < ${count}) post.apply(this, args);
  };
}`;
}

/** Prelude: the worker's WebGL contexts are lost when the test signals \`lose-context\`. */
export const loseContextOnSignal = `{
  const contexts = [];
  const getContext = OffscreenCanvas.prototype.getContext;
  OffscreenCanvas.prototype.getContext = function (type, ...rest) {
    const context = getContext.call(this, type, ...rest);
    if (context && String(type).startsWith('webgl')) contexts.push(context);
    return context;
  };
  new BroadcastChannel('${FAULT_CHANNEL}').onmessage = (event) => {
    if (event.data !== 'lose-context') return;
    for (const context of contexts) context.getExtension('WEBGL_lose_context')?.loseContext();
  };
}`;

// --- Faults for the no-hang tests (issue 19) ---

/**
 * Prelude: the worker takes every message and answers none, not even a proof of life: its first
 * listener swallows them before Comlink's can see them.
 */
export const neverAnswers = `self.addEventListener('message', (event) => {
  event.stopImmediatePropagation();
});`;

/**
 * Prelude: everything the worker sends (return values on its own port, progress on callback
 * ports) leaves `ms` milliseconds late, in the order it was sent on each port.
 */
export function delayedMessages(ms: number): string {
  return `{
  for (const target of [MessagePort.prototype, DedicatedWorkerGlobalScope.prototype]) {
    const post = target.postMessage;
    target.postMessage = function (...args) {
      setTimeout(() => post.apply(this, args), ${ms});
    };
  }
}`;
}

/**
 * Prelude: each worker started throws as it loads with probability `p`, so some runs of a
 * stress test fail and offer Retry, and some Retries fail again.
 */
export function crashSometimes(p: number): string {
  return `if (Math.random() < ${p}) throw new Error('Injected fault');`;
}

/** Serves the build's worker `name` (`assets/{name}.worker-{hash}.js`) as a 404: the script fails to load. */
export async function breakWorkerScript(page: Page, name: string): Promise<() => Promise<void>> {
  const pattern = workerAsset(name);
  const handler = (route: Route) => route.fulfill({ status: 404, body: 'Not found' });
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/**
 * Counts the page's live Web Workers: an init script (test code, not part of the build) wraps
 * the Worker constructor; a worker counts from its construction until the page terminates it.
 * Read the count with `liveWorkers`; `killWorkers` ends them behind the page's back, as a
 * browser or an operating system that kills a worker would.
 */
export async function countWorkers(page: Page): Promise<void> {
  // Plain JavaScript text: a function would be serialised as its transpiled source, which some
  // loaders (tsx) fill with helpers the page does not have.
  await page.addInitScript(`{
  const Native = window.Worker;
  const live = new Set();
  class CountedWorker extends Native {
    constructor(url, options) {
      super(url, options);
      live.add(this);
    }
    terminate() {
      live.delete(this);
      super.terminate();
    }
  }
  window.Worker = CountedWorker;
  window.liveWorkerCount = () => live.size;
  window.killWorkers = () => {
    for (const worker of live) Native.prototype.terminate.call(worker);
  };
}`);
}

interface CountedWindow {
  liveWorkerCount(): number;
  killWorkers(): void;
}

/** How many workers the page has started and not terminated (see `countWorkers`). */
export function liveWorkers(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as CountedWindow).liveWorkerCount());
}

/** Ends every live worker without the page knowing (see `countWorkers`). */
export function killWorkers(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as CountedWindow).killWorkers());
}
