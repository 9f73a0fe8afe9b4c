import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, sharedBrowser, visit, withPage } from './browser.ts';
import { routesInSitemap } from '../scripts/sitemap.ts';
import { sitePages } from '../src/config/routes.ts';

const browser = sharedBrowser();
const UNKNOWN_ROUTE = '/projects/prisoner/no-such-page';
let routes: string[];
beforeAll(async () => {
  routes = routesInSitemap(await (await fetch(new URL('/sitemap.xml', baseUrl()))).text());
  // The sitemap lists exactly the pages of the route table.
  expect(routes).toEqual(sitePages().map((page) => page.path));
  routes.push(UNKNOWN_ROUTE);
});

/** Presses the first button whose name matches, if the page has one, and lets it work a while. */
async function exercise(page: Page, name: RegExp): Promise<void> {
  const button = page.getByRole('button', { name }).first();
  if ((await button.count()) === 0) return;
  await button.click();
  await page.waitForTimeout(1_500);
}

describe('content security policy and third-party requests', () => {
  it('every route runs under the strict policy, with no violations and only same-origin requests', async () => {
    const origin = new URL(baseUrl()).origin;
    for (const route of routes) {
      await withPage(browser, {}, async ({ page, problems }) => {
        const foreign: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
        });
        await visit(page, route);
        // Interaction reaches the code that only runs later: the 3D grid, workers, plots.
        await exercise(page, /^start/i);
        await exercise(page, /^run/i);
        await page.waitForLoadState('networkidle');

        const policy = await page
          .locator('meta[http-equiv="Content-Security-Policy"]')
          .getAttribute('content');
        expect(policy, route).toContain("default-src 'self'");
        expect(policy, route).toContain("script-src 'self'");
        expect(policy, route).not.toContain('unsafe-');
        expect(foreign, `${route} requested another origin`).toEqual([]);
        // The error page is served with status 404, which the console reports: that one is expected.
        const expected = route === UNKNOWN_ROUTE ? /status of 404/ : null;
        expect(
          problems.filter((problem) => !expected?.test(problem)),
          route,
        ).toEqual([]);
      });
    }
  });

  it('the policy blocks inline script and reports the violation', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      const outcome = await page.evaluate(async () => {
        const marker = window as unknown as { inlineRan?: boolean };
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
        await new Promise((done) => setTimeout(done, 100));
        return { inlineRan: marker.inlineRan === true };
      });
      expect(outcome).toEqual({ inlineRan: false });
      expect(problems.some((problem) => problem.includes('CSP violation: script-src'))).toBe(true);
    }));
});

describe('links and markup', () => {
  it('external links open safely and no inline handlers or extra scripts reach the DOM', async () => {
    const origin = new URL(baseUrl()).origin;
    for (const route of routes) {
      await withPage(browser, {}, async ({ page }) => {
        await visit(page, route);
        const findings = await page.evaluate((siteOrigin) => {
          const unsafeLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
            .filter((link) => link.protocol.startsWith('http') && link.origin !== siteOrigin)
            .filter((link) => {
              const rel = link.rel.split(/\s+/);
              return !(rel.includes('noopener') && rel.includes('noreferrer'));
            })
            .map((link) => link.href);
          const inlineHandlers = [...document.querySelectorAll('*')].flatMap((element) =>
            element
              .getAttributeNames()
              .filter((name) => name.startsWith('on'))
              .map((name) => `${element.tagName.toLowerCase()}[${name}]`),
          );
          const scripts = [...document.scripts].filter((script) => !script.src).length;
          return { unsafeLinks, inlineHandlers, scripts };
        }, origin);
        expect(findings, route).toEqual({ unsafeLinks: [], inlineHandlers: [], scripts: 0 });
      });
    }
  });

  it('images have their size set, a modern format, and load lazily below the fold', async () => {
    // An image may load eagerly when it is in the first screen on a phone or on a laptop.
    const viewports = [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ];
    for (const route of routes) {
      const aboveFoldSomewhere = new Set<string>();
      const problems: string[] = [];
      for (const viewport of viewports) {
        const images = await withPage(browser, viewport, async ({ page }) => {
          await visit(page, route);
          return page.evaluate(() =>
            [...document.images].map((image) => ({
              name: image.getAttribute('src') ?? '',
              sized: Boolean(image.getAttribute('width') && image.getAttribute('height')),
              lazy: image.loading === 'lazy',
              aboveFold: image.getBoundingClientRect().top < window.innerHeight,
            })),
          );
        });
        problems.push(
          ...images.flatMap((image) => {
            if (image.aboveFold) aboveFoldSomewhere.add(image.name);
            const found: string[] = [];
            if (!image.sized) found.push(`${image.name}: no width and height`);
            if (
              !/\.(svg|webp|avif)(\?|$)/.test(image.name) &&
              !image.name.startsWith('data:image/svg')
            ) {
              found.push(`${image.name}: not SVG, WebP or AVIF`);
            }
            return found;
          }),
        );
        for (const image of images) {
          if (!image.lazy && viewport === viewports.at(-1) && !aboveFoldSomewhere.has(image.name)) {
            problems.push(`${image.name}: below the fold on phone and laptop, yet not lazy`);
          }
        }
      }
      expect(problems, route).toEqual([]);
    }
  });
});
