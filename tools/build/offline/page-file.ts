// Which precached file answers a navigation: the one a static host serves for that address
// (tools/serve/static-server.ts), so a page opens the same from the network and offline.

/** The pre-rendered error screen, for every address that no page has. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * The precached file that a static host serves for the address `pathname` (a URL's pathname:
 * percent-encoded, dot segments resolved): the file itself, or else the folder's index.html, with
 * or without the trailing slash. Repeated slashes count as one, as in a file path. Null when
 * neither is precached (or the address cannot be decoded), which a host answers with its error
 * screen. `precached` holds decoded paths from the site's root, such as `/resume/index.html`.
 */
export function precachedPage(pathname: string, precached: ReadonlySet<string>): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const segments = path.split('/').filter(Boolean);
  // A file named with a trailing slash is no file: the host finds only folders that way.
  const file = `/${segments.join('/')}`;
  if (segments.length > 0 && !path.endsWith('/') && precached.has(file)) return file;
  const index = `/${[...segments, 'index.html'].join('/')}`;
  return precached.has(index) ? index : null;
}

/** The decoded path of each precache entry's address, resolved against the worker's own. */
export function precachedPaths(
  entries: ReadonlyArray<string | { url: string }>,
  base: string,
): Set<string> {
  return new Set(
    entries.map((entry) =>
      decodeURIComponent(new URL(typeof entry === 'string' ? entry : entry.url, base).pathname),
    ),
  );
}
