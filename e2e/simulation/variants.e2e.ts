import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT, PRISONER_COUNT } from '../../src/features/prisoners/engine/constants.ts';
import { cycleStructure } from '../../src/features/prisoners/engine/cycles.ts';
import { playToEnd, strategyPath } from '../../src/features/prisoners/engine/game.ts';
import { createRng } from '../../src/features/prisoners/engine/rng.ts';
import { wilsonInterval } from '../../src/features/prisoners/engine/statistics.ts';
import { bestSwap, dealFor } from '../../src/features/prisoners/engine/variants.ts';
import { ZOOM_STEP } from '../../src/features/prisoners/grid/board-zoom.ts';
import { ELEVATION, gridLayout } from '../../src/features/prisoners/grid/layout.ts';
import { changedShare, screenPixels } from '../support/pixels.ts';
import { gridPlacements, ringLayout } from '../../src/features/prisoners/grid/ring-layout.ts';
import {
  axeViolations,
  sharedBrowser,
  visit,
  waitForApp,
  withPage,
  WITHOUT_WEBGL,
} from '../support/browser.ts';
import type { Page } from 'playwright-core';
import {
  boardStage,
  boxNamed,
  boxNames,
  boxRects,
  buttonsOverLids,
  centreBoard,
  cyclesBySlips,
  endDialogName,
  gridLids,
  pathPixels,
  readout,
  ringsOnScreen,
  smallestBoxSide,
  walkRingsInView,
  zoomInAllTheWay,
} from '../support/simulation-page.ts';
import {
  arrangements,
  deals,
  findSeed,
  firstArrangement,
  replayGames,
} from '../../src/testing/arrangements.ts';

const browser = sharedBrowser();
const noGl = sharedBrowser(WITHOUT_WEBGL);

const longest = (slips: ArrayLike<number>) => cycleStructure(slips).cycles[0]!.boxes.length;
const DOOMED_SEED = findSeed(300, (slips) => longest(slips) > GUESS_LIMIT);
const FREE_SEED = findSeed(300, (slips) => longest(slips) <= GUESS_LIMIT);

/**
 * The rings zoom: at the overview some boxes are smaller than a 24 × 24 px target; Zoom in brings
 * every box to at least that, focus walks every ring in view, a drag pans without opening a
 * box, and Show the whole board returns to the overview.
 */
