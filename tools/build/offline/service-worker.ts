// The site's service worker (it runs in the browser; write-service-worker.ts bundles it and fills
// in the precache list). It keeps the whole build: every pre-rendered page, the content-hashed
// scripts, styles and workers, the images and icons, the manifest. A new build installs beside the
// one in use and waits until the visitor chooses Reload, so no page mixes two builds.
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOT_FOUND_PAGE, precachedPage, precachedPaths } from './page-file.ts';

/** The parts of the worker's global scope used here (the DOM typings do not describe it). */
interface WorkerScope {
  /** The precache list: the build writes it in place of this name. */
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}
declare const self: WorkerScope;

/** The message that workbox-window's `messageSkipWaiting` sends when the visitor chooses Reload. */
const SKIP_WAITING = 'SKIP_WAITING';

const manifest = self.__WB_MANIFEST;
const files = precachedPaths(manifest, self.location.href);

/** A copy of `response` with the status a host gives its error screen. */
const asNotFound = (response: Response): Response =>
  new Response(response.body, { status: 404, statusText: 'Not Found', headers: response.headers });

// Navigations first, before the precache's own route: each address gets the page a static host
// would serve, from this build. An address no page has is tried on the network (a file the
// precache leaves out, such as the sitemap), and offline it gets this build's error screen.
registerRoute(
  new NavigationRoute(async ({ request, url }) => {
    const page = precachedPage(url.pathname, files);
    const cached = page === null ? undefined : await matchPrecache(page);
    if (cached) return cached;
    try {
      return await fetch(request);
    } catch (error) {
      const notFound = await matchPrecache(NOT_FOUND_PAGE);
      if (notFound) return asNotFound(notFound);
      throw error;
    }
  }),
);

// Everything else that the build holds comes from the precache (cache first): a content-hashed
// file is never fetched again, and the rest are keyed by their revision in the list.
precacheAndRoute(manifest);
// Caches of Workbox versions before this one, which the current precache no longer reads.
cleanupOutdatedCaches();

// A new build waits until the visitor chooses Reload; only then does it take over.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
});
