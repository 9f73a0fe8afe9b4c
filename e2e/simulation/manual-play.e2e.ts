import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { strategyPath } from '../../src/features/prisoners/engine/game.ts';
import type { Page } from 'playwright-core';
import { ZOOM_STEP } from '../../src/features/prisoners/grid/board-zoom.ts';
import { axeViolations, sharedBrowser, visit, withPage } from '../support/browser.ts';
import {
  FAILING_SEED,
  FIRST_WINS_SEED,
  boxButton,
  boxNames,
  boxRects,
  centreBoard,
  firstFarHop,
  learnSlips,
  readout,
  shownWhole,
} from '../support/simulation-page.ts';
import {
  cycleColourProblems,
  frontColours,
  lidChanges,
  lidsOnScreen,
  pathPixels,
  waitForBoardDrawn,
} from '../support/board-pixels.ts';
import { smallestBoxSide, zoomInAllTheWay } from '../support/board-zoom.ts';
import { colourDistance, screenPixels } from '../support/pixels.ts';
import {
  arrangements,
  cycleLengthOfBox,
  firstArrangement,
} from '../../src/testing/arrangements.ts';
// Hostile addresses (issue 19).
import { fc } from '@fast-check/vitest';
import {
  labArrivalSearch,
  parseBoardParams,
  parseLabArrival,
  parseSeedParam,
  parseVariantParam,
} from '../../src/features/prisoners/simulation/address.ts';
import { hostileQuery } from '../../src/testing/hostile-values.ts';

const browser = sharedBrowser();

/** Every query key the simulation page reads. */
const SIMULATION_KEYS = [
  'seed',
  'variant',
  'n',
  'k',
  'strategy',
  'lab-seed',
  'lab-trials',
  'lab-k',
  'lab-method',
  'lab-trial',
];

/** The middle value of some numbers. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The zoom layer's scale, from its computed transform (1 at the overview). */
const layerScale = (page: Page) =>
  page
    .locator('[class*="zoomLayer"]')
    .evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);

/**
 * The grid zooms as the rings do, and the canvas follows the DOM twin: after Zoom in, the lids
 * it draws are the zoom's scale squared larger in area and each lies within its box's button;
 * at the largest zoom every box is a 24 × 24 px target; Show the whole board returns.
 */
async function gridZoomChecks(page: Page) {
  await centreBoard(page);
  const overview = await lidsOnScreen(page, 400);
  expect(overview).toHaveLength(100);
  const overviewSize = median(overview.map((lid) => lid.size));
  const overviewSide = await smallestBoxSide(page);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await centreBoard(page);
  const scale = await layerScale(page);
  expect(scale).toBeCloseTo(ZOOM_STEP, 6);
  const misplaced = async () => {
    const [lids, rects] = [await lidsOnScreen(page, 400), await boxRects(page)];
    const outside = lids.filter(
      ({ x, y }) =>
        !rects.some((r) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height),
    );
    // Lids cut by the frame's edge are smaller; the median is a whole lid.
    const growth = median(lids.map((lid) => lid.size)) / overviewSize;
    return {
      grown: Math.abs(growth / scale ** 2 - 1) < 0.15 ? 'by the scale squared' : `by ${growth}`,
      outside: outside.length,
    };
  };
  await expect.poll(misplaced).toEqual({ grown: 'by the scale squared', outside: 0 });
  expect(await zoomInAllTheWay(page)).toBeGreaterThan(0);
  expect(await smallestBoxSide(page)).toBeGreaterThanOrEqual(24);
  await page.getByRole('button', { name: 'Show the whole board' }).click();
  expect(
    await page
      .locator('[class*="zoomLayer"]')
      .evaluate((element) => getComputedStyle(element).transform),
  ).toBe('none');
  expect(await smallestBoxSide(page)).toBe(overviewSide);
  await centreBoard(page);
  await expect.poll(async () => (await lidsOnScreen(page, 400)).length).toBe(100);
}

