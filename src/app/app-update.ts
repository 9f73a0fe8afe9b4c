// The page's side of the service worker (tools/build/offline/service-worker.ts): it registers the
// worker once the page has loaded, in production builds only, and follows a new build from
// waiting to Reload. A page reloads when a new build takes control, so it never runs half of one
// build and half of another.

/** No new build; one waits for the visitor's Reload; Reload chosen, the new build taking over. */
export type UpdateState = 'current' | 'ready' | 'reloading';

/** The update states of one page and what each event calls for. */
export interface UpdateFlow {
  state(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** A new build has installed and waits for this page's visitor. */
  waiting(): void;
  /** The visitor chose Reload: true the first time, when the waiting build is told to take over. */
  chooseReload(): boolean;
  /** Another worker controls the page now: true when the page must reload (once). */
  controllerChanged(): boolean;
}

/**
 * A page's update flow. `controlled`: a worker controlled the page when it loaded, so a change of
 * control means a new build took over (from this page's Reload or another tab's) and the page
 * reloads into it. An uncontrolled page (the first visit) is not taken over by the first worker,
 * and a change without a Reload chosen here or elsewhere cannot happen.
 */
export function createUpdateFlow(controlled: boolean): UpdateFlow {
  let state: UpdateState = 'current';
  let reloaded = false;
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waiting() {
      if (state === 'current') set('ready');
    },
    chooseReload() {
      if (state !== 'ready') return false;
      set('reloading');
      return true;
    },
    controllerChanged() {
      if (reloaded || (!controlled && state !== 'reloading')) return false;
      reloaded = true;
      set('reloading');
      return true;
    },
  };
}

/** The service worker's address, at the root so that its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** This page's flow. */
export const appUpdate: UpdateFlow = createUpdateFlow(
  supported && navigator.serviceWorker.controller !== null,
);

/** Tells the waiting build to take over; set once the worker is registered. */
let takeOver: (() => void) | null = null;

/** Reload into the waiting build: it takes control, and the page reloads when it has. */
export function reloadIntoNewVersion(flow: UpdateFlow = appUpdate): void {
  if (!flow.chooseReload()) return;
  if (takeOver) takeOver();
  else window.location.reload();
}

const loaded = (): Promise<void> =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((done) => window.addEventListener('load', () => done(), { once: true }));

/** The longest wait for an idle moment after load, where the browser never reports one. */
const IDLE_WAIT_MS = 5000;

/**
 * The page loaded, and then idle: the simulation fetches its board's code (three.js, workers)
 * after the load event, and the first visit's precaching waits for it.
 */
const loadedAndIdle = async (): Promise<void> => {
  await loaded();
  if (!('requestIdleCallback' in window)) return;
  await new Promise((done) => requestIdleCallback(() => done(null), { timeout: IDLE_WAIT_MS }));
};

let started = false;

/**
 * Registers the service worker once the page has loaded and the browser is idle (its precaching
 * then never competes with the page's own requests), in production builds only: the development
 * server and the unit tests run without one.
 */
export function startUpdates(flow: UpdateFlow = appUpdate): void {
  if (started || !import.meta.env.PROD || !supported) return;
  started = true;
  void (async () => {
    await loadedAndIdle();
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox(SERVICE_WORKER_URL);
    workbox.addEventListener('waiting', () => flow.waiting());
    // Any change of control, not workbox-window's 'controlling', which it reports only for a
    // worker it follows: a Reload into a build the browser began to install before the page
    // registered (followed below) changed control and then never reloaded the page.
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (flow.controllerChanged()) window.location.reload();
    });
    const registration = await workbox.register();
    // A new build that the browser began to install before the page registered (it looks for
    // one on every navigation) is one workbox-window does not follow: follow it here. A first
    // install passes through waiting too, on its way to active: only one that finds an older
    // build active is a new version.
    const installing = registration?.installing;
    installing?.addEventListener('statechange', () => {
      const waits = registration?.waiting === installing && registration?.active;
      if (installing.state === 'installed' && waits) flow.waiting();
    });
    // A page left open (an installed app, a long lab run) looks for a new build when it is
    // shown again; loading a page looks by itself.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void workbox.update();
    });
    takeOver = () => {
      const waiting = registration?.waiting;
      // The waiting build may have taken over from another tab already: then reload into it.
      if (!waiting) return window.location.reload();
      // A page that no worker controls (its first visit, while another tab holds the old build)
      // sees no change of control: it reloads once the new build is active.
      if (!navigator.serviceWorker.controller) {
        waiting.addEventListener('statechange', () => {
          if (waiting.state === 'activated') window.location.reload();
        });
      }
      workbox.messageSkipWaiting();
    };
  })().catch(() => {
    // Without a service worker the site works as before, from the network: nothing to report.
  });
}
