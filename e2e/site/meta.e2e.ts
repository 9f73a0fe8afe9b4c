import { beforeAll, describe, expect, it } from 'vitest';
import { sitePages } from '../../src/config/routes.ts';
import { baseUrl, pageFacts, sharedBrowser, visit, withPage } from '../support/browser.ts';
import { routesInSitemap, siteOriginInSitemap } from '../../tools/build/sitemap.ts';

const browser = sharedBrowser();
let sitemap: string;
beforeAll(async () => {
  sitemap = await (await fetch(new URL('/sitemap.xml', baseUrl()))).text();
});

describe('search and link preview tags', () => {
  // Each page's own tags, before and after hydration, are checked in prerender.e2e.ts.
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
        .poll(async () => (await pageFacts(page)).canonical)
        .toEqual([`${siteOrigin}/resume/`]);
      const { title, meta } = await pageFacts(page);
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
    // The sitemap lists exactly the pages of the route table.
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
