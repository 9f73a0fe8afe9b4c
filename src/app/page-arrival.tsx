import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';

/**
 * Where the visitor was on each page of this tab's history, by history entry and address (an
 * entry the router did not create, such as the first page loaded in a tab, has the key
 * 'default').
 */
const positions = new Map<string, number>(
  typeof sessionStorage === 'undefined'
    ? []
    : (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]),
);

function savePositions() {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
}

const entryOf = ({ key, pathname, search }: Location) => `${key} ${pathname}${search}`;

/** True when the browser brought this document back (reload, Back, Forward), not a new visit. */
function documentReturned(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** The element a hash names, if the page has it. */
function hashTarget(hash: string): HTMLElement | null {
  return hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
}

/** Moves focus to `element` without scrolling to it; the ring shows only for keyboard users. */
function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * What a visitor expects on arriving at a page inside the site: a new page opens at its top (or
 * at the element its hash names), Back and Forward return to where they were, and focus moves
 * to the new page's heading so that keyboard and screen-reader users learn that it changed.
 */
export function PageArrival() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<Location | null>(null);
  // The history entry that scrolling belongs to: switched as soon as a new page is in place.
  const current = useRef(entryOf(location));

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const onScroll = () => positions.set(current.current, window.scrollY);
    // A scroll event waits for the next frame: a reload right after scrolling comes before it.
    const onPageHide = () => {
      onScroll();
      savePositions();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    current.current = entryOf(location);
    const saved = positions.get(current.current);
    if (!before) {
      // A reload, or Back or Forward into the site from elsewhere: back to where it was.
      if (documentReturned() && saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    const newPage = before.pathname !== location.pathname;
    if (!newPage && before.hash === location.hash) return; // only the query changed
    const target = hashTarget(location.hash);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    if (!newPage) return;
    const heading = target ?? document.querySelector<HTMLElement>('main h1');
    if (heading) focusQuietly(heading);
  }, [location, navigationType]);

  return null;
}
