// The board's zoom as browser tests drive it: box sizes on screen, Zoom in and out, focus
// walking the rings in view, drags, the wheel and Show the whole board.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { ZOOM_STEP } from '../../src/features/prisoners/grid/board-zoom.ts';
import { boxNamed, readout } from './simulation-page.ts';

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

/** The first box of the first ring, as the DOM twin orders them. */
export const cycleFirstBox = async (page: Page) => {
  const name = await page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('group')
    .first()
    .getByRole('button')
    .first()
    .getAttribute('aria-label');
  return Number(/^Box (\d+)/.exec(name ?? '')![1]) - 1;
};

/**
 * The rings zoom: at the overview some boxes are smaller than a 24 × 24 px target; Zoom in brings
 * every box to at least that, focus walks every ring in view, a drag pans without opening a
 * box, and Show the whole board returns to the overview.
 */
export async function zoomChecks(page: Page, rings: number) {
  const stage = boardStage(page);
  await stage.scrollIntoViewIfNeeded();
  const overview = await smallestBoxSide(page);
  expect(overview).toBeLessThan(24);
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  expect(await zoomOut.getAttribute('aria-disabled')).toBe('true');
  expect(await zoomInAllTheWay(page)).toBeGreaterThan(1);
  const largest = await smallestBoxSide(page);
  expect(largest).toBeGreaterThanOrEqual(24);
  // Zoom out steps back one ZOOM_STEP (the largest zoom is over two steps), and Zoom in returns.
  await zoomOut.click();
  const stepped = await smallestBoxSide(page);
  expect(stepped).toBeCloseTo(largest / ZOOM_STEP, 1);
  expect(stepped).toBeGreaterThan(overview);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  expect(await smallestBoxSide(page)).toBeCloseTo(largest, 1);
  const first = cycleFirstBox(page);
  expect(await walkRingsInView(page, await first, rings)).toEqual([]);
  // A drag moves the board and opens nothing.
  const layer = stage.locator('[class*="zoomLayer"]');
  const before = await layer.evaluate((element) => getComputedStyle(element).transform);
  const frame = (await stage.boundingBox())!;
  await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
  await page.mouse.down();
  await page.mouse.move(frame.x + frame.width / 2 + 60, frame.y + frame.height / 2 + 40, {
    steps: 6,
  });
  await page.mouse.up();
  expect(await layer.evaluate((element) => getComputedStyle(element).transform)).not.toBe(before);
  expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
  await page.getByRole('button', { name: 'Show the whole board' }).click();
  expect(await layer.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
  expect(await smallestBoxSide(page)).toBeLessThan(24);
  // Ctrl + wheel (and a trackpad's pinch) zooms about the pointer.
  await stage.scrollIntoViewIfNeeded();
  const now = (await stage.boundingBox())!;
  await page.mouse.move(now.x + now.width / 3, now.y + now.height / 3);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  await expect
    .poll(() => layer.evaluate((element) => getComputedStyle(element).transform))
    .toMatch(/^matrix\((?!1, 0, 0, 1,)/);
  await page.getByRole('button', { name: 'Show the whole board' }).click();
}

/** The zoom the board's DOM twin is shown at now (its layer's scale; 1 at the overview). */
export const zoomScale = (page: Page) =>
  boardStage(page)
    .locator('[class*="zoomLayer"]')
    .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);

/**
 * How a large board opens: zoomed in (the scale), the box given shown whole inside the stage,
 * how far from the stage's top left corner (as fractions of its size), and how wide it is.
 */
export async function openingView(page: Page, box: number) {
  const [stage, shown] = await Promise.all([
    boardStage(page).boundingBox(),
    boxNamed(page, box).boundingBox(),
  ]);
  if (!stage || !shown) throw new Error('the board or its box is not shown');
  const whole =
    shown.x >= stage.x - 0.5 &&
    shown.y >= stage.y - 0.5 &&
    shown.x + shown.width <= stage.x + stage.width + 0.5 &&
    shown.y + shown.height <= stage.y + stage.height + 0.5;
  return {
    scale: await zoomScale(page),
    whole,
    across: (shown.x - stage.x) / stage.width,
    down: (shown.y - stage.y) / stage.height,
    width: shown.width,
  };
}
