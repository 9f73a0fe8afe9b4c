import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT, PRISONER_COUNT } from '../src/prisoners/engine/constants.ts';
import { cycleStructure } from '../src/prisoners/engine/cycles.ts';
import { playToEnd, strategyPath } from '../src/prisoners/engine/game.ts';
import { bestSwap } from '../src/prisoners/engine/variants.ts';
import { axeViolations, sharedBrowser, visit, withPage, WITHOUT_WEBGL } from './browser.ts';
import { boxNamed, boxNames, endDialogName, readout } from './simulation-page.ts';
import { deals, findSeed, firstArrangement } from '../src/testing/arrangements.ts';

const browser = sharedBrowser();
const noGl = sharedBrowser(WITHOUT_WEBGL);

const longest = (slips: ArrayLike<number>) => cycleStructure(slips).cycles[0]!.boxes.length;
const DOOMED_SEED = findSeed(300, (slips) => longest(slips) > GUESS_LIMIT);
const FREE_SEED = findSeed(300, (slips) => longest(slips) <= GUESS_LIMIT);

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
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('agrees with the Show cycles legend, and marks the ring that dooms the run', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${DOOMED_SEED}`);
      await page.getByRole('button', { name: 'Arrange in rings' }).click();
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
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('keeps the status in view on a phone while the boxes scroll past', () =>
    withPage(browser, { width: 375, height: 740 }, async ({ page, problems }) => {
      await visit(page, `/projects/prisoner/?seed=${FREE_SEED}`);
      const board = page.getByRole('region', { name: /The room with/ });
      await board.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      for (const label of ['Current prisoner', 'Guesses left', 'Current slip']) {
        const box = await page.getByLabel(label, { exact: true }).boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= 740, label).toBe(true);
      }
      expect(await page.getByRole('button', { name: 'Start simulation' }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
    }));
});
