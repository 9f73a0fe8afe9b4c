// The warden: one cycle through every box, until the prisoners relabel the boxes in secret.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT } from '../../src/features/prisoners/engine/constants.ts';
import { playToEnd } from '../../src/features/prisoners/engine/game.ts';
import { deals } from '../../src/testing/arrangements.ts';
import { sharedBrowser, visit, withPage } from '../support/browser.ts';
import { boxNamed, boxNames, centreBoard, finalDialog } from '../support/simulation-page.ts';
import { openRimColours } from '../support/board-pixels.ts';
import { colourDistance, type Rgb } from '../support/pixels.ts';
import { CYCLE_COLOURS } from '../../src/features/prisoners/grid/palette.ts';

const browser = sharedBrowser();

/**
 * With the cycles shown under the secret relabelling, prisoner 1 opens the first boxes of their
 * walk by hand: an opened box shows its inside round the slip in a colour far from every cycle's
 * colour and from its pale tint on a closed lid, so an opened box never reads as a box of a cycle.
 */
async function openBoxesStandApart(page: Page, seed: number) {
  const { slips, secret } = deals(seed, 1, 'warden')[0]!;
  // The walk: prisoner 1 starts at the box they call 1, then goes to the box called by each slip.
  const walk = [secret![0]!];
  for (let step = 1; step < 3; step++) walk.push(secret![slips[walk[step - 1]!]!]!);
  expect(walk.map((box) => slips[box])).not.toContain(0);
  for (const box of walk) await boxNamed(page, box).click();
  await centreBoard(page);
  await page.mouse.move(0, 0);
  const canvas = (await page.locator('canvas').boundingBox())!;
  const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
  // A closed lid takes a pale tint of its cycle's colour: 55% of the way to the lid's own.
  const tint = (colour: Rgb) => colour.map((c, i) => c + (rgb('#f4eff7')[i]! - c) * 0.55) as Rgb;
  const cycleColours = CYCLE_COLOURS.flatMap((hex) => [rgb(hex), tint(rgb(hex))]);
  const lookAlikes = async () => {
    const alike: string[] = [];
    // The box opened last is left out: its slip has risen out of it.
    for (const box of walk.slice(0, -1)) {
      for (const shown of await openRimColours(page, canvas, 100, box)) {
        const nearest = Math.min(...cycleColours.map((colour) => colourDistance(shown, colour)));
        // The table (dark) shows where the canvas has not drawn the board yet.
        if (nearest < 30 || Math.min(...shown) < 60) {
          alike.push(`Box ${box + 1}: ${shown} is ${nearest} from a cycle colour`);
        }
      }
    }
    return alike;
  };
  await expect.poll(lookAlikes).toEqual([]);
}

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
        if (seed === seeds[0]) await openBoxesStandApart(page, seed);
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
