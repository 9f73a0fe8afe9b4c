// One sweep over every page of the sitemap (and an unknown address) on a phone and a laptop:
// each page is loaded once, on a phone asking for the dark theme, and checked there for
// everything that holds for every page, keyboard use included; then the same on a laptop asking
// for the light one, so every page is checked at both widths and in both themes (and resized to
// the narrowest phone or a wide desktop).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  baseUrl,
  horizontalOverflow,
  pageFacts,
  scrollThrough,
  sharedBrowser,
  visit,
  withPage,
} from '../support/browser.ts';
import { tabThrough } from '../support/keyboard.ts';
import { everyRoute, routeHeading as heading, UNKNOWN_ROUTE } from '../support/site-pages.ts';

/** Chromium's console warning when WebGPU finds no adapter. */
const NO_ADAPTERS = 'No available adapters.';
const browser = sharedBrowser();
/**
 * Each page loads on a phone on a system that asks for the dark theme, and is then seen on a
 * laptop in the light one: it shows the theme's paper (global.css) and must not scroll sideways
 * at `extreme` either.
 */
const VIEWPORTS = [
  { width: 375, height: 740, extreme: 320, theme: 'dark', paper: 'rgb(18, 16, 21)' },
  { width: 1280, height: 800, extreme: 1920, theme: 'light', paper: 'rgb(245, 245, 245)' },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

/** Images seen in the first screen of a route at some width so far. */
const aboveTheFold = new Map<string, Set<string>>();

interface ImageFacts {
  name: string;
  sized: boolean;
  lazy: boolean;
  aboveFold: boolean;
}

/** Every image of the page with its declared size, loading mode and place. */
function imagesOf(page: Page): Promise<ImageFacts[]> {
  return page.evaluate(() =>
    [...document.images].map((image) => ({
      name: image.getAttribute('src') ?? '',
      sized: Boolean(image.getAttribute('width') && image.getAttribute('height')),
      lazy: image.loading === 'lazy',
      aboveFold: image.getBoundingClientRect().top < window.innerHeight,
    })),
  );
}

/**
 * External links that are not https or do not open in a new tab with noopener and noreferrer,
 * inline handlers, and inline scripts.
 */
function unsafeMarkup(page: Page) {
  return page.evaluate((siteOrigin) => {
    const unsafeLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((link) => link.protocol.startsWith('http') && link.origin !== siteOrigin)
      .filter((link) => {
        const rel = link.rel.split(/\s+/);
        const safe = rel.includes('noopener') && rel.includes('noreferrer');
        return !safe || link.target !== '_blank' || link.protocol !== 'https:';
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
  }, new URL(baseUrl()).origin);
}

/**
 * Presses the first button whose name matches, if the page has one, and waits until the page
 * shows that the work it starts has begun (`begun` holds in the page).
 */
async function exercise(page: Page, name: RegExp, begun: () => boolean): Promise<void> {
  const button = page.getByRole('button', { name }).first();
  if ((await button.count()) === 0) return;
  await button.click();
  await page.waitForFunction(begun);
}

/** The simulation has opened a box: its engine worker played and the board drew the move. */
const boxOpened = () =>
  [...document.querySelectorAll('[role="group"][aria-label="Boxes"] button')].some((box) =>
    /, slip \d+/.test(box.getAttribute('aria-label') ?? ''),
  );

/** The lab has counted trials: its workers ran and the results panel shows their count. */
const trialsCounted = () =>
  Number(document.querySelector('#lab-trials')?.getAttribute('data-value')) > 0;

describe('every page', () => {
  it.each(everyRoute())(
    '%s on a phone in the dark theme, then on a laptop in the light one: hydrates cleanly under the strict policy with its pre-rendered tags, shows the theme, axe finds nothing, markup and images are safe, every control is reachable by Tab with visible focus, nothing scrolls sideways, not even at 320 or 1920 px',
    (route) =>
      withPage(
        browser,
        { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
        async ({ page, problems }) => {
          await page.emulateMedia({ colorScheme: VIEWPORTS[0].theme });
          const origin = new URL(baseUrl()).origin;
          const foreign: string[] = [];
          page.on('request', (request) => {
            const url = new URL(request.url());
            if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
          });
          const warnings: string[] = [];
          page.on('console', (message) => {
            // The lab asks WebGPU for an adapter to offer the GPU; this Chromium has none (no GPU,
            // no WebGPU flags) and says so in this one warning, its answer and no fault of the page.
            const noAdapter = route === '/projects/prisoner/lab/' && message.text() === NO_ADAPTERS;
            if (message.type() === 'warning' && !noAdapter) warnings.push(message.text());
          });
          await visit(page, route);
          if (route !== UNKNOWN_ROUTE) {
            // Hydration keeps what the pre-rendered file tells readers, crawlers and link previews.
            const html = await (await fetch(new URL(route, baseUrl()))).text();
            expect(await pageFacts(page)).toEqual(await pageFacts(page, html));
          }
          await page.waitForLoadState('networkidle');
          for (const viewport of VIEWPORTS) await checkPage(page, route, viewport);

          // Interaction reaches the code that only runs later: the 3D grid, workers, plots.
          await exercise(page, /^start/i, boxOpened);
          await exercise(page, /^run/i, trialsCounted);
          await page.waitForLoadState('networkidle');

          expect(foreign).toEqual([]);
          expect(warnings).toEqual([]);
          // The error page is served with status 404, which the console reports: that is expected.
          const expected = route === UNKNOWN_ROUTE ? /status of 404/ : null;
          expect(problems.filter((problem) => !expected?.test(problem))).toEqual([]);
        },
      ),
  );
});

/**
 * Everything that holds for every page at one viewport and theme: the page is shown at it (the
 * phone's is the one it loaded at) and scrolled to its top first.
 */
async function checkPage(page: Page, route: string, viewport: Viewport): Promise<void> {
  const { width, height, extreme, theme, paper } = viewport;
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: theme });
  // Tab starts again from the top of the page.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return new Promise((resolve) => requestAnimationFrame(resolve));
  });

  // The frame of every page: one banner with the main navigation, one main, one footer.
  for (const role of ['banner', 'main', 'contentinfo'] as const) {
    expect(await page.getByRole(role).count(), role).toBe(1);
  }
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
  expect((await page.locator('main h1').textContent())?.trim()).toBe(heading(route));
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
  ).toBe(paper);

  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-');
  expect(await unsafeMarkup(page)).toEqual({
    unsafeLinks: [],
    inlineHandlers: [],
    scripts: 0,
  });

  // Sized, in a modern format, and lazy unless it is in the first screen at some width.
  const images = await imagesOf(page);
  const seenAbove = aboveTheFold.get(route) ?? new Set<string>();
  aboveTheFold.set(route, seenAbove);
  for (const image of images) if (image.aboveFold) seenAbove.add(image.name);
  const imageProblems = images.flatMap((image) => [
    ...(image.sized ? [] : [`${image.name}: no width and height`]),
    ...(/\.(svg|webp|avif)(\?|$)/.test(image.name) || image.name.startsWith('data:image/svg')
      ? []
      : [`${image.name}: not SVG, WebP or AVIF`]),
    ...(width === VIEWPORTS.at(-1)!.width && !image.lazy && !seenAbove.has(image.name)
      ? [`${image.name}: below the fold on phone and laptop, yet not lazy`]
      : []),
  ]);
  expect(imageProblems).toEqual([]);

  // Keyboard only: Tab reaches every visible control, and focus on each shows. Tabbing
  // scrolls, so it comes after the first screen's images are placed.
  if (route !== UNKNOWN_ROUTE) {
    const { controls, unreached, invisible } = await tabThrough(page);
    expect(controls.length, `${route} has controls`).toBeGreaterThan(0);
    expect(unreached, `${route}: controls Tab never reached`).toEqual([]);
    expect(invisible, `${route}: focus without a visible indicator`).toEqual([]);
  }

  await scrollThrough(page);
  expect(await axeViolations(page)).toEqual([]);

  // Nothing sticks out sideways, at this width and at the narrowest phone or a wide desktop.
  for (const size of [width, extreme, width]) {
    await page.setViewportSize({ width: size, height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const { overflow, element } = await horizontalOverflow(page);
    expect(overflow, `${route} at ${size} px: ${element}`).toBeLessThanOrEqual(0.5);
  }
}
