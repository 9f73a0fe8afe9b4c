// Rings: the boxes grouped by cycle, in the order the slips lead; the legend, the zoom, reduced
// motion, and the rings without WebGL.
import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { cycleStructure } from '../../src/features/prisoners/engine/cycles.ts';
import { strategyPath } from '../../src/features/prisoners/engine/game.ts';
import { ELEVATION } from '../../src/features/prisoners/grid/layout.ts';
import { gridPlacements, ringLayout } from '../../src/features/prisoners/grid/ring-layout.ts';
import { firstArrangement } from '../../src/testing/arrangements.ts';
import {
  axeViolations,
  sharedBrowser,
  visit,
  withPage,
  WITHOUT_WEBGL,
} from '../support/browser.ts';
import {
  DOOMED_SEED,
  FREE_SEED,
  boxNamed,
  boxRects,
  centreBoard,
  cyclesBySlips,
  readout,
} from '../support/simulation-page.ts';
import { pathPixels, ringsOnScreen } from '../support/board-pixels.ts';
import { zoomChecks } from '../support/board-zoom.ts';
import { atlasInPage } from '../support/glyph-atlas.ts';
import { twinOffLids } from '../support/lid-geometry.ts';

const browser = sharedBrowser();
const noGl = sharedBrowser(WITHOUT_WEBGL);

