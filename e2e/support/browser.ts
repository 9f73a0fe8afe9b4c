import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, inject } from 'vitest';
import { launchChromium } from '../../tools/browsers/chromium.ts';
import { draftFromQuery } from '../../src/features/prisoners/engine/lab-settings.ts';

// The Chromium variants the tests launch: with WebGPU, and without WebGL.
export { WITH_WEBGPU, WITHOUT_WEBGL } from '../../tools/browsers/chromium.ts';

export const baseUrl = (): string => inject('baseUrl');

/** The browsers this worker has launched, by their extra flags. */
const launched = new Map<string, Promise<Browser>>();

/**
 * A browser for the tests of a file (or describe block). Launching one costs two seconds of CPU,
 * so the files that one worker runs share a browser for each set of flags; it closes when the
 * worker exits (Playwright ends the browsers it launched). Every test still gets a page that is a
 * first visit (`withPage`).
 */
export function sharedBrowser(extraArgs: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const key = extraArgs.join(' ');
    const running = await launched.get(key)?.catch(() => undefined);
    if (running?.isConnected()) {
      browser = running;
      return;
    }
    const launching = launchChromium(extraArgs);
    launched.set(key, launching);
    browser = await launching;
  });
  return () => {
    if (!browser) throw new Error('The browser is used before its tests started.');
    return browser;
  };
}

export { withPage, type PageOptions, type WatchedPage } from './watched-page.ts';

/**
 * Navigates to a path of the site and waits until the app has taken over the page: the HTML
 * shows the heading at once, but controls work only after hydration.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, baseUrl()).href);
  await waitForApp(page);
}

/**
 * Waits until React has taken over the page's main heading (hydrated, or rendered afresh) and,
 * on the simulation, has read its seed and variant from the address: the pre-rendered board is
 * a placeholder until then.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    const seed = document.querySelector('[data-testid="seed"]');
    // Hydration runs in slices: the heading is React's before the whole page is. The root is
    // committed once its current state is no longer the dehydrated HTML.
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    const containerKey =
      root && Object.keys(root).find((key) => key.startsWith('__reactContainer'));
    const hostRoot = containerKey
      ? (root[containerKey] as {
          stateNode: { current: { memoizedState?: { isDehydrated?: boolean } } };
        })
      : undefined;
    return (
      heading !== null &&
      Object.keys(heading).some((key) => key.startsWith('__reactFiber')) &&
      hostRoot !== undefined &&
      hostRoot.stateNode.current.memoizedState?.isDehydrated !== true &&
      (seed === null || seed.textContent !== '–')
    );
  });
  await waitForLabAddress(page);
}

/**
 * Waits until React owns `element`: a part of the page that loads its code lazily (a Suspense
 * boundary) is hydrated after the page's heading, and input typed into its pre-rendered markup
 * before then never reaches React.
 */
export async function waitForHydrated(element: Locator): Promise<void> {
  await element.waitFor();
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const owned = () => Object.keys(node).some((key) => key.startsWith('__reactFiber'));
        const check = () => (owned() ? resolve() : requestAnimationFrame(check));
        check();
      }),
  );
}

/**
 * The lab reads its settings from the address in the render that follows hydration (the
 * pre-rendered form shows the defaults), so a test that reads or submits the form waits until
 * every field shows what the address says. A value no select offers shows as its blank choice;
 * a group of radio buttons shows its value checked (a blank one its default, one that is off what
 * runs instead), or none checked when it offers no such value.
 */
async function waitForLabAddress(page: Page): Promise<void> {
  const address = new URL(page.url());
  if (!address.pathname.startsWith('/projects/prisoner/lab') || address.search === '') return;
  const expected = draftFromQuery(address.search);
  await page.waitForFunction((fields: Record<string, string>) => {
    return Object.entries(fields).every(([name, value]) => {
      const radios = [
        ...document.querySelectorAll<HTMLInputElement>(`main input[type="radio"][name="${name}"]`),
      ];
      if (radios.length > 0) {
        const checked = radios.find((radio) => radio.checked)?.value ?? '';
        const offered = radios.find((radio) => radio.value === value);
        // A blank value checks the group's default; a value offered but off (the GPU without
        // WebGPU) checks what runs instead.
        if (value === '') return checked !== '';
        if (!offered) return checked === '';
        return checked === value || (offered.disabled && checked !== '');
      }
      const control = document.querySelector<HTMLInputElement | HTMLSelectElement>(
        `main [name="${name}"]`,
      );
      if (control === null) return true;
      if (
        control instanceof HTMLSelectElement &&
        ![...control.options].some((option) => option.value === value)
      ) {
        return control.value === '';
      }
      return control.value === value;
    });
  }, expected);
}

/**
 * Waits until the main heading reads `text`. After a client-side navigation the URL changes
 * before React commits the new route (router updates run in a transition), so read it only then.
 */
export async function waitForHeading(page: Page, text: string): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const exact = new RegExp(`^\\s*${escaped}\\s*$`);
  await page.locator('main h1', { hasText: exact }).waitFor({ timeout: 30_000 });
}

/** axe's minified build: less than half the full build to send to the page and compile. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe violations on the current page (or the part `include` selects), as readable strings
 * (empty when clean). axe runs in the page itself ("legacy mode"): by default the builder opens a
 * second page to merge the results of the page's frames, which the site's pages (no frames) do
 * not need and which took most of each check's time. Only violations are gathered in full.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include !== undefined) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** Scrolls to the bottom and back so lazy images and components load. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
}

/** How far the widest element sticks out past the viewport (0 when nothing does). */
export function horizontalOverflow(page: Page): Promise<{ overflow: number; element: string }> {
  return page.evaluate(() => {
    let worst = { overflow: 0, element: '' };
    const width = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll('body *')) {
      // Content inside a scroll container (a code sample) scrolls there, not the page.
      let ancestor = element.parentElement;
      let clipped = false;
      while (ancestor && ancestor !== document.body) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') clipped = true;
        ancestor = ancestor.parentElement;
      }
      if (clipped) continue;
      const overflow = element.getBoundingClientRect().right - width;
      if (overflow > worst.overflow) {
        worst = { overflow, element: `${element.tagName} ${element.className}` };
      }
    }
    const scroll = document.documentElement.scrollWidth - width;
    return scroll > worst.overflow ? { overflow: scroll, element: 'document' } : worst;
  });
}

/**
 * What a reader, a crawler or a link preview takes from a page: its main heading, title,
 * canonical link, robots rule and description and link-preview tags. Read from the live document,
 * or, given `html`, from that markup as the browser parses it with no script run.
 */
export function pageFacts(page: Page, html?: string) {
  return page.evaluate((markup) => {
    const doc = markup === null ? document : new DOMParser().parseFromString(markup, 'text/html');
    const all = (selector: string) =>
      [...doc.head.querySelectorAll(selector)].map(
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
      heading: doc.querySelector('main h1')?.textContent ?? null,
      title: doc.title,
      canonical: all('link[rel="canonical"]'),
      robots: all('meta[name="robots"]'),
      meta,
    };
  }, html ?? null);
}

export type PageFacts = Awaited<ReturnType<typeof pageFacts>>;
