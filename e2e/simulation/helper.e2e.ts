// The helper: one swap of two slips before the prisoners come in, the best one or the visitor's.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRISONER_COUNT } from '../../src/features/prisoners/engine/constants.ts';
import { bestSwap } from '../../src/features/prisoners/engine/variants.ts';
import { firstArrangement } from '../../src/testing/arrangements.ts';
import { axeViolations, sharedBrowser, visit, withPage } from '../support/browser.ts';
import { DOOMED_SEED, FREE_SEED, boxNamed, boxNames, longest } from '../support/simulation-page.ts';

const browser = sharedBrowser();

/** The slips with those of boxes a and b (0-based) exchanged. */
const exchange = (slips: ArrayLike<number>, a: number, b: number) => {
  const next = Array.from(slips);
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
};

/** What the page says of the arrangement on the board (100 boxes, 50 guesses each). */
const arrangementLine = (which: string, slips: ArrayLike<number>) =>
  longest(slips) > 50
    ? `Chance that everyone goes free with this arrangement, ${which}: 0%: a cycle of ${longest(slips)} boxes is longer than 50 guesses: it dooms the run.`
    : `Chance that everyone goes free with this arrangement, ${which}: 100.00%: no cycle is longer than 50 guesses: everyone goes free.`;
const arrangementText = (page: Page) =>
  page.getByText(/^Chance that everyone goes free with this arrangement/).textContent();
const BEST_EXCHANGE_LINE =
  'Exact chance over every deal, with the helper’s best exchange: 100.00% (100 prisoners, 50 guesses each, following the slips).';

describe('the helper', () => {
  it('best swap halves the longest cycle, and then everyone goes free', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?variant=helper&seed=${DOOMED_SEED}`);
      expect(await page.getByRole('radio', { name: 'Helper swaps two slips' }).isChecked()).toBe(
        true,
      );
      const slips = firstArrangement(DOOMED_SEED);
      const [a, b] = bestSwap(slips)!;
      // The headline speaks of the arrangement on the board, and names the best exchange's odds.
      expect(await arrangementText(page)).toBe(arrangementLine('as dealt', slips));
      expect(await page.getByText(/^Exact chance/).textContent()).toBe(BEST_EXCHANGE_LINE);
      await page.getByRole('button', { name: 'Best swap' }).click();
      await expect(
        page.getByText(`The slips of boxes ${a + 1} and ${b + 1} are exchanged`).count(),
      ).resolves.toBe(1);
      expect(await arrangementText(page)).toBe(
        arrangementLine('after the helper’s best exchange', exchange(slips, a, b)),
      );
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
      // An exchange of the visitor's that joins two cycles into one too long: the headline says
      // this arrangement dooms the run, and keeps the best exchange's odds apart, named.
      await boxNamed(page, 0).press('Enter');
      await boxNamed(page, 2).press('Enter');
      const doomed = exchange(slips, 0, 2);
      expect(longest(doomed)).toBeGreaterThan(50);
      expect(await arrangementText(page)).toBe(
        arrangementLine('after the exchange of boxes 1 and 3', doomed),
      );
      expect(await page.getByText(/^Exact chance/).textContent()).toBe(BEST_EXCHANGE_LINE);
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
