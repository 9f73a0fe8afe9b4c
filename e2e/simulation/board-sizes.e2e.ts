// The board at any size: 1000 boxes in rings, 10,000 reached from the keyboard, and the canvas
// drawing a large grid.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cycleStructure } from '../../src/features/prisoners/engine/cycles.ts';
import { createRng } from '../../src/features/prisoners/engine/rng.ts';
import { dealFor } from '../../src/features/prisoners/engine/variants.ts';
import { gridLayout } from '../../src/features/prisoners/grid/layout.ts';
import { gridPlacements, ringLayout } from '../../src/features/prisoners/grid/ring-layout.ts';
import { axeViolations, sharedBrowser, visit, withPage } from '../support/browser.ts';
import { changedShare } from '../support/pixels.ts';
import { canvasPixels } from '../support/board-pixels.ts';
import { boxNamed, centreBoard, readout } from '../support/simulation-page.ts';
import { openingView, smallestBoxSide, zoomInAllTheWay, zoomScale } from '../support/board-zoom.ts';
import { gridLids, twinOffLids } from '../support/lid-geometry.ts';

const browser = sharedBrowser();

/** The brightest a pixel of the table between two columns may be: a lid is about 225. */
const TABLE_SEEN = 190;

/** How long a frame of a large board may take to reach the screen, drawn in software. */
const LARGE_FRAME = { timeout: 60_000, interval: 500 };

/**
 * The canvas draws a large grid (board in view): pale lids where some boxes stand and the dark
 * table between the columns; opening boxes (clicked where their lids are drawn) changes the
 * pixels of their lids and not of a box far from them (the labels over the board aside). The box opened last is left out: its
 * slip rises out of it, as pale as a lid. Prisoner 1's slip is in none of them.
 */
async function drawsTheGrid(page: Page, slips: ArrayLike<number>) {
  const n = slips.length;
  const { columns, rows } = gridLayout(n);
  const row = Math.floor(rows / 2);
  const [first, second, last] = [row * columns + 3, row * columns + 6, (row - 4) * columns + 2];
  expect([slips[first], slips[second], slips[last]]).not.toContain(0);
  // Corners, the middle, and the boxes to open.
  const sample = [0, columns - 2, (rows - 2) * columns, n - 2, first, second];
  const far = (row + 8) * columns + columns - 4;
  await page.locator('[data-drawn-in] canvas').waitFor();
  await centreBoard(page);
  // The table between two columns of a large board is narrower than a pixel: antialiased, it
  // shows as a grey line, darker than a lid (about 225) by far.
  const undrawn = async () =>
    (await gridLids(page, sample, n))
      .filter((lid) => lid.pale < 0.5 || Math.max(...lid.table) > TABLE_SEEN)
      .map((lid) => `Box ${lid.box + 1}: ${Math.round(lid.pale * 100)}% pale, table ${lid.table}`);
  await expect.poll(undrawn, LARGE_FRAME).toEqual([]);
  // Textures and the quality of the first frames may still change the picture: it is compared
  // with the later one only once two frames a second apart are the same.
  const board = await page.locator('[data-drawn-in] canvas').boundingBox();
  if (!board) throw new Error('The board has no box on screen.');
  let closed = await canvasPixels(page);
  await expect
    .poll(async () => {
      const before = closed;
      await page.waitForTimeout(1000);
      closed = await canvasPixels(page);
      return changedShare(before, closed, board);
    }, LARGE_FRAME)
    .toBe(0);
  const lids = await gridLids(page, [first, second, far, last], n);
  for (const { lid } of [lids[0]!, lids[1]!, lids[3]!]) {
    await page.mouse.click((lid.left + lid.right) / 2, (lid.top + lid.bottom) / 2);
  }
  // Focus goes back to the first box, as on arrival, and leaves the board: neither the focus
  // ring nor the pointer's hover is part of the picture.
  await boxNamed(page, last).press('Control+Home');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  // Focus on box 1 may have scrolled the page: the board goes back where it was measured.
  await centreBoard(page);
  expect(await readout(page, 'Guesses left')).toBe(String(Math.floor(n / 2) - 3));
  // The lid's face and, for a box opened, as much again above it: where its lid stands up.
  const rect = ({ left, top, right, bottom }: (typeof lids)[number]['lid'], opened: boolean) => ({
    x: left,
    y: opened ? top - (bottom - top) : top,
    width: right - left,
    height: (opened ? 2 : 1) * (bottom - top),
  });
  // An open box shows the rim of its body round the slip and its lid standing up in the path's
  // colour: at least a tenth of that picture changes (a closed box's does not change at all).
  const change = (share: number, opened: boolean) =>
    opened === share > 0.1 && (opened || share === 0) ? 'as expected' : `changed ${share}`;
  // The software rasteriser takes its time over a frame of this many boxes.
  await expect
    .poll(async () => {
      const now = await canvasPixels(page);
      return lids
        .slice(0, 3)
        .map(
          ({ box, lid }) =>
            `Box ${box + 1}: ${change(changedShare(closed, now, rect(lid, box !== far)), box !== far)}`,
        );
    }, LARGE_FRAME)
    .toEqual([first, second, far].map((box) => `Box ${box + 1}: as expected`));
}

