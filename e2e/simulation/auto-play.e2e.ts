import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { strategyPath } from '../../src/features/prisoners/engine/game.ts';
import {
  dieOnSignal,
  injectIntoWorker,
  loseContextOnSignal,
  signalWorkers,
} from '../../tools/stress/faults.ts';
import {
  axeViolations,
  sharedBrowser,
  visit,
  withPage,
  WITHOUT_WEBGL,
} from '../support/browser.ts';
import {
  FAILING_SEED,
  FIRST_WINS_SEED,
  WINNING_SEED,
  boxNames,
  boxButton,
  endDialogName,
  readout,
  boardAtTopSpeed,
  centreBoard,
  firstFarHop,
  withoutOffscreenCanvas,
  boardDrawnOnPage,
} from '../support/simulation-page.ts';
import { pathPixels, waitForBoardDrawn } from '../support/board-pixels.ts';
import { firstArrangement, firstFailingPrisoner } from '../../src/testing/arrangements.ts';

const browser = sharedBrowser();

describe('automatic play and failures', () => {
  it('automatic play at speed 1000 ends on the first failing prisoner', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
      const failing = firstFailingPrisoner(firstArrangement(FAILING_SEED));
      const start = page.getByRole('button', { name: 'Start simulation' });
      const controls = page.getByRole('region', { name: 'Simulation controls' });
      // Where an element stands on the page (not in the window, which may scroll).
      const placeOf = (element: typeof start) =>
        element.evaluate((node) => {
          const { left, top, width, height } = node.getBoundingClientRect();
          return { left, top: top + window.scrollY, width, height };
        });
      const [startBox, controlsBox] = [await placeOf(start), await placeOf(controls)];
      // A double click on Start starts the run and nothing else: the second click lands on the
      // button that took Start's place (Skip, which ignores it), never on Reset.
      await start.dblclick();
      const skip = page.getByRole('button', { name: 'Skip to the result' });
      // Skip took Start's place: the point just pressed is on Skip.
      const skipBox = await placeOf(skip);
      const [pressedX, pressedY] = [
        startBox.left + startBox.width / 2,
        startBox.top + startBox.height / 2,
      ];
      expect(pressedX > skipBox.left && pressedX < skipBox.left + skipBox.width).toBe(true);
      expect(pressedY > skipBox.top && pressedY < skipBox.top + skipBox.height).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await skip.getAttribute('aria-disabled')).toBeNull();
      expect(await page.getByRole('button', { name: 'Reset simulation' }).count()).toBe(1);
      // Nothing below the buttons moved when the run started.
      expect(await placeOf(controls)).toEqual(controlsBox);
      // Skip keeps focus while the speed goes up: focus is where the dialog returns it, and a
      // field filled first could still have it when a fast game ends.
      await skip.focus();
      await page.getByLabel('Speed').evaluate((field: HTMLInputElement) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
          field,
          '1000',
        );
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
      const dialog = page.getByRole('dialog', { name: `Prisoner ${failing + 1} failed` });
      await dialog.waitFor({ timeout: 30_000 });
      expect(await readout(page, 'Guesses left')).toBe('0');
      // Escape confirms like OK, and focus comes back to Start, not to the page.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText))
        .toBe('Start simulation');
      expect(await page.getByRole('button', { name: 'Start simulation' }).count()).toBe(1);
      expect(problems).toEqual([]);
    }));

  it('automatic play at speed 1000 frees everyone when no cycle is too long', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await boardAtTopSpeed(page, WINNING_SEED);
      await page.getByRole('button', { name: 'Start simulation' }).click();
      // Focus leaves the controls while the run plays (as after a click on the page's text), so
      // closing the dialog has no control to give focus back to.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const dialog = page.getByRole('dialog', { name: 'All prisoners guessed correctly' });
      await dialog.waitFor({ timeout: 60_000 });
      expect(await readout(page, 'Current prisoner')).toBe('100');
      // OK confirms, and focus goes on to the natural next control, not to the page: the run
      // stays on the board, its Skip disabled, so Reset.
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(
        await page
          .getByRole('button', { name: 'Skip to the result' })
          .getAttribute('aria-disabled'),
      ).toBe('true');
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText))
        .toBe('Reset simulation');
      expect(problems).toEqual([]);
    }));

  it('reports a killed worker with a Retry, and the rest of the page keeps working', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      const restore = await injectIntoWorker(page, 'game', dieOnSignal);
      await visit(page, `/projects/prisoner?seed=${FAILING_SEED}`);
      await page.getByLabel('Speed').fill('10');
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page.waitForFunction(
        () => document.querySelector('#readout-slip')?.textContent?.trim() !== '–',
      );
      await signalWorkers(page, 'die');
      const alert = page.getByRole('alert').filter({ hasText: 'stopped responding' });
      await alert.waitFor({ timeout: 30_000 });
      await restore();
      // The board shows where the run stopped: every wrong box opened so far cost a guess.
      const prisoner = Number(await readout(page, 'Current prisoner'));
      const slipsShown = (await boxNames(page)).flatMap((name) => {
        const match = /^Box \d+, slip (\d+)$/.exec(name);
        return match ? [Number(match[1])] : [];
      });
      expect(slipsShown.length).toBeGreaterThan(0);
      expect(await readout(page, 'Guesses left')).toBe(
        String(GUESS_LIMIT - slipsShown.filter((slip) => slip !== prisoner).length),
      );
      // The page still works: the explanation opens and closes, cycles toggle.
      await page.locator('button[aria-haspopup="dialog"]').click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Show cycles' }).click();
      await page.getByRole('button', { name: 'Show cycles' }).click();
      await page.getByLabel('Speed').fill('1000');
      await alert.getByRole('button', { name: 'Retry' }).click();
      await alert.waitFor({ state: 'hidden' });
      const failing = firstFailingPrisoner(firstArrangement(FAILING_SEED));
      await page
        .getByRole('dialog', { name: `Prisoner ${failing + 1} failed` })
        .waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
    }));

  it.each(['worker', 'page'] as const)(
    'falls back to the DOM grid with a notice when the WebGL context is lost (drawn in the %s)',
    async (drawnIn) => {
      await withPage(browser, {}, async ({ page, problems }) => {
        if (drawnIn === 'page') await withoutOffscreenCanvas(page);
        if (drawnIn === 'worker') await injectIntoWorker(page, 'grid-render', loseContextOnSignal);
        await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
        const canvas =
          drawnIn === 'page'
            ? await boardDrawnOnPage(page)
            : page.locator(`[data-drawn-in="worker"] canvas`);
        await boxButton(page, 0).click();
        // The context is lost once the scene is drawn: the renderer's context exists by then.
        await waitForBoardDrawn(page, canvas);
        if (drawnIn === 'worker') {
          await signalWorkers(page, 'lose-context');
        } else {
          await page.locator('canvas').evaluate((element: HTMLCanvasElement) => {
            const gl = element.getContext('webgl2') ?? element.getContext('webgl');
            gl?.getExtension('WEBGL_lose_context')?.loseContext();
          });
        }
        await page.getByText(/graphics context was lost/).waitFor();
        expect(await page.locator('canvas').count()).toBe(0);
        // Same game, same state, now in the DOM grid.
        const slips = firstArrangement(FIRST_WINS_SEED);
        expect(await boxButton(page, 0).getAttribute('aria-label')).toBe(
          `Box 1, slip ${(slips[0] as number) + 1}`,
        );
        expect(await boxButton(page, 0).isVisible()).toBe(true);
        expect(await readout(page, 'Guesses left')).toBe(
          slips[0] === 0 ? String(GUESS_LIMIT) : String(GUESS_LIMIT - 1),
        );
        expect(problems).toEqual([]);
      });
    },
  );

  it('draws on the page itself where a canvas cannot be handed to a worker', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await withoutOffscreenCanvas(page);
      await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
      await waitForBoardDrawn(page, await boardDrawnOnPage(page));
      // The path is drawn here too: prisoner 1 walks by hand, and once the second box of a hop
      // between boxes that are not neighbours opens, a line of the path's colour joins them.
      const slips = firstArrangement(FIRST_WINS_SEED);
      const path = strategyPath(slips, 0);
      const hop = firstFarHop(path);
      expect(hop).toBeGreaterThanOrEqual(0);
      for (const box of path.slice(0, hop + 1)) await boxButton(page, box).click();
      const [from, to] = [path[hop]!, path[hop + 1]!];
      await centreBoard(page);
      expect(await pathPixels(page, from, to, 'walking')).toBe(0);
      await boxButton(page, to).click();
      await centreBoard(page);
      await expect.poll(() => pathPixels(page, from, to, 'walking')).toBeGreaterThan(100);
      for (const box of path.slice(hop + 2)) await boxButton(page, box).click();
      const found = page.getByRole('dialog', { name: 'Prisoner 1 guessed correctly' });
      await found.getByRole('button', { name: 'OK' }).click();
      await found.waitFor({ state: 'hidden' });
      await page.getByLabel('Speed').fill('1000');
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page
        .getByRole('dialog', {
          name: endDialogName(firstFailingPrisoner(firstArrangement(FIRST_WINS_SEED))),
        })
        .waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
    }));
});

