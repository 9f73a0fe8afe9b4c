// The warden: one cycle through every box, until the prisoners relabel the boxes in secret.
import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { playToEnd } from '../../src/features/prisoners/engine/game.ts';
import { deals } from '../../src/testing/arrangements.ts';
import { sharedBrowser, visit, withPage } from '../support/browser.ts';
import { boxNames, finalDialog } from '../support/simulation-page.ts';

const browser = sharedBrowser();

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
