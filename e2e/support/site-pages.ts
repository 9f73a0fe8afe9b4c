// The site's pages as the browser tests visit them: every address of the sitemap, an unknown
// one, and the main heading each must show.
import { paths, sitePages, type RouteKey } from '../../src/config/routes.ts';
import { projects } from '../../src/content/projects.ts';

export const UNKNOWN_ROUTE = '/projects/prisoner/no-such-page';

/** The main heading of each page that is not a project's (a project's is its title). */
const HEADINGS: Partial<Record<RouteKey, string>> = {
  home: "Hi, I'm Sindre.",
  resume: 'Resume',
  contact: 'Contact',
  prisoner: '100 prisoners simulation',
  lab: 'The 100 prisoners lab',
};

/** The main heading a route must show. */
export function routeHeading(route: string): string {
  if (route === UNKNOWN_ROUTE) return 'Unexpected Application Error!';
  const page = sitePages().find((site) => site.path === route)!;
  return (
    HEADINGS[page.route] ?? projects.find((project) => paths.project(project.link) === route)!.title
  );
}

/** Every address of the sitemap, then the unknown one. */
export const everyRoute = (): string[] => [...sitePages().map((page) => page.path), UNKNOWN_ROUTE];
