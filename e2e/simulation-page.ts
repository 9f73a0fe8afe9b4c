// The simulation page as browser tests see it: seeded arrangements, boxes, readouts, the canvas.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { visit } from './browser.ts';
import { elementPixels, screenPixels } from './pixels.ts';
import { cycleLengthOfBox, findSeed, firstFailingPrisoner } from '../src/testing/arrangements.ts';

export const FAILING_SEED = findSeed(100, (slips) => firstFailingPrisoner(slips) >= 3);
export const WINNING_SEED = findSeed(100, (slips) => firstFailingPrisoner(slips) === -1);
// Prisoner 1 succeeds with the strategy in this arrangement.
export const FIRST_WINS_SEED = findSeed(500, (slips) => cycleLengthOfBox(slips)[0]! <= 12);

/** The name of the dialog that ends automatic play: everyone free (-1), or a prisoner's failure. */
export const endDialogName = (failingPrisoner: number) =>
  failingPrisoner === -1
    ? 'All prisoners guessed correctly'
    : `Prisoner ${failingPrisoner + 1} failed`;

export const boxButton = (page: Page, box: number) =>
  page.locator(`[role="group"][aria-label="Boxes"] button`).nth(box);

export async function boxNames(page: Page): Promise<string[]> {
  return page
    .locator('[role="group"][aria-label="Boxes"] button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
}

/** Reads every slip from the accessible names while Show cycles is on. */
export async function learnSlips(page: Page): Promise<number[]> {
  const toggle = page.getByRole('button', { name: 'Show cycles' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  const names = await boxNames(page);
  await toggle.click();
  return names.map((name) => {
    const match = /^Box (\d+), slip (\d+), cycle of length (\d+)$/.exec(name);
    if (!match) throw new Error(`unexpected name ${name}`);
    return Number(match[2]) - 1;
  });
}

/** A main-thread task over 50 ms: when it started (ms since the page opened) and how long it took. */
export interface LongTask {
  start: number;
  duration: number;
}

/** Starts collecting main-thread long tasks in `window.longTasks`. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
      }
    }).observe({ type: 'longtask', buffered: false });
  });
}

/** The long tasks since the last call. */
export const longTasks = (page: Page): Promise<LongTask[]> =>
  page.evaluate(() => (window as unknown as { longTasks: LongTask[] }).longTasks.splice(0));

/**
 * Opens a seeded board with the speed at its maximum and records long tasks from a quiet start:
 * the ones of loading and settling (`settleMs`) are dropped.
 */
export async function quietBoardAtTopSpeed(page: Page, seed: number, settleMs: number) {
  await watchLongTasks(page);
  await visit(page, `/projects/prisoner?seed=${seed}`);
  await page.getByLabel('Speed').fill('1000');
  await page.waitForTimeout(settleMs);
  await longTasks(page);
}

/** Makes the page look like a browser that cannot hand a canvas to a worker. */
export async function withoutOffscreenCanvas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });
}

/** Distinct colours in what the canvas put on screen (every 7th byte quadruple, as sampled). */
export async function canvasColours(page: Page): Promise<number> {
  const { data } = await elementPixels(page.locator('canvas'));
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 4 * 7) {
    seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  }
  return seen.size;
}

/** The text of a readout, found by its label. */
export const readout = async (page: Page, label: string) =>
  (await page.getByLabel(label, { exact: true }).textContent())?.trim();

/** A box's button wherever the box stands (grid or rings), by its number (0-based). */
export const boxNamed = (page: Page, box: number) =>
  page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('button', { name: new RegExp(`^Box ${box + 1}(,|$)`) });

/** How a pixel of the canvas is classed: the path's colour while walking, or when it failed. */
export type PathInk = 'walking' | 'failed';

/**
 * Pixels of the path's colour (`ink`) that the canvas shows in the rectangle spanned by two
 * boxes' buttons, widened upwards by a box height (arcs rise above the boxes they join).
 */
export async function pathPixels(page: Page, from: number, to: number, ink: PathInk) {
  const [a, b] = await Promise.all(
    [boxNamed(page, from), boxNamed(page, to)].map((box) => box.boundingBox()),
  );
  if (!a || !b) throw new Error('a box has no bounding box');
  const left = Math.min(a.x, b.x);
  const right = Math.max(a.x + a.width, b.x + b.width);
  const top = Math.min(a.y, b.y) - a.height;
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  const clip = { x: left, y: top, width: right - left, height: bottom - top };
  const { data } = await screenPixels(page, clip);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    // Magenta (#c437e0) while walking; red (#ff5a4e) once the prisoner failed.
    if (ink === 'walking' ? r > 150 && b > 150 && g < 110 : r > 200 && g < 120 && b < 110) count++;
  }
  return count;
}

/** The board's frame: the 3D stage, or the DOM grid's frame without WebGL. */
export const boardStage = (page: Page) => page.locator('[data-renderer], [class*="fallbackStage"]');

/** The smallest width or height of any box's button, as shown now (zoom included), in CSS px. */
export const smallestBoxSide = (page: Page) =>
  page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('button')
    .evaluateAll((buttons) =>
      Math.min(
        ...buttons.map((button) => {
          const { width, height } = button.getBoundingClientRect();
          return Math.min(width, height);
        }),
      ),
    );

/** Presses Zoom in until the board is zoomed in as far as it goes; returns the presses. */
export async function zoomInAllTheWay(page: Page): Promise<number> {
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  let presses = 0;
  while ((await zoomIn.getAttribute('aria-disabled')) !== 'true' && presses < 20) {
    await zoomIn.click();
    presses++;
  }
  return presses;
}

/**
 * Walks every ring with Page Down from the first box of the first ring and checks that each box
 * that takes focus is shown whole inside the board's frame: focus brings it into view.
 */
export async function walkRingsInView(page: Page, firstBox: number, rings: number) {
  await boxNamed(page, firstBox).focus();
  const outside: string[] = [];
  for (let ring = 0; ring < rings; ring++) {
    if (ring > 0) await page.keyboard.press('PageDown');
    const place = await page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      const stage = document
        .querySelector('[data-renderer], [class*="fallbackStage"]')!
        .getBoundingClientRect();
      const inside =
        box.left >= stage.left - 0.5 &&
        box.right <= stage.right + 0.5 &&
        box.top >= stage.top - 0.5 &&
        box.bottom <= stage.bottom + 0.5;
      return { name: document.activeElement!.getAttribute('aria-label'), inside };
    });
    if (!place.inside) outside.push(place.name ?? '?');
  }
  return outside;
}