/**
 * A board whose numbers cannot be read at the overview opens zoomed in on the current prisoner's
 * box (prisoner 1's, at the top left), wide enough for its number; the whole board is one press
 * away.
 */
async function opensZoomedOnBoxOne(page: Page) {
  await expect.poll(() => zoomScale(page)).toBeGreaterThan(2);
  const view = await openingView(page, 0);
  expect(view).toMatchObject({ whole: true });
  expect(view.across).toBeLessThan(0.1);
  expect(view.down).toBeLessThan(0.1);
  expect(view.width).toBeGreaterThanOrEqual(40);
  await page.getByRole('button', { name: 'Show the whole board' }).click();
  expect(await zoomScale(page)).toBe(1);
}

describe('the board at any size', () => {
  // A page of 1000 or 10,000 boxes drawn by a software rasteriser takes longer to load and settle.
  const LARGE_BOARD = { timeout: 150_000 };
  /** The first classic deal of n boxes from a seed, as the simulation deals it. */
  const dealOf = (n: number, seed: number) => dealFor('classic', n, createRng(seed)).slips;
  const focusedName = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const buttonCount = (page: Page) =>
    page.getByRole('group', { name: 'Boxes' }).getByRole('button').count();

  it(
    'arranges 1000 boxes in rings, one per cycle, and zooms every box to a target',
    LARGE_BOARD,
    () =>
      withPage(browser, {}, async ({ page, problems }) => {
        const seed = 11;
        await visit(page, `/projects/prisoner/?n=1000&seed=${seed}`);
        await boxNamed(page, 0).waitFor();
        await opensZoomedOnBoxOne(page);
        // The write-up below names this board, not the classic 100 boxes.
        await page
          .getByText(
            '1,000 numbered slips are shuffled into 1,000 numbered boxes. One at a time, each prisoner may open 500 boxes',
          )
          .waitFor();
        await page.getByText('1 − (1/501 + 1/502 + … + 1/1,000) ≈ 0.3074.').waitFor();
        const cycles = cycleStructure(dealOf(1000, seed), 500).cycles;
        expect(await twinOffLids(page, gridPlacements(1000), 'grid')).toEqual([]);
        await drawsTheGrid(page, dealOf(1000, seed));
        await page.getByRole('button', { name: 'Arrange in rings' }).click();
        await expect
          .poll(() => twinOffLids(page, ringLayout(cycles).placements, 'rings'))
          .toEqual([]);
        const groups = page.getByRole('group', { name: 'Boxes' }).getByRole('group');
        expect(
          await groups.evaluateAll((all) => all.map((g) => g.getAttribute('aria-label'))),
        ).toEqual(
          cycles.map((cycle) =>
            cycle.boxes.length === 1 ? 'Cycle of 1 box' : `Cycle of ${cycle.boxes.length} boxes`,
          ),
        );
        // Not a button per box: the focused one, and the ones in view once zoomed in.
        expect(await buttonCount(page)).toBeLessThanOrEqual(401);
        expect(await zoomInAllTheWay(page)).toBeGreaterThan(1);
        expect(await buttonCount(page)).toBeGreaterThan(1);
        expect(await smallestBoxSide(page)).toBeGreaterThanOrEqual(24);
        // Page Down goes from ring to ring, in the order of the groups.
        await boxNamed(page, cycles[0]!.boxes[0]!).focus();
        await page.keyboard.press('ArrowRight');
        expect(await focusedName(page)).toBe(`Box ${cycles[0]!.boxes[1]! + 1}`);
        await page.keyboard.press('PageDown');
        expect(await focusedName(page)).toBe(`Box ${cycles[1]!.boxes[0]! + 1}`);
        expect(await axeViolations(page)).toEqual([]);
        // A board of 7 (in-page, as the Replay link goes): every button over its lid.
        await page.evaluate(() => {
          history.pushState(null, '', '/projects/prisoner/?n=7&seed=11');
          dispatchEvent(new PopStateEvent('popstate'));
        });
        await expect.poll(() => readout(page, 'Freed so far')).toBe('0 of 7');
        expect(await twinOffLids(page, gridPlacements(7), 'grid')).toEqual([]);
        await page.getByRole('button', { name: 'Arrange in rings' }).click();
        const small = ringLayout(cycleStructure(dealOf(7, 11), 3).cycles).placements;
        await expect.poll(() => twinOffLids(page, small, 'rings')).toEqual([]);
        expect(problems).toEqual([]);
      }),
  );

  it(
    'reaches every box of 10,000 from the keyboard, with the grid pattern’s keys',
    LARGE_BOARD,
    () =>
      withPage(browser, {}, async ({ page, problems }) => {
        const seed = 12;
        await visit(page, `/projects/prisoner/?n=10000&seed=${seed}`);
        const slips = dealOf(10_000, seed);
        const first = boxNamed(page, 0);
        await first.waitFor();
        await opensZoomedOnBoxOne(page);
        expect(await buttonCount(page)).toBeLessThanOrEqual(401);
        await first.focus();
        await page.keyboard.press('Control+End');
        expect(await focusedName(page)).toBe('Box 10000');
        await page.keyboard.press('ArrowLeft');
        expect(await focusedName(page)).toBe('Box 9999');
        await page.keyboard.press('Control+Home');
        expect(await focusedName(page)).toBe('Box 1');
        await page.keyboard.press('End');
        expect(await focusedName(page)).toBe('Box 100');
        await page.keyboard.press('ArrowDown');
        expect(await focusedName(page)).toBe('Box 200');
        await page.keyboard.press('Home');
        expect(await focusedName(page)).toBe('Box 101');
        // With every slip shown, the name says the slip, as on the specification's board.
        await page.getByRole('button', { name: 'Show cycles' }).click();
        const cycles = cycleStructure(slips, 5000);
        const length = (box: number) => cycles.cycles[cycles.cycleOfBox[box]!]!.boxes.length;
        await boxNamed(page, 100).focus();
        await page.keyboard.press('Control+End');
        expect(await focusedName(page)).toBe(
          `Box 10000, slip ${slips[9999]! + 1}, cycle of length ${length(9999)}`,
        );
        expect(await buttonCount(page)).toBeLessThanOrEqual(401);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Show cycles' }).click();
        await drawsTheGrid(page, slips);
        expect(problems).toEqual([]);
      }),
  );
});
