// The simulation at any size: n, k, the strategy and the variant from the address and the
// fields, each played as an independent replay plays it, and a series with its tally.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../src/features/prisoners/engine/statistics.ts';
import { bestSwap } from '../../src/features/prisoners/engine/variants.ts';
import { replayGames } from '../../src/testing/arrangements.ts';
import {
  axeViolations,
  sharedBrowser,
  visit,
  waitForApp,
  withPage,
  WITHOUT_WEBGL,
} from '../support/browser.ts';
import { boxNames, endDialogName, readout } from '../support/simulation-page.ts';

const browser = sharedBrowser();
const noGl = sharedBrowser(WITHOUT_WEBGL);

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
      // A failure line belongs to its game: the next game has started, the tally keeps the losses.
      expect(await count('Losses')).toBeGreaterThan(0);
      expect(await page.getByText(/^Prisoner \d+ failed$/).count()).toBe(0);
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
        // One prisoner, one guess: the singular.
        const words = (count: number, one: string, many: string) =>
          `${count} ${count === 1 ? one : many}`;
        expect(await page.getByText(/^Exact chance/).textContent()).toBe(
          `Exact chance that everyone goes free: ${won ? '100.00%' : '0%'} (${words(n, 'prisoner', 'prisoners')}, ${words(k, 'guess', 'guesses')} each, following the slips).`,
        );
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