describe('prisoner simulation', () => {
  it('shows the page, its controls and a drawn canvas, with no axe violations', () =>
    withPage(browser, { width: 1280, height: 900 }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
      // The whole board is in view on arrival, below the header, and stays in view while the
      // controls beside it are used, however far down the page they are.
      const belowHeader = { top: 64, bottom: 900 };
      expect(await shownWhole(page, '[data-renderer]', belowHeader)).toMatchObject({ whole: true });
      for (const control of [
        page.getByRole('button', { name: 'Show cycles' }),
        page.getByLabel('Keep playing'),
        page.getByRole('group', { name: 'Strategy' }),
        page.getByRole('group', { name: 'Variant' }),
      ]) {
        // The control at the bottom of the window, where a visitor scrolling down meets it.
        await control.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        expect(await shownWhole(page, '[data-renderer]', belowHeader), `${control}`).toMatchObject({
          whole: true,
        });
      }
      // Painted plain (frames measured slow), the board scrolls with the page: held in place it
      // has a compositing layer of its own, which costs a software compositor a frame per box.
      await page.evaluate(() => (document.documentElement.dataset.paint = 'plain'));
      expect(await shownWhole(page, '[data-renderer]', belowHeader)).toMatchObject({
        whole: false,
      });
      await page.evaluate(() => delete document.documentElement.dataset.paint);
      expect(await shownWhole(page, '[data-renderer]', belowHeader)).toMatchObject({ whole: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.locator('main h1').textContent()).toBe('100 prisoners simulation');
      expect(await readout(page, 'Current prisoner')).toBe('1');
      expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
      expect(await readout(page, 'Current slip')).toBe('–');
      const speed = page.getByLabel('Speed');
      expect(await speed.evaluate((el: HTMLInputElement) => [el.min, el.max, el.value])).toEqual([
        '10',
        '1000',
        '800',
      ]);
      expect(await page.getByRole('button', { name: 'Start simulation' }).count()).toBe(1);
      expect(await page.getByText(`${FAILING_SEED}`, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Replay this run' }).getAttribute('href')).toBe(
        `/projects/prisoner/?seed=${FAILING_SEED}`,
      );
      expect(await page.getByRole('link', { name: 'prisoner lab' }).getAttribute('href')).toBe(
        '/projects/prisoner/lab/',
      );
      expect(await boxNames(page)).toEqual(Array.from({ length: 100 }, (_, i) => `Box ${i + 1}`));

      // This Chromium renders WebGL in software, and the probe (in a worker) says so; the grid is
      // drawn in a worker too.
      // The canvas draws once its shaders are compiled: a hundred lids, each a pale patch.
      await waitForBoardDrawn(
        page,
        page.locator('[data-renderer="software-webgl"][data-drawn-in="worker"] canvas'),
      );

      expect(await axeViolations(page)).toEqual([]);
      // The dark theme reaches the board drawn in its worker: every box is dimmed (its front face
      // darker in every channel), and light again draws them as before. (Every page's sweep runs
      // axe in the dark theme.)
      const [lightFront] = await frontColours(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect
        .poll(async () => {
          const [front] = await frontColours(page);
          return front!.every((channel, i) => channel <= lightFront![i]! - 8);
        })
        .toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect
        .poll(async () => colourDistance((await frontColours(page))[0]!, lightFront!))
        .toBeLessThanOrEqual(3);
      // A pointer that hovers clicks: the hint says so.
      expect(
        await page
          .getByText(/, or use the arrow keys and Enter/)
          .evaluate((element) => (element as HTMLElement).innerText),
      ).toBe(
        "Click a box, or use the arrow keys and Enter. An opened box shows its slip, the path links the current prisoner's boxes, and the box with their own number turns green.",
      );
      await gridZoomChecks(page);
      await page.getByRole('button', { name: 'Show cycles' }).click();
      // The click scrolls its button into view, which can take the board off the screen.
      await centreBoard(page);
      // The boxes take their cycle's colour, as the arrangement and the legend say.
      await expect
        .poll(() => cycleColourProblems(page, firstArrangement(FAILING_SEED)), { timeout: 30_000 })
        .toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems, problems.join('\n')).toEqual([]);
    }));

  it('opens the explanation and closes it with Close, Escape and the overlay', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/projects/prisoner');
      const opener = page.locator('button[aria-haspopup="dialog"]');
      const modal = page.getByRole('dialog', { name: 'The 100 Prisoners Problem' });
      const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

      await opener.click();
      await modal.waitFor();
      expect(await modal.textContent()).toContain('31.18%');
      // Why a loop longer than half the boxes has probability 1/L: counted, with a drawing.
      const why = modal.getByRole('figure', { name: 'Why a loop of L boxes has probability 1/L' });
      expect(await why.getByRole('img').count()).toBe(1);
      expect(await why.locator('figcaption').textContent()).toContain(
        'That makes C(100, L) · (L − 1)! · (100 − L)! = 100!/L arrangements: one in L of all 100!.',
      );
      expect(
        await modal.evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.maxWidth, style.maxHeight, el.getBoundingClientRect().width];
        }),
      ).toEqual(['600px', `${0.8 * 800}px`, 600]);
      expect(await axeViolations(page)).toEqual([]);
      // A Close button at the top stays in view, and the one at the end of the text works too.
      const [top, end] = await modal.getByRole('button', { name: 'Close' }).all();
      const viewport = page.viewportSize()!;
      const inView = async () => {
        const box = await top!.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
      };
      expect(await inView()).toBe(true);
      await end!.scrollIntoViewIfNeeded();
      expect(await inView()).toBe(true);
      await top!.click();
      await modal.waitFor({ state: 'hidden' });
      expect(await focusedText()).toBe(await opener.textContent());

      await opener.click();
      await modal.waitFor();
      await end!.click();
      await modal.waitFor({ state: 'hidden' });
      expect(await focusedText()).toBe(await opener.textContent());

      await opener.click();
      await modal.waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      expect(await focusedText()).toBe(await opener.textContent());

      await opener.click();
      await modal.waitFor();
      await page.mouse.click(8, 8); // on the dimmed overlay, outside the modal
      await modal.waitFor({ state: 'hidden' });
      expect(await focusedText()).toBe(await opener.textContent());
      expect(problems).toEqual([]);
    }));

  it('plays a manual success on a seeded arrangement', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
      const expected = firstArrangement(FIRST_WINS_SEED);
      const slips = await learnSlips(page);
      expect(slips).toEqual(Array.from(expected));

      const path = strategyPath(slips, 0);
      // The path is drawn from box to box: none before the second box of a hop opens, then a
      // line of its colour between the two (two boxes that are not neighbours on the grid).
      const hop = firstFarHop(path);
      expect(hop).toBeGreaterThanOrEqual(0);
      await waitForBoardDrawn(page);
      const closed = await screenPixels(page);
      const opened = path.slice(0, hop + 1);
      for (const box of opened) await boxButton(page, box).click();
      const [from, to] = [path[hop]!, path[hop + 1]!];
      // The lids of the opened boxes swing open; the boxes far from them stay as they were.
      await expect
        .poll(() => lidChanges(page, closed, opened), { timeout: 30_000 })
        .toEqual({ unchangedOpened: [], changedFar: [] });
      // In the frame that shows them open, no line yet leads on to the box not yet opened.
      expect(await pathPixels(page, from, to, 'walking')).toBe(0);
      await boxButton(page, to).click();
      await expect
        .poll(() => pathPixels(page, from, to, 'walking'), { timeout: 30_000 })
        .toBeGreaterThan(100);
      for (const box of path.slice(hop + 2)) await boxButton(page, box).click();
      const dialog = page.getByRole('dialog', { name: 'Prisoner 1 guessed correctly' });
      await dialog.waitFor();
      expect(await dialog.locator('svg').count()).toBe(1);
      const last = path[path.length - 1] as number;
      expect(await boxButton(page, last).getAttribute('aria-label')).toBe(
        `Box ${last + 1}, slip 1`,
      );
      expect(await boxButton(page, last).getAttribute('aria-disabled')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await readout(page, 'Current prisoner')).toBe('2');
      expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
      expect(await boxButton(page, last).getAttribute('aria-label')).toBe(`Box ${last + 1}`);
      expect(problems).toEqual([]);
    }));

  it('plays a manual failure: the 50th wrong box fails, OK reshuffles from the seed', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
      const [first, second] = arrangements(FAILING_SEED, 2) as [Int32Array, Int32Array];
      const slips = await learnSlips(page);
      const wrong = slips.flatMap((slip, box) => (slip === 0 ? [] : [box])).slice(0, GUESS_LIMIT);
      for (const [index, box] of wrong.entries()) {
        // The DOM twin's own click handler: much faster than 50 pointer round trips.
        await boxButton(page, box).evaluate((button: HTMLButtonElement) => button.click());
        if (index === GUESS_LIMIT - 2) {
          expect(await readout(page, 'Guesses left')).toBe('1');
          // An opened box cannot be opened again (force: it is aria-disabled). In the middle of
          // the window: a forced click at the top would land on the sticky header.
          await boxButton(page, box).evaluate((button) =>
            button.scrollIntoView({ block: 'center' }),
          );
          await boxButton(page, box).click({ force: true });
          expect(await readout(page, 'Guesses left')).toBe('1');
        }
      }
      const dialog = page.getByRole('dialog', { name: 'Prisoner 1 failed' });
      await dialog.waitFor();
      expect(await page.getByText('Prisoner 1 failed', { exact: true }).count()).toBe(2);
      // The dialog tells the truth about this walk: the prisoner's own box, the real length of
      // its cycle, what following the slips would have done, and where the clicks left it.
      const slipBox = slips.indexOf(0);
      const walk = [0];
      while (walk.at(-1) !== slipBox) walk.push(slips[walk.at(-1)!]!);
      const length = cycleLengthOfBox(slips)[0]!;
      expect(walk.length).toBe(length);
      const left = wrong.findIndex((box, i) => box !== walk[i]);
      const ordinals = new Intl.PluralRules('en-US', { type: 'ordinal' });
      const suffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
      const nth = (n: number) => `${n}${suffixes[ordinals.select(n)]}`;
      const verdict =
        length <= GUESS_LIMIT
          ? `would have found slip 1 at the ${nth(length)} box`
          : `could not have found slip 1 within ${GUESS_LIMIT} boxes`;
      expect(await dialog.locator('#outcome-detail').textContent()).toBe(
        `All ${GUESS_LIMIT} guesses are used up: slip 1 was in box ${slipBox + 1}. Prisoner 1's own box is box 1, on a cycle of ${length} boxes: following the slips from it ${verdict}. ` +
          `The boxes opened left that path at the ${nth(left + 1)} box: box ${wrong[left]! + 1} instead of box ${walk[left]! + 1}. ` +
          'OK starts again with prisoner 1 and freshly shuffled slips; Study this arrangement keeps it on the board, in rings.',
      );
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await readout(page, 'Current prisoner')).toBe('1');
      expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT));
      expect(await page.getByRole('status').filter({ hasText: 'Prisoner 1 failed' }).count()).toBe(
        1,
      );
      const reshuffled = await learnSlips(page);
      expect(reshuffled).toEqual(Array.from(second));
      expect(reshuffled).not.toEqual(Array.from(first));
      expect(problems).toEqual([]);
    }));

  it('works with the keyboard alone', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
      const slips = firstArrangement(FAILING_SEED);
      let name = '';
      for (let i = 0; i < 40 && !name.startsWith('Box'); i++) {
        await page.keyboard.press('Tab');
        name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      }
      expect(name).toBe('Box 1');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      expect(await focused()).toBe('Box 12');
      await page.keyboard.press('Enter');
      expect(await focused()).toBe(`Box 12, slip ${(slips[11] as number) + 1}`);
      await page.keyboard.press('End');
      await page.keyboard.press(' ');
      expect(await focused()).toBe(`Box 20, slip ${(slips[19] as number) + 1}`);
      expect(await readout(page, 'Guesses left')).toBe(String(GUESS_LIMIT - 2));
      // One tab stop for the whole grid: Tab leaves it.
      await page.keyboard.press('Tab');
      expect(await focused()).not.toMatch(/^Box/);
      expect(problems).toEqual([]);
    }));

  it('reports an invalid seed inline and plays on with a random one', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/projects/prisoner?seed=abc');
      const notice = page.getByRole('alert').filter({ hasText: 'not valid' });
      expect(await notice.count()).toBe(1);
      const seed = Number(await page.getByTestId('seed').textContent());
      expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
      expect(await learnSlips(page)).toEqual(Array.from(firstArrangement(seed)));
      await visit(page, '/projects/prisoner?seed=4294967296');
      expect(await page.getByRole('alert').filter({ hasText: 'not valid' }).count()).toBe(1);
      expect(problems).toEqual([]);

      // Hostile addresses (a sample of those the unit tests read by the hundred), each a
      // navigation within this page load: the seed, variant, board and lab run they name, or a
      // notice for each bad value, never a crash, a console error or a freeze. Some name a valid
      // lab run before their hostile values (the first of repeated keys counts): its notice then
      // shows above a board of 100.
      const count = (value: number) => value.toLocaleString('en-US');
      const labRun = fc.record({
        seed: fc.integer({ min: 0, max: 0xffffffff }),
        trials: fc.integer({ min: 1, max: 1e9 }),
        k: fc.integer({ min: 0, max: 100 }),
        method: fc.constantFrom('literal' as const, 'fast' as const),
        trial: fc.option(fc.integer({ min: 1, max: 1e9 })),
      });
      const queries = fc.oneof(
        { weight: 3, arbitrary: hostileQuery(SIMULATION_KEYS) },
        fc
          .tuple(labRun, hostileQuery(SIMULATION_KEYS))
          .map(([run, rest]) => `${labArrivalSearch(run)}&${rest}`),
      );
      const visits = fc.sample(queries, { seed: 19, numRuns: 60 }).map((query) => {
        const params = new URL(`http://localhost/projects/prisoner/?${query}`).searchParams;
        const seed = parseSeedParam(params.get('seed'), () => -1);
        const variant = parseVariantParam(params.get('variant'));
        const { board, notices: boardNotices } = parseBoardParams({
          n: params.get('n'),
          k: params.get('k'),
          strategy: params.get('strategy'),
        });
        const notices = [...boardNotices, seed.notice, variant.notice].filter(
          (notice) => notice !== null,
        );
        const { n, k } = board;
        const lede = `Each of ${count(n)} ${n === 1 ? 'prisoner' : 'prisoners'} may open ${count(k)} of the ${count(n)} ${n === 1 ? 'box' : 'boxes'}`;
        // The lab's trials are deals of 100 boxes: its notice shows only over a board of 100.
        const run = parseLabArrival(params);
        const arrival =
          run && n === 100
            ? `${run.trial === null ? 'A trial' : `Trial ${count(run.trial)}`} of a lab run (seed ${run.seed}, ${count(run.trials)} ${run.method} trials of 100 prisoners with ${run.k} guesses, following the slips).`
            : null;
        return { query, notices, seed: seed.seed === -1 ? null : String(seed.seed), lede, arrival };
      });
      expect(visits.filter(({ arrival }) => arrival !== null).length).toBeGreaterThan(10);
      const shown = await page.evaluate(async (list) => {
        const task = () => new Promise((resolve) => setTimeout(resolve, 0));
        const notices = () =>
          [...document.querySelectorAll('[role="alert"] p')].map((p) => p.textContent ?? '');
        const seedText = () => document.querySelector('[data-testid="seed"]')?.textContent;
        // Each as long as what is wanted of it, so a match reads as equal.
        const ledeText = (length: number) =>
          [...document.querySelectorAll('main p')]
            .map((p) => p.textContent ?? '')
            .find((text) => text.startsWith('Each of'))
            ?.slice(0, length) ?? null;
        const arrivalText = (length: number) =>
          [...document.querySelectorAll('[role="status"] p')]
            .map((p) => p.textContent ?? '')
            .find((text) => text.includes(' of a lab run '))
            ?.slice(0, length) ?? null;
        const seen = [];
        for (const { query, notices: wanted, seed, lede, arrival } of list) {
          history.pushState(null, '', `/projects/prisoner/?${query}`);
          dispatchEvent(new PopStateEvent('popstate'));
          const limit = performance.now() + 30_000;
          const arrived = () =>
            JSON.stringify(notices()) === JSON.stringify(wanted) &&
            (seed === null || seedText() === seed) &&
            ledeText(lede.length) === lede &&
            arrivalText(arrival?.length ?? Infinity) === arrival;
          while (!arrived() && performance.now() < limit) await task();
          seen.push({
            notices: notices(),
            seed: seed === null ? null : seedText(),
            lede: ledeText(lede.length),
            arrival: arrivalText(arrival?.length ?? Infinity),
            heading: document.querySelector('main h1')?.textContent,
          });
        }
        return seen;
      }, visits);
      visits.forEach(({ query, notices, seed, lede, arrival }, index) => {
        expect({ query: query.slice(0, 120), ...shown[index] }).toEqual({
          query: query.slice(0, 120),
          notices,
          seed,
          lede,
          arrival,
          heading: '100 prisoners simulation',
        });
      });
      expect(problems).toEqual([]);
    }));
});