async function zoomChecks(page: Page, rings: number) {
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

/**
 * The boxes whose buttons do not lie over the lids the canvas draws for them (`placements`
 * places the boxes): a ring's button is its lid's top face (every edge within 2 px); a grid's
 * button is the lid's cell, centred on it (within 1 px) and covering it.
 */
async function twinOffLids(
  page: Page,
  placements: readonly { x: number; z: number; scale: number }[],
  view: 'grid' | 'rings',
) {
  return (await buttonsOverLids(page, placements))
    .filter((fit) => (view === 'rings' ? fit.edges > 2 : fit.centre > 1 || !fit.covers))
    .map((fit) => `Box ${fit.box + 1}: centre ${fit.centre} px off, an edge ${fit.edges} px`);
}

/** How long a frame of a large board may take to reach the screen, drawn in software. */
const LARGE_FRAME = { timeout: 60_000, interval: 500 };

/**
 * The canvas draws a large grid (board in view): pale lids where some boxes stand and the dark
 * table between the columns; opening boxes (clicked where their lids are drawn) changes the
 * pixels of their lids and not of a box far from them. The box opened last is left out: its
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
  const undrawn = async () =>
    (await gridLids(page, sample, n))
      .filter((lid) => lid.pale < 0.5 || Math.max(...lid.table) > 90)
      .map((lid) => `Box ${lid.box + 1}: ${Math.round(lid.pale * 100)}% pale, table ${lid.table}`);
  await expect.poll(undrawn, LARGE_FRAME).toEqual([]);
  const closed = await screenPixels(page);
  const lids = await gridLids(page, [first, second, far, last], n);
  for (const { lid } of [lids[0]!, lids[1]!, lids[3]!]) {
    await page.mouse.click((lid.left + lid.right) / 2, (lid.top + lid.bottom) / 2);
  }
  // Focus goes back to the first box, as on arrival, and leaves the board: neither the focus
  // ring nor the pointer's hover is part of the picture.
  await boxNamed(page, last).press('Control+Home');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  expect(await readout(page, 'Guesses left')).toBe(String(Math.floor(n / 2) - 3));
  const rect = ({ left, top, right, bottom }: (typeof lids)[number]['lid']) => ({
    x: left,
    y: top,
    width: right - left,
    height: bottom - top,
  });
  // An open box shows the rim of its body round the slip and its lid standing up: at least a
  // tenth of the lid's face changes (a closed box's picture does not change at all).
  const change = (share: number, opened: boolean) =>
    opened === share > 0.1 && (opened || share === 0) ? 'as expected' : `changed ${share}`;
  // The software rasteriser takes its time over a frame of this many boxes.
  await expect
    .poll(async () => {
      const now = await screenPixels(page);
      return lids
        .slice(0, 3)
        .map(
          ({ box, lid }) =>
            `Box ${box + 1}: ${change(changedShare(closed, now, rect(lid)), box !== far)}`,
        );
    }, LARGE_FRAME)
    .toEqual([first, second, far].map((box) => `Box ${box + 1}: as expected`));
}

/** The first box of the first ring, as the DOM twin orders them. */
const cycleFirstBox = async (page: Page) => {
  const name = await page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('group')
    .first()
    .getByRole('button')
    .first()
    .getAttribute('aria-label');
  return Number(/^Box (\d+)/.exec(name ?? '')![1]) - 1;
};

const finalDialog = (outcome: { status: string; prisoner: number }) =>
  endDialogName(outcome.status === 'all-found' ? -1 : outcome.prisoner);

describe('rings', () => {
  it('groups the boxes by cycle, in the order the slips lead, and plays in them', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${DOOMED_SEED}`);
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
      // The frame shows the path so far before it is measured.
      await expect.poll(() => pathPixels(page, walk[3]!, last, 'walking')).toBeGreaterThan(0);
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

describe('the helper', () => {
  it('best swap halves the longest cycle, and then everyone goes free', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?variant=helper&seed=${DOOMED_SEED}`);
      expect(await page.getByRole('radio', { name: 'Helper swaps two slips' }).isChecked()).toBe(
        true,
      );
      const slips = firstArrangement(DOOMED_SEED);
      const [a, b] = bestSwap(slips)!;
      await page.getByRole('button', { name: 'Best swap' }).click();
      await expect(
        page.getByText(`The slips of boxes ${a + 1} and ${b + 1} are exchanged`).count(),
      ).resolves.toBe(1);
      const L = longest(slips);
      const groups = page.getByRole('group', { name: 'Boxes' }).getByRole('group');
      const names = await groups.evaluateAll((all) => all.map((g) => g.getAttribute('aria-label')));
      expect(names).toContain(`Cycle of ${Math.ceil(L / 2)} boxes`);
      expect(names).toContain(`Cycle of ${Math.floor(L / 2)} boxes`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Speed').fill('1000');
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page
        .getByRole('dialog', { name: 'All prisoners guessed correctly' })
        .waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
    }));

  it('exchanges exactly the two slips the visitor picks, with the keyboard as with the pointer', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?variant=helper&seed=${FREE_SEED}`);
      const slips = firstArrangement(FREE_SEED);
      // Box → slip, as the accessible names say (every slip is visible in the helper's turn).
      const names = async () =>
        Object.fromEntries(
          (await boxNames(page)).map((label) => {
            const [, box, slip] = /^Box (\d+), slip (\d+)/.exec(label) ?? [];
            return [Number(box), Number(slip)];
          }),
        );
      const before = await names();
      expect(Object.keys(before)).toHaveLength(PRISONER_COUNT);
      await boxNamed(page, 4).click();
      expect(await boxNamed(page, 4).getAttribute('aria-pressed')).toBe('true');
      await boxNamed(page, 61).focus();
      await page.keyboard.press('Enter');
      const after = await names();
      const changed = Object.keys(after).filter(
        (box) => after[Number(box)] !== before[Number(box)],
      );
      expect(changed).toEqual(['5', '62']);
      expect([after[5], after[62]]).toEqual([slips[61]! + 1, slips[4]! + 1]);
      // The rings formed anew under the box picked with the keyboard; it keeps focus.
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      expect(await focused()).toMatch(/^Box 62, /);
      await boxNamed(page, 61).press('Enter');
      await boxNamed(page, 6).focus();
      await page.keyboard.press('Enter');
      expect(await focused()).toMatch(/^Box 7, /);
      // Letting the prisoners in ends the helper's panel: focus moves on to Start.
      await page.getByRole('button', { name: 'Let the prisoners in' }).press('Enter');
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText))
        .toBe('Start simulation');
      // The speed is the visitor's: another variant keeps it.
      await page.getByLabel('Speed').fill('300');
      // The variant lives in the address: the radio turns on once the page has navigated.
      await page.getByRole('radio', { name: 'Classic' }).click();
      await expect.poll(() => page.getByRole('radio', { name: 'Classic' }).isChecked()).toBe(true);
      await expect
        .poll(() => page.getByRole('heading', { name: "The helper's turn" }).count())
        .toBe(0);
      expect(await page.getByLabel('Speed').inputValue()).toBe('300');
      expect(problems).toEqual([]);
    }));
});

describe('the warden', () => {
  it('lays out one cycle: automatic play ends with prisoner 1 failing, every time', async () => {
    for (const seed of [11, 12]) {
      await withPage(browser, {}, async ({ page, problems }) => {
        await visit(page, `/projects/prisoner/?variant=warden&seed=${seed}`);
        await page.getByRole('button', { name: 'Show cycles' }).click();
        await expect(
          page.getByRole('listitem').filter({ hasText: /boxes/ }).allTextContents(),
        ).resolves.toEqual(['100 boxes · dooms the run']);
        await page.getByLabel('Speed').fill('1000');
        await page.getByRole('button', { name: 'Start simulation' }).click();
        await page.getByRole('dialog', { name: 'Prisoner 1 failed' }).waitFor({ timeout: 30_000 });
        expect(problems).toEqual([]);
      });
    }
  });

  it('loses its grip once the prisoners relabel the boxes in secret', async () => {
    // Seeds whose relabelled outcome is known in advance: one that frees everyone, one that does not.
    const outcome = (seed: number) => {
      const { slips, secret } = deals(seed, 1, 'warden')[0]!;
      return playToEnd(slips, 0, secret);
    };
    const seeds = [
      seedWhereWarden((o) => o.status === 'all-found'),
      seedWhereWarden((o) => o.status === 'failed'),
    ];
    function seedWhereWarden(test: (o: ReturnType<typeof outcome>) => boolean) {
      for (let seed = 1; ; seed++) if (test(outcome(seed))) return seed;
    }
    for (const seed of seeds) {
      await withPage(browser, {}, async ({ page, problems }) => {
        await visit(page, `/projects/prisoner/?variant=warden&seed=${seed}`);
        const toggle = page.getByRole('button', { name: 'Secret relabelling' });
        await toggle.click();
        expect(await toggle.getAttribute('aria-pressed')).toBe('true');
        // Every box carries its secret name, and its cycle is the one the walk takes: from box b
        // the prisoners go on to the box called by b's slip.
        const { slips, secret } = deals(seed, 1, 'warden')[0]!;
        const name = (box: number) => Array.from(secret!).indexOf(box);
        const cycleLength = (box: number) => {
          let length = 1;
          for (let at = secret![slips[box]!]!; at !== box; at = secret![slips[at]!]!) length++;
          return length;
        };
        await page.getByRole('button', { name: 'Show cycles' }).click();
        expect(await boxNames(page)).toEqual(
          Array.from(
            slips,
            (slip, box) =>
              `Box ${box + 1}, called ${name(box) + 1}, slip ${slip + 1}, cycle of length ${cycleLength(box)}`,
          ),
        );
        // The legend lists the cycles of that walk, longest first, under its own title.
        const walked = new Set<number>();
        const lengths: number[] = [];
        for (let box = 0; box < slips.length; box++) {
          if (walked.has(box)) continue;
          for (let at = box; !walked.has(at); at = secret![slips[at]!]!) walked.add(at);
          lengths.push(cycleLength(box));
        }
        lengths.sort((a, b) => b - a);
        const legend = page.getByRole('region', { name: 'Cycles as the prisoners read the boxes' });
        expect(await legend.getByRole('listitem').allTextContents()).toEqual(
          lengths.map((length) =>
            length === 1
              ? '1 box'
              : `${length} boxes${length > GUESS_LIMIT ? ' · dooms the run' : ''}`,
          ),
        );
        expect(await legend.locator('p').first().textContent()).toBe(
          lengths[0]! > GUESS_LIMIT
            ? `A cycle of ${lengths[0]} boxes is longer than ${GUESS_LIMIT}: every prisoner on it fails, so this arrangement dooms the run. On its ring, the red band marks the ${lengths[0]! - GUESS_LIMIT} boxes a prisoner never reaches.`
            : `No cycle is longer than ${GUESS_LIMIT}: with the strategy, every prisoner succeeds.`,
        );
        await page.getByRole('button', { name: 'Show cycles' }).click();
        await page.getByLabel('Speed').fill('1000');
        await page.getByRole('button', { name: 'Start simulation' }).click();
        await page
          .getByRole('dialog', { name: finalDialog(outcome(seed)) })
          .waitFor({ timeout: 60_000 });
        expect(problems).toEqual([]);
      });
    }
  });
});

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

  it('keeps the status in view on a phone while the boxes scroll past', () =>
    withPage(browser, { width: 375, height: 740, touch: true }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${FREE_SEED}`);
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
        expect(box && box.y >= 0 && box.y + box.height <= 740, label).toBe(true);
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
      expect(problems).toEqual([]);
    }));
});

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

