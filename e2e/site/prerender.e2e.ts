import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paths, sitePages } from '../../src/config/routes.ts';
import { startStaticServer, type StaticServer } from '../../tools/serve/static-server.ts';
import {
  pageFacts,
  sharedBrowser,
  waitForApp,
  waitForHeading,
  withPage,
  type PageFacts,
} from '../support/browser.ts';
import { siteOriginInSitemap } from '../../tools/build/sitemap.ts';

// The build served as any static host serves it with no rule at all: a file, a folder's
// index.html, or 404.html with status 404.
const dist = process.env.E2E_DIST ?? 'dist';
const ERROR_HEADING = 'Unexpected Application Error!';
const browser = sharedBrowser();
let server: StaticServer;
beforeAll(async () => {
  server = await startStaticServer(dist);
});
afterAll(async () => {
  await server.close();
});

/** A page's own search and link-preview tags: one of each, agreeing with each other. */
async function expectOwnTags(path: string, facts: PageFacts, siteOrigin: string) {
  const { title, canonical, robots, meta } = facts;
  const one = (key: string): string => {
    expect(meta[key], `${path}: exactly one ${key}`).toHaveLength(1);
    return meta[key]![0]!;
  };
  const url = `${siteOrigin}${path}`;
  expect(robots, `${path} may be indexed`).toEqual([]);
  expect(title, path).toMatch(/Sindre Haugland/);
  expect(canonical, path).toEqual([url]);
  expect(one('description').length, `${path}: description length`).toBeGreaterThan(40);
  expect(one('og:title'), path).toBe(title);
  expect(one('twitter:title'), path).toBe(title);
  expect(one('og:description'), path).toBe(one('description'));
  expect(one('twitter:description'), path).toBe(one('description'));
  expect(one('og:url'), path).toBe(url);
  expect(['website', 'article']).toContain(one('og:type'));
  expect(one('twitter:card'), path).toBe('summary_large_image');
  expect(one('og:image:alt').length, path).toBeGreaterThan(10);
  const image = new URL(one('og:image'));
  expect(image.origin, `${path}: og:image is absolute on the site`).toBe(siteOrigin);
  expect(one('twitter:image'), path).toBe(image.href);
  const served = await fetch(server.url + image.pathname);
  expect(served.status, `${path}: ${image.pathname} is served`).toBe(200);
  expect(served.headers.get('content-type'), path).toMatch(/^image\/(png|jpeg)/);
}

/** Console errors other than the 404 status of the error page itself, which is expected. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !/status of 404/.test(problem));

describe('pre-rendered pages on a static host without rewrites', () => {
  // One phone without JavaScript visits every page: a fresh page costs the browser a second of
  // CPU, a visit a fifth of that. One test per page, so a slow machine never holds one test past
  // its timeout.
  let page: Page;
  beforeAll(async () => {
    const context = await browser().newContext({
      viewport: { width: 375, height: 740 },
      javaScriptEnabled: false,
    });
    page = await context.newPage();
  });
  it.each(sitePages().map(({ path }) => path))(
    '%s is a file of its own with its own tags, readable without JavaScript on a phone',
    async (path) => {
      const siteOrigin = siteOriginInSitemap(
        await (await fetch(`${server.url}/sitemap.xml`)).text(),
      );
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<div id="root" data-path="${path}">`);
      expect(html.match(/<title>/g), `${path}: one title`).toHaveLength(1);
      expect(html.match(/name="description"/g), `${path}: one description`).toHaveLength(1);

      await page.goto(server.url + path);
      const raw = await pageFacts(page);
      const heading = page.locator('main h1');
      expect(await heading.isVisible(), path).toBe(true);
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(text.length, `${path} has its text`).toBeGreaterThan(150);
      if (path === paths.prisoner) {
        // Until the page's script answers, the simulation's controls are disabled and say
        // the page is busy: a click never lands on a control that would take it late or lose it.
        const simulation = page.locator('fieldset[aria-busy="true"]');
        expect(await simulation.count()).toBe(1);
        expect(
          await simulation.evaluate((fieldset: HTMLFieldSetElement) => fieldset.disabled),
        ).toBe(true);
        for (const control of [
          page.getByRole('button', { name: 'Start simulation' }),
          page.getByRole('radio', { name: 'Open at random' }),
          page.getByRole('button', { name: 'Show cycles' }),
        ]) {
          expect(await control.isDisabled(), `${control}`).toBe(true);
        }
      }
      // The header's links show without the menu's script, and lead on.
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['AI tool', '100 prisoners', 'Resume', 'Contact']) {
        expect(await nav.getByRole('link', { name }).isVisible(), `${path}: ${name}`).toBe(true);
      }
      if (path === paths.home) {
        // The same header on every page: one of them is followed.
        await nav.getByRole('link', { name: 'Resume' }).click();
        await page.waitForURL('**/resume/');
        expect(await heading.textContent()).toBe('Resume');
      }
      expect(raw.heading, path).toBeTruthy();
      await expectOwnTags(path, raw, siteOrigin);
      // The same after hydration: checked on every page's visit (`every-page.e2e.ts`).
    },
  );

  it('gives every page a title and a description of its own', async () => {
    const heads = await Promise.all(
      sitePages().map(async ({ path }) => {
        const html = await (await fetch(server.url + path)).text();
        return {
          title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
          description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
        };
      }),
    );
    expect(heads.every(({ title, description }) => title && description)).toBe(true);
    expect(new Set(heads.map((head) => head.title)).size).toBe(sitePages().length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(sitePages().length);
  });

  it('preloads the code and links the styles that each page needs', async () => {
    const manifest = JSON.parse(
      await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>;
    for (const { path, route } of sitePages()) {
      const html = await (await fetch(server.url + path)).text();
      const chunk = manifest[`src/pages/${route}-page.tsx`];
      if (route === 'home') {
        expect(chunk, 'the home page ships with the entry').toBeUndefined();
        continue;
      }
      expect(html, path).toContain(
        `<link rel="modulepreload" crossorigin href="/${chunk!.file}" />`,
      );
      for (const css of chunk!.css ?? []) {
        expect(html, path).toContain(`<link rel="stylesheet" crossorigin href="/${css}" />`);
      }
    }
  });

  it('answers an unknown address with the error screen, status 404 and the navigation bar', async () => {
    const response = await fetch(`${server.url}/no/such/page/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(ERROR_HEADING);
    await withPage(browser, {}, async ({ page, problems }) => {
      await page.goto(`${server.url}/no/such/page/`);
      await waitForApp(page);
      expect(await page.locator('main h1').textContent()).toBe(ERROR_HEADING);
      expect(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count(),
      ).toBeGreaterThanOrEqual(4);
      expect(unexpected(problems)).toEqual([]);
    });
  });

  it('renders an unknown project afresh: not-found, logged, links to the real projects, no hydration error', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      const response = await page.goto(`${server.url}/projects/no-such-project/`);
      expect(response?.status()).toBe(404);
      await waitForApp(page);
      expect(await page.locator('main h1').textContent()).toBe('not-found');
      // Both are set by effects that run after the render waitForApp waits for.
      await expect.poll(() => page.title()).toBe('not-found');
      await expect.poll(() => logged).toContain('Project not found');
      expect(unexpected(problems)).toEqual([]);
      await page.getByRole('link', { name: 'NTNU CapMap' }).click();
      await page.waitForURL('**/projects/ntnu-capmap/');
      await waitForHeading(page, 'NTNU CapMap');
    }));
});
