import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser, withPage } from './browser.ts';
import { routesInSitemap } from '../scripts/sitemap.ts';
import { sitePages } from '../src/config/routes.ts';
import {
  startStaticServer,
  type FallbackMode,
  type StaticServer,
} from '../scripts/static-server.ts';

// The build is served as any static host would serve it: files, plus one fallback rule.
const dist = process.env.E2E_DIST ?? 'dist';
const ERROR_HEADING = 'Unexpected Application Error!';

const browser = sharedBrowser();
let routes: string[];
beforeAll(async () => {
  routes = routesInSitemap(await readFile(join(dist, 'sitemap.xml'), 'utf8'));
});

const hosts: Array<{ mode: FallbackMode; name: string; deepLinkStatus: number }> = [
  {
    mode: 'not-found-page',
    name: 'a host that serves 404.html (GitHub Pages)',
    deepLinkStatus: 404,
  },
  {
    mode: 'rewrite',
    name: 'a host that applies _redirects (Netlify)',
    deepLinkStatus: 200,
  },
];

describe.each(hosts)('on $name', ({ mode, deepLinkStatus }) => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await startStaticServer(dist, mode);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Loads a URL directly, as a visitor following a link from elsewhere would. */
  async function loadDirectly(path: string) {
    return withPage(browser, {}, async ({ page, problems }) => {
      const response = await page.goto(server.url + path);
      await page.locator('main h1').first().waitFor();
      const heading = (await page.locator('main h1').first().textContent()) ?? '';
      // The 404 status of the fallback page itself is expected; anything else is a problem.
      const otherProblems = problems.filter(
        (problem) => !(mode === 'not-found-page' && /status of 404/.test(problem)),
      );
      return { status: response?.status(), heading, problems: otherProblems };
    });
  }

  it('loads every route directly by URL', async () => {
    expect(routes).toEqual(sitePages().map((page) => page.path));
    for (const route of routes) {
      const { status, heading, problems } = await loadDirectly(route);
      expect(status, route).toBe(route === '/' ? 200 : deepLinkStatus);
      expect(heading, route).not.toBe(ERROR_HEADING);
      expect(heading.trim().length, route).toBeGreaterThan(0);
      expect(problems, route).toEqual([]);
    }
  });

  it('shows the error screen for an unknown address', async () => {
    const { heading, problems } = await loadDirectly('/this/page/does-not-exist');
    expect(heading).toBe(ERROR_HEADING);
    expect(problems).toEqual([]);
  });

  it('sends the security headers of the _headers file', async () => {
    const response = await fetch(server.url + '/');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