describe('the simulation at any size', () => {
  const prisonersField = (page: Page) => page.getByRole('textbox', { name: 'Prisoners' });
  const guessesField = (page: Page) => page.getByRole('textbox', { name: 'Guesses per prisoner' });
  const search = (page: Page) => new URL(page.url()).search;
  const alerts = (page: Page) => page.getByRole('alert').allInnerTexts();

  it('reads n, k and the strategy from the address and the fields, and refuses bad values', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      // Wrong on arrival: the default game, a notice naming each field and its range.
      await visit(page, '/projects/prisoner?n=abc&k=-1&strategy=nope&seed=7');
      expect(await readout(page, 'Freed so far')).toBe('0 of 100');
      const notices = (await alerts(page)).join('\n');
      expect(notices).toContain(
        'Prisoners must be a whole number from 1 to 10,000. “abc” is not; this game has 100 prisoners.',
      );
      expect(notices).toContain(
        'Guesses per prisoner must be a whole number from 0 to 100, the number of prisoners. “-1” is not; this game gives each prisoner 50.',
      );
      expect(notices).toContain(
        'Strategy must be cycle (Follow the slips) or random (Open at random). “nope” is not; this game follows the slips.',
      );
      await visit(page, '/projects/prisoner?k=600&n=500&seed=7');
      expect(await readout(page, 'Freed so far')).toBe('0 of 500');
      expect((await alerts(page)).join('\n')).toContain(
        'Guesses per prisoner must be a whole number from 0 to 500, the number of prisoners. “600” is not; this game gives each prisoner 250.',
      );
      expect(await guessesField(page).inputValue()).toBe('250');

      // Typed: a notice at the field, and the game on the board stays.
      for (const typed of ['0', '-5', 'abc', '20000']) {
        await prisonersField(page).fill(typed);
        await prisonersField(page).press('Enter');
        expect(await alerts(page)).toContain(
          'Prisoners must be a whole number from 1 to 10,000. The game on the board stays as it is.',
        );
        expect(await prisonersField(page).getAttribute('aria-invalid')).toBe('true');
        expect(await readout(page, 'Freed so far')).toBe('0 of 500');
        expect(search(page)).toBe('?k=600&n=500&seed=7');
      }
      await guessesField(page).fill('501');
      await guessesField(page).press('Enter');
      expect(await alerts(page)).toContain(
        'Guesses per prisoner must be a whole number from 0 to 500, the number of prisoners. The game on the board stays as it is.',
      );

      // Valid values go to the address: k follows ⌊n/2⌋ until it is set.
      await prisonersField(page).fill('7');
      await prisonersField(page).press('Enter');
      await expect.poll(() => search(page)).toBe('?n=7&seed=7');
      await expect.poll(() => guessesField(page).inputValue()).toBe('3');
      await expect.poll(() => readout(page, 'Freed so far')).toBe('0 of 7');
      expect(await alerts(page)).toEqual([]);
      await guessesField(page).fill('5');
      await guessesField(page).press('Tab');
      await expect.poll(() => search(page)).toBe('?n=7&k=5&seed=7');
      // The fields show the new game (k set: no "half by default") before the next choice.
      await page.getByText('0 to 7', { exact: true }).waitFor();
      // A click, not check(): the radio shows the address's choice a render after the click.
      await page.getByRole('radio', { name: 'Open at random' }).click();
      await expect.poll(() => search(page)).toBe('?n=7&k=5&strategy=random&seed=7');
      await page.getByRole('radio', { name: 'Helper swaps two slips' }).click();
      await expect.poll(() => search(page)).toBe('?n=7&k=5&strategy=random&variant=helper&seed=7');
      // A named k stays as n changes, within the new n.
      await prisonersField(page).fill('4');
      await prisonersField(page).press('Enter');
      await expect.poll(() => search(page)).toBe('?n=4&k=4&strategy=random&variant=helper&seed=7');
      // Round trip: the address brings the same game back.
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => prisonersField(page).inputValue()).toBe('4');
      expect(await guessesField(page).inputValue()).toBe('4');
      expect(await page.getByRole('radio', { name: 'Open at random' }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Helper swaps two slips' }).isChecked()).toBe(
        true,
      );
      expect(await page.getByTestId('exact-odds').innerText()).toBe('100.00%');
      expect(problems).toEqual([]);
    }));

  /** Plays the game on the board to its end and returns the end dialog's name. */
  async function playToTheEnd(page: Page) {
    await page.getByRole('button', { name: 'Start simulation' }).click();
    await page.getByRole('button', { name: 'Skip to the result' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const name = await dialog.getByRole('heading').innerText();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return name;
  }

  it('plays each strategy and variant at n = 7 and n = 1000 as an independent replay does', () =>
    withPage(noGl, {}, async ({ page, problems }) => {
      await visit(page, '/projects/prisoner?n=7&k=3&seed=21');
      for (const n of [7, 1000]) {
        const k = Math.floor(n / 2) - (n === 7 ? 0 : 100);
        for (const strategy of ['cycle', 'random'] as const) {
          for (const variant of ['classic', 'helper', 'warden'] as const) {
            const query = new URLSearchParams({ n: String(n), k: String(k), strategy, variant });
            query.set('seed', '21');
            if (strategy === 'cycle') query.delete('strategy');
            if (variant === 'classic') query.delete('variant');
            // In-page navigation, as the Replay link makes it.
            await page.evaluate((address) => {
              history.pushState(null, '', address);
              dispatchEvent(new PopStateEvent('popstate'));
            }, `/projects/prisoner?${query}`);
            await expect.poll(() => readout(page, 'Freed so far')).toBe(`0 of ${n}`);
            // The count reads the same before the new address is applied: the Replay link does not.
            await expect
              .poll(() => page.getByRole('link', { name: 'Replay this run' }).getAttribute('href'))
              .toBe(`/projects/prisoner/?${query}`);
            if (variant === 'helper') await page.getByRole('button', { name: 'Best swap' }).click();
            const { failures } = replayGames(
              21,
              { n, k, strategy, variant, swap: variant === 'helper' ? bestSwap : undefined },
              1,
            );
            expect(await playToTheEnd(page), `${query}`).toBe(endDialogName(failures[0]!));
          }
        }
      }
      expect(problems).toEqual([]);
    }));

  it('pauses, steps one box at a time, resumes, and keeps a tally game after game', () =>
    withPage(noGl, {}, async ({ page, problems }) => {
      await visit(page, '/projects/prisoner?n=7&k=4&strategy=random&seed=5');
      // The slowest speed: paused at once, at most one box is open, and two steps more cannot
      // end a game (a failure takes 4 boxes, a win 7).
      await page.getByLabel('Speed').fill('10');
      await page.getByRole('checkbox', { name: 'Keep playing' }).check();
      await page.getByRole('button', { name: 'Start simulation' }).click();
      const pause = page.getByRole('button', { name: 'Pause' });
      await pause.click();
      expect(await page.getByRole('status').allInnerTexts()).toContain('Paused');
      const opened = async () =>
        (await boxNames(page)).filter((name) => /, slip \d+$/.test(name)).length;
      const prisoner = () => readout(page, 'Current prisoner');
      // Nothing moves while paused.
      const before = [await opened(), await prisoner()];
      await page.waitForTimeout(700);
      expect([await opened(), await prisoner()]).toEqual(before);
      const step = page.getByRole('button', { name: 'Step' });
      for (let i = 0; i < 2; i++) {
        const [count, who] = [await opened(), await prisoner()];
        await step.click();
        await expect.poll(async () => [await opened(), await prisoner()]).not.toEqual([count, who]);
        // Exactly one more box, or the next prisoner's first.
        if ((await prisoner()) === who) expect(await opened()).toBe(count + 1);
        else expect(await opened()).toBe(1);
      }
      await page.getByRole('button', { name: 'Resume' }).click();
      expect(await page.getByRole('status').allInnerTexts()).not.toContain('Paused');

      // The series at top speed: every game counted, no dialog, and the counts are the replay's.
      await page.getByLabel('Speed').fill('1000');
      const tally = page.getByRole('region', { name: 'Tally' });
      const count = async (label: string) =>
        Number(
          (await tally.getByText(label, { exact: true }).locator('+ dd').innerText()).replace(
            /,/g,
            '',
          ),
        );
      await expect.poll(() => count('Games'), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
      await page.getByRole('button', { name: 'Pause' }).click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      const games = await count('Games');
      const { failures } = replayGames(
        5,
        { n: 7, k: 4, strategy: 'random', variant: 'classic' },
        games,
      );
      const wins = failures.filter((failed) => failed === -1).length;
      expect([await count('Wins'), await count('Losses')]).toEqual([wins, games - wins]);
      // The win rate with its 95% (Wilson) interval.
      const percent = (p: number) => (p === 0 ? '0%' : `${(100 * p).toFixed(2)}%`);
      const [low, high] = wilsonInterval(wins, games);
      expect(await tally.getByText('Win rate', { exact: true }).locator('+ dd').textContent()).toBe(
        `${percent(wins / games)} (95% interval ${percent(low)} to ${percent(high)})`,
      );
      // (4/7)^7, exactly as the page words it.
      expect(await tally.getByText('Exact', { exact: true }).locator('+ dd').innerText()).toBe(
        `${(100 * (4 / 7) ** 7).toFixed(2)}%`,
      );
      await page.getByRole('button', { name: 'Reset simulation' }).click();
      expect([await count('Games'), await count('Wins'), await count('Losses')]).toEqual([0, 0, 0]);
      // Reset starts the tally again and keeps the visitor's speed.
      expect(await page.getByLabel('Speed').inputValue()).toBe('1000');
      expect(await axeViolations(page)).toEqual([]);

      // At the edges: no guesses (every game lost at once), one box, and k = n (every game won).
      for (const [n, k, won] of [
        [1, 0, false],
        [7, 0, false],
        [1, 1, true],
        [7, 7, true],
      ] as const) {
        await page.evaluate((address) => {
          history.pushState(null, '', address);
          dispatchEvent(new PopStateEvent('popstate'));
        }, `/projects/prisoner?n=${n}&k=${k}&seed=5`);
        await expect.poll(() => readout(page, 'Freed so far')).toBe(`0 of ${n}`);
        await page.getByRole('button', { name: 'Start simulation' }).click();
        await expect.poll(() => count('Games'), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
        const played = await count('Games');
        expect(await count(won ? 'Wins' : 'Losses'), `n = ${n}, k = ${k}`).toBeGreaterThanOrEqual(
          played,
        );
        expect(await count(won ? 'Losses' : 'Wins')).toBe(0);
        expect(await page.getByRole('dialog').count()).toBe(0);
        if (k === 0) {
          // The series pauses and steps a game at a time too.
          await page.getByRole('button', { name: 'Pause' }).click();
          const paused = await count('Games');
          await page.getByRole('button', { name: 'Step' }).click();
          await expect.poll(() => count('Games')).toBe(paused + 1);
          expect(await count('Losses')).toBe(paused + 1);
        }
        await page.getByRole('button', { name: 'Reset simulation' }).click();
      }
      expect(problems).toEqual([]);
    }));
});
