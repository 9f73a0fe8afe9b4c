// Watching and learning: skipping to the result, studying a failed arrangement, and following a
// game on a phone.
import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT, PRISONER_COUNT } from '../../src/features/prisoners/engine/constants.ts';
import { cycleStructure } from '../../src/features/prisoners/engine/cycles.ts';
import { gridLayout } from '../../src/features/prisoners/grid/layout.ts';
import { playToEnd, strategyPath } from '../../src/features/prisoners/engine/game.ts';
import { arrangements, firstArrangement } from '../../src/testing/arrangements.ts';
import { axeViolations, sharedBrowser, visit, withPage } from '../support/browser.ts';
import {
  DOOMED_SEED,
  FREE_SEED,
  boxNamed,
  finalDialog,
  readout,
  shownWhole,
  statusRows,
} from '../support/simulation-page.ts';
import { arcOnScreen, pathInkAround, pathPixels } from '../support/board-pixels.ts';
import {
  boardStage,
  openingView,
  smallestBoxSide,
  zoomChecks,
  zoomScale,
} from '../support/board-zoom.ts';

const browser = sharedBrowser();

describe('watching and learning', () => {
  it('skips to the result, counts the freed, and keeps a failed arrangement to study', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${DOOMED_SEED}`);
      const slips = firstArrangement(DOOMED_SEED);
      const end = playToEnd(slips, 0);
      // The speed is the visitor's: studying and leaving the study keep it.
      const speed = page.getByLabel('Speed');
      await speed.fill('300');
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page.getByRole('button', { name: 'Skip to the result' }).click();
      const dialog = page.getByRole('dialog', { name: finalDialog(end) });
      await dialog.waitFor();
      expect(await readout(page, 'Freed so far')).toBe(`${end.prisoner} of ${PRISONER_COUNT}`);
      await dialog.getByRole('button', { name: 'Study this arrangement' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(
        await page.getByRole('button', { name: 'Arrange in rings' }).getAttribute('aria-pressed'),
      ).toBe('true');
      expect(
        await page.getByRole('button', { name: 'Show cycles' }).getAttribute('aria-pressed'),
      ).toBe('true');
      // The same arrangement stays, its fatal cycle marked, until Reset.
      expect(await boxNamed(page, 0).getAttribute('aria-label')).toBe(
        `Box 1, slip ${slips[0]! + 1}, cycle of length ${cycleStructure(slips).cycles[cycleStructure(slips).cycleOfBox[0]!]!.boxes.length}`,
      );
      expect(await page.getByText('dooms the run').count()).toBeGreaterThan(0);
      expect(await speed.inputValue()).toBe('300');
      expect(await axeViolations(page)).toEqual([]);
      // Focus is on the studied board, not on the page.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
        /^Box \d+, slip \d+, cycle of length \d+$/,
      );
      // The failed walk is drawn in the failure colour (grid, no cycle colours: nothing else is red).
      await page.getByRole('button', { name: 'Arrange in rings' }).click();
      await page.getByRole('button', { name: 'Show cycles' }).click();
      const walk = strategyPath(slips, end.prisoner);
      await page.locator('canvas').scrollIntoViewIfNeeded();
      await expect
        .poll(() => pathPixels(page, walk[walk.length - 2]!, walk[walk.length - 1]!, 'failed'))
        .toBeGreaterThan(30);
      // A walk this long fades its oldest arcs to a faint thread, so a long path never covers the
      // board: at the top of the walk's first arcs (where no other arc passes) no failure ink is
      // left, while the latest arcs are drawn in full.
      const canvas = (await page.locator('canvas').boundingBox())!;
      const arcs = walk
        .slice(0, -1)
        .map((box, i) => arcOnScreen(canvas, PRISONER_COUNT, box, walk[i + 1]!, 32));
      // Where along an arc (not at its ends, which other arcs share) the other arcs pass
      // farthest from it, and how far, in px.
      const roomiest = (candidates: number[]) =>
        candidates
          .flatMap((arc) =>
            arcs[arc]!.slice(13, 20).map((point) => ({
              point,
              room: Math.min(
                ...arcs.flatMap((other, i) =>
                  i === arc ? [] : other.map((p) => Math.hypot(p.x - point.x, p.y - point.y)),
                ),
              ),
            })),
          )
          .reduce((best, spot) => (spot.room > best.room ? spot : best));
      expect(arcs.length).toBe(GUESS_LIMIT - 1);
      // The three oldest arcs have faded at least 23/24 of the way; the latest eight not at all.
      const oldest = roomiest([0, 1, 2]);
      const latest = roomiest([1, 2, 3, 4, 5, 6, 7, 8].map((age) => arcs.length - age));
      expect(Math.min(oldest.room, latest.room)).toBeGreaterThan(8);
      await expect.poll(() => pathInkAround(page, latest.point, 'failed', 2, 4)).toBeGreaterThan(2);
      expect(await pathInkAround(page, oldest.point, 'failed', 2, 4)).toBe(0);
      // Start plays the studied arrangement again, to the same failure; New arrangement leaves it.
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page.getByRole('button', { name: 'Skip to the result' }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Study this arrangement' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await boxNamed(page, 0).getAttribute('aria-label')).toMatch(
        new RegExp(`^Box 1, slip ${slips[0]! + 1},`),
      );
      await page.getByRole('button', { name: 'New arrangement' }).click();
      expect(await speed.inputValue()).toBe('300');
      const second = arrangements(DOOMED_SEED, 2)[1]!;
      expect(await boxNamed(page, 0).getAttribute('aria-label')).toMatch(
        new RegExp(`^Box 1, slip ${second[0]! + 1},`),
      );
      expect(await page.getByRole('button', { name: 'New arrangement' }).count()).toBe(0);
      expect(problems).toEqual([]);
    }));

  it('shows the board, the readouts and Start on arrival on a phone, and keeps the status in view while the boxes scroll past', () =>
    withPage(browser, { width: 375, height: 800, touch: true }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${FREE_SEED}`);
      // On arrival, below the header: the readouts, Start, and the whole board (its frame).
      const inWindow = { top: 0, bottom: 800 };
      for (const selector of [
        'output#readout-prisoner',
        'output#readout-freed',
        '#simulation-primary-action',
        '[data-renderer]',
      ]) {
        expect(await shownWhole(page, selector, inWindow), selector).toMatchObject({ whole: true });
      }
      // No blank band under Start: the places kept for the controls that come later hold them,
      // disabled, and the panel ends right under its last row.
      expect(await statusRows(page)).toEqual({
        buttons: ['Start simulation', 'Reset simulation', 'Pause', 'Step'],
        roomBelow: 0,
      });
      expect(
        await page
          .getByRole('button', { name: 'Pause' })
          .evaluate((b) => (b as HTMLButtonElement).disabled),
      ).toBe(true);
      // A touch screen is tapped, not clicked.
      const hint = page.getByText(/, or use the arrow keys and Enter/);
      expect(await hint.evaluate((element) => (element as HTMLElement).innerText)).toMatch(
        /^Tap a box, or use the arrow keys/,
      );
      const board = page.getByRole('region', { name: /The room with/ });
      await board.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      for (const label of ['Current prisoner', 'Guesses left', 'Current slip']) {
        const box = await page.getByLabel(label, { exact: true }).boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= 800, label).toBe(true);
      }
      expect(await page.getByRole('button', { name: 'Start simulation' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Arrange in rings' }).click();
      await zoomChecks(page, cycleStructure(firstArrangement(FREE_SEED)).cycles.length);
      // Two fingers spreading apart zoom the board by the ratio of their distances, about them.
      const stage = boardStage(page);
      await stage.scrollIntoViewIfNeeded();
      const overview = await smallestBoxSide(page);
      const frame = (await stage.boundingBox())!;
      const [x, y] = [frame.x + frame.width / 2, frame.y + frame.height / 2];
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: x - spread, y, id: 1 },
                  { x: x + spread, y, id: 2 },
                ],
        });
      await touch('touchStart', 20);
      for (const spread of [25, 30, 35, 40]) await touch('touchMove', spread);
      await touch('touchEnd', 40);
      const scale = await stage
        .locator('[class*="zoomLayer"]')
        .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);
      expect(scale).toBeCloseTo(2, 2);
      expect((await smallestBoxSide(page)) / overview).toBeCloseTo(2, 2);
      expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));

      // A board of 1000 (in-page, as a shared link goes) opens zoomed in on prisoner 1's box,
      // its number readable; the whole board is one press away.
      await page.evaluate(() => {
        history.pushState(null, '', '/projects/prisoner/?n=1000&seed=16');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect.poll(() => readout(page, 'Freed so far')).toBe('0 of 1000');
      await expect.poll(() => zoomScale(page)).toBeGreaterThan(3);
      const opening = await openingView(page, 0);
      expect(opening).toMatchObject({ whole: true });
      expect(opening.width).toBeGreaterThanOrEqual(40);
      await page.getByRole('button', { name: 'Show the whole board' }).click();
      expect(await zoomScale(page)).toBe(1);
      // There a box is too small to read: a tap zooms in on it and opens nothing; once it can be
      // read, a tap opens it.
      // At the top of the page the whole board is in view, below the pinned readouts.
      await page.evaluate(() => window.scrollTo(0, 0));
      // Box 1's cell at the overview, where the board's layout puts it in the stage.
      const shown = (await stage.boundingBox())!;
      const { overlay, columns, rows } = gridLayout(1000);
      await page.touchscreen.tap(
        shown.x + ((overlay.left + (0.5 / columns) * overlay.width) / 100) * shown.width,
        shown.y + ((overlay.top + (0.5 / rows) * overlay.height) / 100) * shown.height,
      );
      await expect.poll(() => zoomScale(page)).toBeGreaterThan(3);
      expect(await readout(page, 'Guesses left')).toBe('500');
      const zoomedIn = (await boxNamed(page, 0).boundingBox())!;
      await page.touchscreen.tap(zoomedIn.x + zoomedIn.width / 2, zoomedIn.y + zoomedIn.height / 2);
      await expect.poll(() => readout(page, 'Guesses left')).toBe('499');
      expect(problems).toEqual([]);
    }));
});
