import { use, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { routes, type RouteKey } from '../config/routes.ts';
import { HomePage } from '../pages/home-page.tsx';

/**
 * The page of each route. A route `key` is served by `src/pages/{key}-page.tsx`, whose component
 * is exported as `{Key}Page`. The home page ships with the site frame; every other page is a
 * chunk of its own, loaded when its route is first shown (or before, by `preloadPage`).
 */
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '../pages/*-page.tsx',
  '!../pages/home-page.tsx',
]);

/** Where the page of a route lives, as the build's manifest names it. */
const pageModulePath = (key: RouteKey): string => `src/pages/${key}-page.tsx`;

/** The module a route's page loads lazily (for its preloads), or null for a page in the first chunk. */
export function lazyPageModule(key: RouteKey | null): string | null {
  return key === null || key in eagerPages ? null : pageModulePath(key);
}

const componentName = (key: RouteKey): string => `${key[0]!.toUpperCase()}${key.slice(1)}Page`;

interface LazyPage {
  (): React.ReactNode;
  preload(): Promise<void>;
}

/**
 * A page loaded on demand. Unlike React.lazy it renders at once when its module has been loaded
 * before, so a page preloaded before the first render never shows a fallback, on the server or
 * while hydrating.
 */
function lazyPage(key: RouteKey): LazyPage {
  const load = pageModules[`../pages/${key}-page.tsx`];
  if (!load) throw new Error(`Route "${key}" has no page module src/pages/${key}-page.tsx.`);
  let Component: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      Component = module[componentName(key)];
      if (!Component)
        throw new Error(`src/pages/${key}-page.tsx exports no ${componentName(key)}.`);
    }));
  const Page = () => {
    if (!Component) use(preload());
    return Component ? <Component /> : null;
  };
  Page.preload = preload;
  return Page;
}

/** Pages in the first chunk, ready at once. */
const eagerPages: Partial<Record<RouteKey, ComponentType>> = { home: HomePage };

const eager = (Component: ComponentType): LazyPage =>
  Object.assign(() => <Component />, { preload: () => Promise.resolve() });

export const pages = Object.fromEntries(
  (Object.keys(routes) as RouteKey[]).map((key) => {
    const Component = eagerPages[key];
    return [key, Component ? eager(Component) : lazyPage(key)];
  }),
) as Record<RouteKey, LazyPage>;

/** The route that serves `pathname`, or null for an address with no page. */
export function routeAt(pathname: string): RouteKey | null {
  // Specific patterns first: /projects/prisoner before /projects/:projectName.
  const keys = (Object.keys(routes) as RouteKey[]).sort(
    (a, b) => Number(routes[a].pattern.includes(':')) - Number(routes[b].pattern.includes(':')),
  );
  return keys.find((key) => matchPath(routes[key].pattern, pathname) !== null) ?? null;
}

/** Loads the page module of `pathname`, so that rendering it does not have to wait. */
export function preloadPage(pathname: string): Promise<void> {
  const key = routeAt(pathname);
  return key ? pages[key].preload() : Promise.resolve();
}