describe('prisoner simulation without WebGL', () => {
  const noGl = sharedBrowser(WITHOUT_WEBGL);

  it('shows the DOM grid with a notice and stays fully playable', () =>
    withPage(noGl, { width: 375, height: 800 }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner?seed=${FIRST_WINS_SEED}`);
      // The WebGL probe runs in a worker: its answer arrives a moment after the page.
      await page.getByText(/needs WebGL/).waitFor();
      expect(await page.getByText(/needs WebGL/).count()).toBe(1);
      expect(await page.locator('canvas').count()).toBe(0);
      const first = boxButton(page, 0);
      expect(await first.isVisible()).toBe(true);
      expect(await first.textContent()).toBe('1');
      const slips = firstArrangement(FIRST_WINS_SEED);
      for (const box of strategyPath(slips, 0)) await boxButton(page, box).click();
      await page.getByRole('dialog', { name: 'Prisoner 1 guessed correctly' }).waitFor();
      await page.getByRole('button', { name: 'OK' }).click();
      expect(await readout(page, 'Current prisoner')).toBe('2');
      await page.getByLabel('Speed').fill('1000');
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page
        .getByRole('dialog', { name: endDialogName(firstFailingPrisoner(slips)) })
        .waitFor({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('runs a full automatic game at speed 1000 and stays responsive', () =>
    withPage(noGl, {}, async ({ page, problems }) => {
      await boardAtTopSpeed(page, WINNING_SEED);
      // Every prisoner the readout shows, in order.
      await page.evaluate(() => {
        const readout = document.querySelector('#readout-prisoner')!;
        const shown: string[] = [];
        (window as unknown as { shown: string[] }).shown = shown;
        new MutationObserver(() => shown.push(readout.textContent ?? '')).observe(readout, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      await page.getByRole('button', { name: 'Start simulation' }).click();
      await page
        .getByRole('dialog', { name: 'All prisoners guessed correctly' })
        .waitFor({ timeout: 30_000 });
      // Batches are applied a frame at a time, never all at once: each prisoner gets the screen.
      const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
      expect([...new Set(shown)]).toEqual(Array.from({ length: 99 }, (_, i) => String(i + 2)));
      expect(problems).toEqual([]);
    }));
});
