import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser, visit, withPage } from './browser.ts';

const SHOTS = process.env.SEGMENT_SHOTS ?? '/tmp/shots-segment';
const PROJECT_PATH = '/projects/segment-display';

const browser = sharedBrowser();
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
});

interface Change {
  shown: string;
  at: number;
}

/** Watches a clock display inside the page and records every change of what it shows. */
async function recordClock(clock: Locator, durationMs: number): Promise<Change[]> {
  return clock.evaluate(
    (element, duration) =>
      new Promise<Change[]>((resolve) => {
        const changes: Change[] = [];
        const observer = new MutationObserver(() => {
          const shown = element.getAttribute('data-shown') ?? '';
          if (changes.at(-1)?.shown !== shown) changes.push({ shown, at: performance.now() });
        });
        observer.observe(element, { attributes: true, attributeFilter: ['data-shown'] });
        setTimeout(() => {
          observer.disconnect();
          resolve(changes);
        }, duration);
      }),
    durationMs,
  );
}

const secondsOfDay = (shown: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = shown.slice(0, 8).split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
};

/** Asserts at least `count` changes, each one second on from the one before, about 1 s apart. */
function expectSecondBySecond(changes: Change[], count: number) {
  expect(changes.length, JSON.stringify(changes)).toBeGreaterThanOrEqual(count);
  for (let index = 1; index < changes.length; index++) {
    const previous = changes[index - 1]!;
    const current = changes[index]!;
    expect((secondsOfDay(current.shown) - secondsOfDay(previous.shown) + 86_400) % 86_400).toBe(1);
    expect(current.at - previous.at).toBeGreaterThan(700);
    expect(current.at - previous.at).toBeLessThan(1300);
  }
}

async function openPlayground(page: Page): Promise<Locator> {
  await visit(page, PROJECT_PATH);
  const playground = page.locator('[data-segment-playground]');
  await playground.waitFor();
  await playground.scrollIntoViewIfNeeded();
  return playground;
}

describe('segment display clock on a real page', () => {
  it('the card clock on the home page shows every second, once, for 3 seconds', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      // The card's display loads only when the card comes near the viewport.
      expect(await page.locator('[role="img"][data-clock]').count()).toBe(0);
      await page.getByRole('article', { name: 'Segment Display' }).scrollIntoViewIfNeeded();
      const clock = page.locator('[role="img"][data-clock]').first();
      await clock.waitFor();
      expect(await clock.getAttribute('data-shown')).toMatch(/^\d\d:\d\d:\d\d$/);
      expect(await clock.getAttribute('aria-label')).toMatch(/^Time \d\d:\d\d$/);
      const changes = await recordClock(clock, 3_600);
      expectSecondBySecond(changes, 3);
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
      const changes = await recordClock(clock, 3_600);
      expectSecondBySecond(changes, 3);
      expect(problems).toEqual([]);
    }));
});

describe('segment display playground', () => {
  it.each([12, 20, 64])('draws the display %i px high, within the preview', async (size) => {
    for (const width of [1280, 375]) {
      await withPage(browser, { width, height: 900 }, async ({ page, problems }) => {
        const playground = await openPlayground(page);
        await playground.getByLabel('Size').fill(String(size));
        const svg = playground.locator('[role="img"] svg');
        const box = await svg.boundingBox();
        const preview = await playground.getByTestId('segment-preview').boundingBox();
        expect(box && preview).toBeTruthy();
        // Full height on a wide screen; on a phone a wide text may scale down to fit, never overflow.
        if (width === 1280) expect(box!.height).toBeCloseTo(size, 0);
        expect(box!.x).toBeGreaterThanOrEqual(preview!.x);
        expect(box!.x + box!.width).toBeLessThanOrEqual(preview!.x + preview!.width + 0.5);
        const expectedMarkup =
          size === 20 ? '<SegmentDisplay text="Hello 13" />' : `size={${size}}`;
        await expect(playground.locator('pre').textContent()).resolves.toContain(expectedMarkup);
        await playground.screenshot({ path: `${SHOTS}/playground-${size}-${width}.png` });
        expect(problems).toEqual([]);
      });
    }
  });

  it('draws every supported character', () =>
    withPage(browser, { width: 1280, height: 900 }, async ({ page, problems }) => {
      const playground = await openPlayground(page);
      await playground.getByLabel('Size').fill('40');
      const text = playground.getByRole('textbox', { name: 'Text to show' });
      const display = playground.locator('[role="img"]');
      for (const [index, line] of ['ABCDEFGHIJKLM', 'NOPQRSTUVWXYZ', '0123456789 :.'].entries()) {
        await text.fill(line);
        await expect(display.getAttribute('aria-label')).resolves.toBe(line);
        await display.screenshot({ path: `${SHOTS}/glyphs-${index + 1}.png` });
      }
      await expect(playground.getByText(/Shown as blank/).count()).resolves.toBe(0);
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
      const scan = async () =>
        (
          await new AxeBuilder({ page }).include('[data-segment-playground]').analyze()
        ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      await expect(scan()).resolves.toEqual([]);
      await playground.getByRole('radio', { name: 'Live clock' }).check();
      await expect(scan()).resolves.toEqual([]);
    }));
});
