import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, visit } from './browser.ts';
import { routesInSitemap } from '../scripts/sitemap.ts';

let browser: Browser;
let routes: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  routes = routesInSitemap(await (await fetch(new URL('/sitemap.xml', baseUrl()))).text());
});
afterAll(async () => {
  await browser.close();
});

const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/** Marks every visible control a keyboard user must be able to reach, and returns their names. */
function markReachableControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        !element.closest('[inert], [aria-hidden="true"]') &&
        element.checkVisibility({ visibilityProperty: true, opacityProperty: false }),
    );
    return controls.map((element, index) => {
      element.dataset.keyboardCheck = String(index);
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      return `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`;
    });
  }, INTERACTIVE);
}

/** What has focus now, and whether a sighted user can see it: outline or box-shadow. */
function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return {
      mark: element.dataset.keyboardCheck,
      name: `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
      visible: outline || shadow,
    };
  });
}

async function tabThrough(page: Page) {
  const controls = await markReachableControls(page);
  const reached = new Set<string>();
  const invisible: string[] = [];
  // Enough presses to pass every control once, plus a margin for roving groups.
  for (let press = 0; press < controls.length + 10; press++) {
    await page.keyboard.press('Tab');
    const state = await focusState(page);
    if (!state) continue;
    if (!state.visible) invisible.push(state.name);
    if (state.mark !== undefined) reached.add(state.mark);
  }
  const unreached = controls.filter((_, index) => !reached.has(String(index)));
  return { controls, unreached, invisible: [...new Set(invisible)] };
}

describe('keyboard only', () => {
  it.each([
    { width: 1280, height: 800, label: 'desktop' },
    { width: 375, height: 740, label: 'phone' },
  ])(
    'every control on every page is reachable by Tab with visible focus ($label)',
    async (size) => {
      expect(routes.length).toBeGreaterThanOrEqual(6);
      for (const route of routes) {
        const { page, context, problems } = await openPage(browser, size);
        await visit(page, route);
        await page.waitForLoadState('networkidle');
        const { controls, unreached, invisible } = await tabThrough(page);
        expect(controls.length, `${route} has controls`).toBeGreaterThan(0);
        expect(unreached, `${route}: controls Tab never reached`).toEqual([]);
        expect(invisible, `${route}: focus without a visible indicator`).toEqual([]);
        expect(problems, route).toEqual([]);
        await context.close();
      }
    },
  );
});
