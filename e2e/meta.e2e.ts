import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sitePages } from '../src/config/routes.ts';
import { baseUrl, sharedBrowser, visit, withPage } from './browser.ts';
import { routesInSitemap, siteOriginInSitemap } from '../scripts/sitemap.ts';

const browser = sharedBrowser();
let sitemap: string;
beforeAll(async () => {
  sitemap = await (await fetch(new URL('/sitemap.xml', baseUrl()))).text();
});

/** The head tags that search engines and link previews read, as the page has them now. */
function headTags(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string) =>
      [...document.head.querySelectorAll(selector)].map(
        (element) => element.getAttribute('content') ?? element.getAttribute('href') ?? '',
      );
    const keys = [
      'description',
      'og:title',
      'og:description',
      'og:url',
      'og:type',
      'og:image',
      'og:image:alt',
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'twitter:image',
    ];
    const meta = Object.fromEntries(
      keys.map((key) => [key, all(`meta[name="${key}"], meta[property="${key}"]`)]),
    );
    return {
      title: document.title,
      canonical: all('link[rel="canonical"]'),
      robots: all('meta[name="robots"]'),
      meta,
    };
  });
}

describe('search and link preview tags', () => {
  it('every route has its own title, description, canonical link and card tags', async () => {
    const routes = routesInSitemap(sitemap);
    const siteOrigin = siteOriginInSitemap(sitemap);
    expect(routes).toEqual(sitePages().map((page) => page.path));
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const route of routes) {
      await withPage(browser, {}, async ({ page, problems }) => {
        await visit(page, route);
        const { title, canonical, robots, meta } = await headTags(page);
        expect(robots, `${route} may be indexed`).toEqual([]);
        const one = (key: string): string => {
          expect(meta[key], `${route}: exactly one ${key}`).toHaveLength(1);
          return meta[key]![0]!;
        };
        const url = `${siteOrigin}${route}`;
        expect(title, route).toMatch(/Sindre Haugland/);
        expect(canonical, route).toEqual([url]);
        expect(one('description').length, `${route}: description length`).toBeGreaterThan(40);
        expect(one('og:title'), route).toBe(title);
        expect(one('twitter:title'), route).toBe(title);
        expect(one('og:description'), route).toBe(one('description'));
        expect(one('twitter:description'), route).toBe(one('description'));
        expect(one('og:url'), route).toBe(url);
        expect(['website', 'article']).toContain(one('og:type'));
        expect(one('twitter:card'), route).toBe('summary_large_image');
        expect(one('og:image:alt').length, route).toBeGreaterThan(10);
        const image = new URL(one('og:image'));
        expect(image.origin, `${route}: og:image is absolute on the site`).toBe(siteOrigin);
        expect(one('twitter:image'), route).toBe(image.href);
        const served = await fetch(new URL(image.pathname, baseUrl()));
        expect(served.status, `${route}: ${image.pathname} is served`).toBe(200);
        expect(served.headers.get('content-type'), route).toMatch(/^image\/(png|jpeg)/);
        expect(problems, route).toEqual([]);
        titles.set(title, route);
        descriptions.set(one('description'), route);
      });
    }
    expect(titles.size, 'titles are unique per route').toBe(routes.length);
    expect(descriptions.size, 'descriptions are unique per route').toBe(routes.length);
  });

  it('tags follow client-side navigation', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/');
      const siteOrigin = siteOriginInSitemap(sitemap);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Resume' })
        .click();
      await page.waitForURL('**/resume/');
      await expect
        .poll(async () => (await headTags(page)).canonical)
        .toEqual([`${siteOrigin}/resume/`]);
      const { title, meta } = await headTags(page);
      expect(meta['og:title']).toEqual([title]);
      expect(meta['og:url']).toEqual([`${siteOrigin}/resume/`]);
    }));
});

describe('files for crawlers and installs', () => {
  it('serves robots.txt pointing at the sitemap, which lists every route', async () => {
    const robots = await (await fetch(new URL('/robots.txt', baseUrl()))).text();
    const siteOrigin = siteOriginInSitemap(sitemap);
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${siteOrigin}/sitemap.xml`);
    expect(routesInSitemap(sitemap)).toEqual(sitePages().map((page) => page.path));
  });

  it('links a web app manifest and a favicon set whose files exist', () =>
    withPage(browser, {}, async ({ page }) => {
      await visit(page, '/');
      const links = await page.evaluate(() =>
        [
          ...document.head.querySelectorAll<HTMLLinkElement>(
            'link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]',
          ),
        ].map((link) => ({ rel: link.rel, href: link.getAttribute('href') ?? '' })),
      );
      expect(links.map((link) => link.rel).sort()).toEqual([
        'apple-touch-icon',
        'icon',
        'icon',
        'manifest',
      ]);
      const manifestHref = links.find((link) => link.rel === 'manifest')!.href;
      const manifest = (await (await fetch(new URL(manifestHref, baseUrl()))).json()) as {
        name: string;
        start_url: string;
        icons: Array<{ src: string; sizes: string; purpose?: string }>;
      };
      expect(manifest.name).toMatch(/Sindre Haugland/);
      expect(manifest.start_url).toBe('/');
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(['192x192', '512x512']),
      );
      const files = [
        ...links.filter((link) => link.rel !== 'manifest').map((link) => link.href),
        ...manifest.icons.map((icon) => icon.src),
      ];
      for (const file of files) {
        const response = await fetch(new URL(file, baseUrl()));
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toMatch(/^image\//);
      }
    }));
});
