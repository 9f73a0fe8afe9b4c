import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CELL_HEIGHT,
  CELL_WIDTH,
  layoutText,
} from '../../src/components/segment-display/geometry.ts';
import {
  axeViolations,
  sharedBrowser,
  visit,
  waitForHydrated,
  withPage,
} from '../support/browser.ts';
import { pixelsOnScreen } from '../support/pixels.ts';

const PROJECT_PATH = '/projects/segment-display';

const browser = sharedBrowser();

interface Change {
  shown: string;
  /** The page's time of day, in whole seconds, when the change was seen. */
  seen: number;
}

/**
 * Watches a clock display inside the page until it has changed `count` times, and records each
 * change with the page's own time of day when it was seen, and the time the watch began.
 */
async function recordClock(clock: Locator, count: number) {
  return clock.evaluate(
    (element, wanted) =>
      new Promise<{ began: number; changes: Change[] }>((resolve) => {
        const now = () => {
          const date = new Date();
          return date.getHours() * 3600 + date.getMinutes() * 60 + date.getSeconds();
        };
        const began = now();
        const changes: Change[] = [];
        const observer = new MutationObserver(() => {
          const shown = element.getAttribute('data-shown') ?? '';
          if (changes.at(-1)?.shown !== shown) changes.push({ shown, seen: now() });
          if (changes.length === wanted) {
            observer.disconnect();
            resolve({ began, changes });
          }
        });
        observer.observe(element, { attributes: true, attributeFilter: ['data-shown'] });
      }),
    count,
  );
}

const secondsOfDay = (shown: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = shown.slice(0, 8).split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
};
/** Seconds from `from` on to `to`, across midnight. */
const after = (from: number, to: number) => (to - from + 86_400) % 86_400;

/**
 * Every change shows a later second than the one before, and a time between the moment the
 * change before it was seen and the moment this one was: never ahead of the page's clock, never
 * older than what was already shown. True however slowly the machine runs.
 */
function expectKeepsTime({ began, changes }: Awaited<ReturnType<typeof recordClock>>) {
  let previousSeen = began;
  let previousShown: number | null = null;
  for (const { shown, seen } of changes) {
    const time = secondsOfDay(shown);
    expect(after(time, seen), shown).toBeLessThanOrEqual(after(previousSeen, seen));
    if (previousShown !== null) {
      expect(after(previousShown, time), shown).toBeGreaterThanOrEqual(1);
      expect(after(previousShown, time), shown).toBeLessThanOrEqual(after(previousShown, seen));
    }
    previousSeen = seen;
    previousShown = time;
  }
}

async function openPlayground(page: Page): Promise<Locator> {
  await visit(page, PROJECT_PATH);
  const playground = page.locator('[data-segment-playground]');
  await waitForHydrated(playground);
  await playground.scrollIntoViewIfNeeded();
  return playground;
}

describe('segment display clock on a real page', () => {
  it('the card clock on the home page loads near the viewport and keeps the page’s time for 3 seconds', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      // The card's display loads only when the card comes near the viewport.
      expect(await page.locator('[role="img"][data-clock]').count()).toBe(0);
      await page.getByRole('article', { name: 'Segment Display' }).scrollIntoViewIfNeeded();
      const clock = page.locator('[role="img"][data-clock]').first();
      await clock.waitFor();
      expect(await clock.getAttribute('data-shown')).toMatch(/^\d\d:\d\d:\d\d$/);
      expect(await clock.getAttribute('aria-label')).toMatch(/^Time \d\d:\d\d$/);
      expectKeepsTime(await recordClock(clock, 3));
      expect(problems).toEqual([]);
    }));

  it('the playground clock shows seconds, weekday and date and keeps time', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      const playground = await openPlayground(page);
      // The weekday's form is for a clock only: off for a text, on for the clock.
      const weekdayAs = playground.getByRole('group', { name: 'Weekday as' });
      const fieldsetDisabled = () =>
        weekdayAs.evaluate((element) => (element as HTMLFieldSetElement).disabled);
      expect(await fieldsetDisabled()).toBe(true);
      expect(await playground.getByRole('radio', { name: 'Three letters' }).isDisabled()).toBe(
        true,
      );
      await playground.getByRole('radio', { name: 'Live clock' }).check();
      expect(await fieldsetDisabled()).toBe(false);
      expect(await playground.getByRole('radio', { name: 'Three letters' }).isDisabled()).toBe(
        false,
      );
      await playground.getByRole('checkbox', { name: 'Weekday' }).check();
      await playground.getByRole('checkbox', { name: /^Date/ }).check();
      const clock = playground.locator('[role="img"][data-clock]');
      await expect(clock.getAttribute('data-shown')).resolves.toMatch(
        /^\d\d:\d\d:\d\d [A-Z]{6,9} \d\d\.\d\d\.\d\d$/,
      );
      await expect(playground.locator('pre').textContent()).resolves.toBe(
        '<SegmentDisplay text="!#msdD" />',
      );
      expectKeepsTime(await recordClock(clock, 3));
      expect(problems).toEqual([]);
    }));
});