describe('rings', () => {
  it('groups the boxes by cycle, in the order the slips lead, and plays in them', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${DOOMED_SEED}`);
      // The numbers on the lids come whole from the glyph atlas, drawn with this browser's fonts:
      // every glyph's ink lies inside its cell, 20 px clear of each edge (the shader reads a whole
      // cell, and its mipmaps never mix two glyphs), and the digits sit in the cell's middle.
      const atlas = await atlasInPage(page);
      const clear = (edge: number) => edge >= 19 && edge <= atlas.cell - 19;
      expect(
        atlas.cells.filter(
          ({ ink }) => !ink || ![ink.left, ink.right, ink.top, ink.bottom].every(clear),
        ),
      ).toEqual([]);
      const digitMiddles = atlas.cells
        .filter(({ glyph }) => glyph < 10)
        .map(({ ink }) => (ink!.top + ink!.bottom) / 2);
      expect(Math.abs(Math.min(...digitMiddles) - atlas.cell / 2)).toBeLessThanOrEqual(3);
      expect(Math.abs(Math.max(...digitMiddles) - atlas.cell / 2)).toBeLessThanOrEqual(3);
      const slips = firstArrangement(DOOMED_SEED);
      const rings = page.getByRole('button', { name: 'Arrange in rings' });
      expect(await rings.getAttribute('aria-pressed')).toBe('false');
      await rings.click();
      expect(await rings.getAttribute('aria-pressed')).toBe('true');
      const groups = page.getByRole('group', { name: 'Boxes' }).getByRole('group');
      const expected = cycleStructure(slips).cycles;
      expect(
        await groups.evaluateAll((all) => all.map((g) => g.getAttribute('aria-label'))),
      ).toEqual(
        expected.map((cycle) =>
          cycle.boxes.length === 1 ? 'Cycle of 1 box' : `Cycle of ${cycle.boxes.length} boxes`,
        ),
      );
      for (const [index, cycle] of expected.entries()) {
        const names = await groups
          .nth(index)
          .getByRole('button')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
        expect(names).toEqual(cycle.boxes.map((box) => `Box ${box + 1}`));
        // Walking the ring is walking the slips.
        cycle.boxes.forEach((box, position) =>
          expect(slips[box]).toBe(cycle.boxes[(position + 1) % cycle.boxes.length]),
        );
      }
      // Arrow keys move along the ring.
      const start = expected[0]!.boxes;
      await boxNamed(page, start[0]!).focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        `Box ${start[1]! + 1}`,
      );
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        `Box ${start.at(-1)! + 1}`,
      );
      // Prisoner 1's walk runs around their ring, box by box.
      const walk = strategyPath(slips, 0);
      for (const box of walk.slice(0, 5)) await boxNamed(page, box).click();
      expect(await readout(page, 'Guesses left')).toBe(
        String(GUESS_LIMIT - walk.slice(0, 5).filter((box) => slips[box] !== 0).length),
      );
      // The boxes are too small to read here: each opened box is named by a label, and the
      // labels of neighbours on the ring never cover one another.
      await centreBoard(page);
      const labels = await page.locator('[class*="callouts"] > span').evaluateAll((spans) =>
        spans.map((span) => {
          const { left, right, top, bottom } = span.getBoundingClientRect();
          return { text: span.textContent ?? '', box: { left, right, top, bottom } };
        }),
      );
      expect(labels.map(({ text }) => text).sort()).toEqual(
        [
          ...walk.slice(0, 4).map((box) => String(box + 1)),
          `${walk[4]! + 1} → ${slips[walk[4]!]! + 1}`,
        ].sort(),
      );
      const covering = labels.flatMap((a, i) =>
        labels
          .slice(i + 1)
          .filter(
            ({ box: b }) =>
              a.box.left < b.right &&
              b.left < a.box.right &&
              a.box.top < b.bottom &&
              b.top < a.box.bottom,
          )
          .map((b) => `${a.text} covers ${b.text}`),
      );
      expect(covering).toEqual([]);
      // The path leads on from the box opened last to the box opened next, here the box of
      // another ring farthest from it: more of the path's colour between the two once it opens.
      const last = walk[4]!;
      const { cycleOfBox } = cycleStructure(slips);
      const rects = await boxRects(page);
      const apart = (box: number) =>
        Math.hypot(
          rects[box]!.x + rects[box]!.width / 2 - rects[last]!.x - rects[last]!.width / 2,
          rects[box]!.y + rects[box]!.height / 2 - rects[last]!.y - rects[last]!.height / 2,
        );
      const far = Array.from(slips.keys())
        .filter((box) => cycleOfBox[box] !== cycleOfBox[0])
        .sort((a, b) => apart(b) - apart(a))[0]!;
      await centreBoard(page);
      // The frame shows the path so far before it is measured (a hop short of the last box, whose
      // risen slip covers the short hop into it).
      await expect.poll(() => pathPixels(page, walk[2]!, walk[3]!, 'walking')).toBeGreaterThan(0);
      const before = await pathPixels(page, last, far, 'walking');
      await boxNamed(page, far).click();
      await centreBoard(page);
      await expect
        .poll(async () => (await pathPixels(page, last, far, 'walking')) - before)
        .toBeGreaterThan(100);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('agrees with the Show cycles legend, and marks the ring that dooms the run', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${DOOMED_SEED}`);
      await boxNamed(page, 0).waitFor();
      expect(await twinOffLids(page, gridPlacements(100), 'grid')).toEqual([]);
      await page.getByRole('button', { name: 'Arrange in rings' }).click();
      const placements = ringLayout(
        cycleStructure(firstArrangement(DOOMED_SEED)).cycles,
      ).placements;
      // Once the boxes have glided into their rings.
      await expect.poll(() => twinOffLids(page, placements, 'rings')).toEqual([]);
      const legend = page.getByRole('region', { name: 'Cycles of this arrangement' });
      const lengths = cycleStructure(firstArrangement(DOOMED_SEED)).cycles.map(
        (c) => c.boxes.length,
      );
      expect(await legend.getByRole('listitem').allTextContents()).toEqual(
        lengths.map((length) =>
          length === 1
            ? '1 box'
            : `${length} boxes${length > GUESS_LIMIT ? ' · dooms the run' : ''}`,
        ),
      );
      expect(await legend.textContent()).toContain(
        `the ${lengths[0]! - GUESS_LIMIT} boxes a prisoner never reaches`,
      );
      await zoomChecks(page, lengths.length);
      expect(problems).toEqual([]);
    }));

  it('moves the boxes at once for visitors who prefer reduced motion, and works without WebGL', async () => {
    await withPage(browser, { reducedMotion: 'reduce' }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${FREE_SEED}`);
      await page.getByRole('button', { name: 'Arrange in rings' }).click();
      const transition = await boxNamed(page, 0).evaluate(
        (b) => getComputedStyle(b).transitionDuration,
      );
      // The reduced-motion rule leaves at most a hundredth of a millisecond.
      expect(transition.split(',').every((d) => parseFloat(d) < 0.001)).toBe(true);
      // The canvas shows one ring of lids per cycle of the known arrangement, each a circle
      // seen from the camera's one tilt.
      const lengths = cyclesBySlips(firstArrangement(FREE_SEED))
        .map((cycle) => cycle.length)
        .sort((a, b) => b - a);
      await centreBoard(page);
      await expect
        .poll(async () => (await ringsOnScreen(page)).map((ring) => ring.boxes))
        .toEqual(lengths);
      const rings = (await ringsOnScreen(page)).filter((ring) => ring.tilt !== null);
      expect(rings.length).toBe(lengths.filter((length) => length >= 3).length);
      for (const ring of rings) {
        expect(ring.spread, `ring of ${ring.boxes}`).toBeLessThan(0.05);
        // A circle on the table, seen by a camera looking down at ELEVATION, is an ellipse whose
        // height is sin(ELEVATION) of its width.
        expect(Math.abs(ring.tilt! - Math.sin(ELEVATION)), `ring of ${ring.boxes}`).toBeLessThan(
          0.02,
        );
      }
      expect(problems).toEqual([]);
    });
    await withPage(noGl, { width: 375, height: 800 }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${FREE_SEED}`);
      await page.getByText(/needs WebGL/).waitFor();
      await page.getByRole('button', { name: 'Arrange in rings' }).click();
      const slips = firstArrangement(FREE_SEED);
      const groups = page.getByRole('group', { name: 'Boxes' }).getByRole('group');
      expect(await groups.count()).toBe(cycleStructure(slips).cycles.length);
      expect(await boxNamed(page, 0).isVisible()).toBe(true);
      for (const box of strategyPath(slips, 0)) await boxNamed(page, box).click();
      await page.getByRole('dialog', { name: 'Prisoner 1 guessed correctly' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});
