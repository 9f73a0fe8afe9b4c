// The simulation page as browser tests see it: seeded arrangements, boxes, readouts, dialogs.
// The board's zoom, its canvas pixels and where it draws each lid have modules of their own
// (board-zoom.ts, board-pixels.ts, lid-geometry.ts).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { visit } from './browser.ts';
import type { Rect } from './pixels.ts';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { cycleStructure } from '../../src/features/prisoners/engine/cycles.ts';
import {
  cycleLengthOfBox,
  findSeed,
  firstFailingPrisoner,
} from '../../src/testing/arrangements.ts';

export const FAILING_SEED = findSeed(100, (slips) => firstFailingPrisoner(slips) >= 3);
export const WINNING_SEED = findSeed(100, (slips) => firstFailingPrisoner(slips) === -1);
// Prisoner 1 succeeds with the strategy in this arrangement.
export const FIRST_WINS_SEED = findSeed(500, (slips) => cycleLengthOfBox(slips)[0]! <= 12);

/** The length of the longest cycle of an arrangement. */
export const longest = (slips: ArrayLike<number>) => cycleStructure(slips).cycles[0]!.boxes.length;
/** A classic arrangement with a cycle too long for the guesses, and one with none. */
export const DOOMED_SEED = findSeed(300, (slips) => longest(slips) > GUESS_LIMIT);
export const FREE_SEED = findSeed(300, (slips) => longest(slips) <= GUESS_LIMIT);

/** The name of the dialog that ends automatic play: everyone free (-1), or a prisoner's failure. */
export const endDialogName = (failingPrisoner: number) =>
  failingPrisoner === -1
    ? 'All prisoners guessed correctly'
    : `Prisoner ${failingPrisoner + 1} failed`;

/** The name of the dialog that ends a game played to `outcome` (the engine's playToEnd). */
export const finalDialog = (outcome: { status: string; prisoner: number }) =>
  endDialogName(outcome.status === 'all-found' ? -1 : outcome.prisoner);

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

/** Opens a seeded board with the speed at its maximum. */
export async function boardAtTopSpeed(page: Page, seed: number) {
  await visit(page, `/projects/prisoner?seed=${seed}`);
  await page.getByLabel('Speed').fill('1000');
}

/** Makes the page look like a browser that cannot hand a canvas to a worker. */
export async function withoutOffscreenCanvas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });
}

/** The flat board's offer of the 3D view, where the page found its frames too slow for it. */
export const THREE_D_OFFER = 'Show the 3D view anyway';
/** What covers the board drawn on the page while its frames are tried (page-frame-trial.tsx). */
export const TRIAL_COVER = '[class*="trialCover"]';

/**
 * The 3D board drawn on the page. Before it is shown there, the page's frames are tried with it;
 * where they are too slow (a software renderer drawing on the page), the flat board comes with
 * an offer of the 3D view, which is taken here as a visitor may take it.
 */
export async function boardDrawnOnPage(page: Page) {
  const offer = page.getByRole('button', { name: THREE_D_OFFER });
  const tried = page.locator(`[data-drawn-in="page"]:not(:has(${TRIAL_COVER})) canvas`);
  await offer.or(tried).waitFor({ timeout: 30_000 });
  if (await offer.isVisible()) await offer.click();
  return page.locator('[data-drawn-in="page"] canvas');
}

/** The text of a readout, found by its label. */
export const readout = async (page: Page, label: string) =>
  (await page.getByLabel(label, { exact: true }).textContent())?.trim();

/** A box's button wherever the box stands (grid or rings), by its number (0-based). */
export const boxNamed = (page: Page, box: number) =>
  page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('button', { name: new RegExp(`^Box ${box + 1}(,|$)`) });

/** The first hop of a walk on the 100-box grid between two boxes that are not neighbours. */
export const firstFarHop = (path: readonly number[]) =>
  path.findIndex((box, i) => {
    const next = path[i + 1];
    return next !== undefined && ![1, 9, 10, 11].includes(Math.abs(next - box));
  });

/** The cycles of an arrangement, found by following the slips from each box not yet on one. */
export function cyclesBySlips(slips: ArrayLike<number>): number[][] {
  const onCycle = new Set<number>();
  const cycles: number[][] = [];
  for (let start = 0; start < slips.length; start++) {
    if (onCycle.has(start)) continue;
    const cycle: number[] = [];
    for (let box = start; !onCycle.has(box); box = slips[box]!) {
      onCycle.add(box);
      cycle.push(box);
    }
    cycles.push(cycle);
  }
  return cycles;
}

/** Every box's button as shown now, by box (0-based): where the DOM twin says the box is. */
export async function boxRects(page: Page): Promise<Rect[]> {
  const shown = await page
    .locator('[role="group"][aria-label="Boxes"] button')
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const { x, y, width, height } = button.getBoundingClientRect();
        return { name: button.getAttribute('aria-label') ?? '', x, y, width, height };
      }),
    );
  const rects: Rect[] = [];
  for (const { name, ...rect } of shown) rects[Number(/^Box (\d+)/.exec(name)![1]) - 1] = rect;
  return rects;
}

/** Brings the whole board into view below the sticky header (it is shorter than the window). */
export const centreBoard = (page: Page) =>
  page.locator('canvas').evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));

/** Where an element is in the window now, and whether all of it is inside `top`..`bottom`. */
export async function shownWhole(
  page: Page,
  selector: string,
  { top, bottom }: { top: number; bottom: number },
): Promise<{ top: number; bottom: number; whole: boolean }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) return { top: NaN, bottom: NaN, whole: false };
  const edges = { top: Math.round(box.y), bottom: Math.round(box.y + box.height) };
  return { ...edges, whole: edges.top >= top - 0.5 && edges.bottom <= bottom + 0.5 };
}

/**
 * The status panel's rows of controls: each button's text and whether it shows (a kept place
 * that shows nothing is a blank band), and the room left between the last row and the panel's
 * bottom edge, in CSS px.
 */
export async function statusRows(page: Page) {
  return page.getByRole('region', { name: 'Simulation status' }).evaluate((region) => {
    const buttons = [...region.querySelectorAll<HTMLElement>('button, [class*="actions"] > *')];
    const shown = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const lowest = Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom));
    const padding = parseFloat(getComputedStyle(region).paddingBottom);
    return {
      buttons: [...new Set(buttons)].map(
        (b) => `${b.innerText.trim()}${shown(b) ? '' : ' (unseen)'}`,
      ),
      roomBelow: Math.round(region.getBoundingClientRect().bottom - lowest - padding),
    };
  });
}