describe('segment display playground', () => {
  it.each([1280, 375])('draws the display at every size within the preview, %i px wide', (width) =>
    withPage(browser, { width, height: 900 }, async ({ page, problems }) => {
      const playground = await openPlayground(page);
      for (const size of [12, 20, 64]) {
        await playground.getByLabel('Size').fill(String(size));
        const expectedMarkup =
          size === 20 ? '<SegmentDisplay text="Hello 13" />' : `size={${size}}`;
        await expect(playground.locator('pre').textContent()).resolves.toContain(expectedMarkup);
        const box = await playground.locator('[role="img"] svg').boundingBox();
        const preview = await playground.getByTestId('segment-preview').boundingBox();
        expect(box && preview).toBeTruthy();
        // Full height on a wide screen; on a phone a wide text may scale down to fit, never overflow.
        if (width === 1280) expect(box!.height).toBeCloseTo(size, 0);
        expect(box!.x).toBeGreaterThanOrEqual(preview!.x);
        expect(box!.x + box!.width).toBeLessThanOrEqual(preview!.x + preview!.width + 0.5);
      }
      expect(problems).toEqual([]);
    }),
  );

  it('draws every supported character, lit where its segments are', () =>
    withPage(browser, { width: 1280, height: 900 }, async ({ page, problems }) => {
      const playground = await openPlayground(page);
      await playground.getByLabel('Size').fill('100');
      const text = playground.getByRole('textbox', { name: 'Text to show' });
      const display = playground.locator('[role="img"]');
      for (const line of ['ABCDEFGHIJKLM', 'NOPQRSTUVWXYZ', '0123456789 :.']) {
        await text.fill(line);
        await expect(display.getAttribute('aria-label')).resolves.toBe(line);
        await expect(display.locator('path').nth(1).getAttribute('d')).resolves.toBe(
          layoutText(line).litPath,
        );
      }
      await expect(playground.getByText(/Shown as blank/).count()).resolves.toBe(0);

      // On screen: "1" lights the right-hand side of its cell in the display's colour (#00e906);
      // the left-hand side stays unlit, a faint shade of it on black.
      await text.fill('1');
      const inner = await display.locator('svg').boundingBox();
      const at = (x: number, y: number) => ({
        x: Math.round(inner!.x + (x / CELL_WIDTH) * inner!.width),
        y: Math.round(inner!.y + (y / CELL_HEIGHT) * inner!.height),
      });
      const [upperRight, lowerRight, upperLeft, lowerLeft] = await pixelsOnScreen(page, [
        at(CELL_WIDTH - 4.5, 25),
        at(CELL_WIDTH - 4.5, 75),
        at(4.5, 25),
        at(4.5, 75),
      ]);
      expect(upperRight).toEqual([0x00, 0xe9, 0x06]);
      expect(lowerRight).toEqual([0x00, 0xe9, 0x06]);
      for (const unlit of [upperLeft!, lowerLeft!]) {
        expect(unlit[1]).toBeGreaterThan(0);
        expect(unlit[1]).toBeLessThan(0x60);
      }
      expect(problems).toEqual([]);
    }));

  it('works from the keyboard and updates display and markup together', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      const playground = await openPlayground(page);
      const text = playground.getByRole('textbox', { name: 'Text to show' });
      await text.fill('');
      await text.pressSequentially('12.5 kg~');
      await expect(playground.getByText('Shown as blank: “~”').count()).resolves.toBe(1);
      await expect(playground.locator('[role="img"]').getAttribute('data-shown')).resolves.toBe(
        '12.5 KG~',
      );
      // Arrow keys move between the radios of a group, as in any native form.
      await playground.getByRole('radio', { name: 'Text' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(playground.getByRole('radio', { name: 'Live clock' }).isChecked()).resolves.toBe(
        true,
      );
      await expect(playground.locator('[role="img"][data-clock]').count()).resolves.toBe(1);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(playground.getByRole('checkbox', { name: 'Minutes' }).isChecked()).resolves.toBe(
        false,
      );
      await expect(playground.locator('pre').textContent()).resolves.toBe(
        '<SegmentDisplay text="!#-s" />',
      );
      await playground.getByRole('radio', { name: 'Three letters' }).check();
      await expect(playground.locator('pre').textContent()).resolves.toBe(
        '<SegmentDisplay text="!#-s" dayVersion="short" />',
      );
      expect(problems).toEqual([]);
    }));

  it('copies the markup to the clipboard', () =>
    withPage(browser, {}, async ({ page, context, problems }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const playground = await openPlayground(page);
      await playground.getByLabel('Size').fill('48');
      await playground.getByRole('button', { name: 'Copy' }).click();
      await playground.getByText('Copied to the clipboard.').waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
        '<SegmentDisplay text="Hello 13" size={48} />',
      );
      expect(problems).toEqual([]);
    }));

  it('has no axe violations, in text mode and in clock mode', () =>
    withPage(browser, {}, async ({ page }) => {
      const playground = await openPlayground(page);
      const scan = () => axeViolations(page, '[data-segment-playground]');
      await expect(scan()).resolves.toEqual([]);
      await playground.getByRole('radio', { name: 'Live clock' }).check();
      await expect(scan()).resolves.toEqual([]);
    }));
});
