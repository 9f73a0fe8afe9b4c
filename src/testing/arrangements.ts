import { GUESS_LIMIT, PRISONER_COUNT } from '../prisoners/engine/constants.ts';
import { createRng, type Seed } from '../prisoners/engine/rng.ts';
import { dealFor, type Variant } from '../prisoners/engine/variants.ts';

/**
 * Test oracles for arrangements (slips[box] = slip). They walk the slips box by box, on purpose
 * independently of the engine's cycle finder, so tests can check the engine against them.
 */

/** lengths[box] is the length of the cycle through `box`. */
export function cycleLengthOfBox(slips: ArrayLike<number>): number[] {
  return Array.from({ length: slips.length }, (_, box) => {
    let length = 1;
    for (let at = slips[box] as number; at !== box; at = slips[at] as number) length++;
    return length;
  });
}

/** The first prisoner (0-based) whose cycle is longer than GUESS_LIMIT, or -1 when all go free. */
export function firstFailingPrisoner(slips: ArrayLike<number>): number {
  return cycleLengthOfBox(slips).findIndex((length) => length > GUESS_LIMIT);
}

/** The first `count` deals of 100 boxes from a seed, as the simulation deals them. */
export function deals(seed: Seed, count: number, variant: Variant = 'classic') {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => dealFor(variant, PRISONER_COUNT, rng));
}

/** The first `count` arrangements of the classic puzzle that a seed deals. */
export function arrangements(seed: Seed, count: number): Int32Array[] {
  return deals(seed, count).map((deal) => deal.slips);
}

/** The first arrangement a seed deals. */
export const firstArrangement = (seed: Seed): Int32Array => arrangements(seed, 1)[0]!;

/** The first seed from `from` whose first arrangement passes `test`. */
export function findSeed(from: number, test: (slips: Int32Array) => boolean): number {
  for (let seed = from; ; seed++) if (test(firstArrangement(seed))) return seed;
}
