/**
 * Every route of the site, written once. The router maps each key to its page; links, the
 * sitemap, the performance budgets, the Lighthouse audit and the browser tests derive their
 * paths from here.
 */
import { projects } from '../content/projects.ts';

export interface RouteSpec {
  /** React Router pattern. */
  readonly pattern: string;
  /** May load three.js and start workers; every other route must not. */
  readonly heavy: boolean;
  /** One page of this route is part of the Lighthouse audit. */
  readonly audited: boolean;
}

export const routes = {
  home: { pattern: '/', heavy: false, audited: true },
  resume: { pattern: '/resume', heavy: false, audited: true },
  contact: { pattern: '/contact', heavy: false, audited: true },
  prisoner: { pattern: '/projects/prisoner', heavy: true, audited: true },
  lab: { pattern: '/projects/prisoner/lab', heavy: true, audited: false },
  project: { pattern: '/projects/:projectName', heavy: false, audited: true },
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof routes;

/**
 * The address of a page: its path with a trailing slash, the folder whose index.html every
 * static host serves without a redirect. Canonical links and the sitemap use the same form.
 */
export const folder = (path: string): string => path.replace(/\/*$/, '/');

/** Every internal link of the site. */
export const paths = {
  home: folder(routes.home.pattern),
  resume: folder(routes.resume.pattern),
  contact: folder(routes.contact.pattern),
  prisoner: folder(routes.prisoner.pattern),
  lab: folder(routes.lab.pattern),
  project: (slug: string) => folder(routes.project.pattern.replace(':projectName', slug)),
  /** The projects section of the home page. */
  projects: `${folder(routes.home.pattern)}#projects`,
} as const;

/** One address of the site and the route that serves it. */
export interface SitePage {
  path: string;
  route: RouteKey;
}

/**
 * Every address with a page: one per fixed route and one per project, in route order. A project
 * with a route of its own (the simulation) is listed once, under that route.
 */
export function sitePages(): SitePage[] {
  const pages: SitePage[] = [];
  const seen = new Set<string>();
  const add = (path: string, route: RouteKey) => {
    if (seen.has(path)) return;
    seen.add(path);
    pages.push({ path, route });
  };
  for (const [key, spec] of Object.entries(routes) as [RouteKey, RouteSpec][]) {
    if (key === 'project') for (const project of projects) add(paths.project(project.link), key);
    else add(folder(spec.pattern), key);
  }
  return pages;
}

/** The addresses the Lighthouse audit visits: the first page of every audited route. */
export function auditedPaths(): string[] {
  const first = new Map<RouteKey, string>();
  for (const page of sitePages()) {
    if (routes[page.route].audited && !first.has(page.route)) first.set(page.route, page.path);
  }
  return [...first.values()];
}
