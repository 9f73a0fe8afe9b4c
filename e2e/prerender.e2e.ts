import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePages } from '../src/config/routes.ts';
import { startStaticServer, type StaticServer } from '../scripts/static-server.ts';
import { sharedBrowser, waitForApp, withPage } from './browser.ts';

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

/** What a reader, a crawler or a link preview takes from a page. */
function pageFacts(page: Page) {
  return page.evaluate(() => {
    const head = (selector: string) =>
      [...document.head.querySelectorAll(selector)].map(
        (element) => element.getAttribute('content') ?? element.getAttribute('href'),
      );
    return {
      heading: document.querySelector('main h1')?.textContent ?? null,
      title: document.title,
      description: head('meta[name="description"]'),
      canonical: head('link[rel="canonical"]'),
      ogTitle: head('meta[property="og:title"]'),
      ogUrl: head('meta[property="og:url"]'),
      twitterTitle: head('meta[name="twitter:title"]'),
    };
  });
}

/** Console errors other than the 404 status of the error page itself, which is expected. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !/status of 404/.test(problem));

describe('pre-rendered pages on a static host without rewrites', () => {
  it('every page is a file of its own that says the same before and after hydration', async () => {
    for (const { path } of sitePages()) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<div id="root" data-path="${path}">`);
      expect(html.match(/<title>/g), `${path}: one title`).toHaveLength(1);
      expect(html.match(/name="description"/g), `${path}: one description`).toHaveLength(1);

      const raw = await withPage(browser, { javaScriptEnabled: false }, async ({ page }) => {
        await page.goto(server.url + path);
        return pageFacts(page);
      });
      const hydrated = await withPage(browser, {}, async ({ page, problems }) => {
        await page.goto(server.url + path);
        await waitForApp(page);
        expect(problems, path).toEqual([]);
        return pageFacts(page);
      });
      expect(raw.heading, path).toBeTruthy();
      expect(raw.canonical, path).toEqual([raw.ogUrl[0]]);
      expect(new URL(raw.canonical[0]!).pathname, path).toBe(path);
      expect(raw.ogTitle, path).toEqual([raw.title]);
      expect(raw.twitterTitle, path).toEqual([raw.title]);
      expect(hydrated, path).toEqual(raw);
    }
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

  it('every page reads without JavaScript on a phone, and its header links lead on', async () => {
    for (const { path } of sitePages()) {
      await withPage(
        browser,
        { width: 375, height: 740, javaScriptEnabled: false },
        async ({ page }) => {
          await page.goto(server.url + path);
          const heading = page.locator('main h1');
          expect(await heading.isVisible(), path).toBe(true);
          const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
          expect(text.length, `${path} has its text`).toBeGreaterThan(150);
          const nav = page.getByRole('navigation', { name: 'Main' });
          for (const name of ['AI tool', 'Resume', 'Contact']) {
            expect(await nav.getByRole('link', { name }).isVisible(), `${path}: ${name}`).toBe(
              true,
            );
          }
          await nav.getByRole('link', { name: 'Resume' }).click();
          await page.waitForURL('**/resume/');
          expect(await heading.textContent()).toBe('Resume');
        },
      );
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

  it('renders an unknown project afresh: not-found, logged, and no hydration error', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      const response = await page.goto(`${server.url}/projects/no-such-project/`);
      expect(response?.status()).toBe(404);
      await waitForApp(page);
      expect(await page.locator('main h1').textContent()).toBe('not-found');
      expect(await page.title()).toBe('not-found');
      expect(logged).toContain('Project not found');
      expect(unexpected(problems)).toEqual([]);
    }));
});
