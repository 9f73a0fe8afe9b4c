import { GUESS_LIMIT, PRISONER_COUNT } from '../features/prisoners/engine/constants.ts';
import { createRng, type Seed } from '../features/prisoners/engine/rng.ts';
import { dealFor } from '../features/prisoners/engine/variants.ts';
import type { Variant } from '../features/prisoners/engine/types.ts';

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

/** An arrangement of 100 whose first cycle (through box 0) has exactly `length` boxes. */
export function arrangementWithCycle(length: number): Int32Array {
  const slips = new Int32Array(PRISONER_COUNT);
  for (let box = 0; box < PRISONER_COUNT; box++) slips[box] = box;
  for (let box = 0; box < length; box++) slips[box] = (box + 1) % length;
  return slips;
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

/** A game of the simulation page to replay: its size, strategy and variant. */
export interface ReplayedBoard {
  n: number;
  k: number;
  strategy: 'cycle' | 'random';
  variant: Variant;
  /** The helper makes the best exchange (`swap` picks the two boxes) in every deal. */
  swap?: (slips: Int32Array) => readonly [number, number] | null;
}

/**
 * Games dealt one after another from a seed, replayed independently of the engine's game: each
 * deal, then the prisoners in order, following the slips (fate by the length of their cycle) or
 * opening k different boxes at random as a partial Fisher–Yates shuffle of an array of the box
 * numbers drawn from the same generator. For each game: the first prisoner who fails, or -1, and
 * every box opened, in order (all prisoners' walks one after another). Also returns the deal that
 * comes after them.
 */
export function replayGames(seed: Seed, board: ReplayedBoard, games: number) {
  const { n, k, strategy, variant } = board;
  const rng = createRng(seed);
  const failures: number[] = [];
  const openings: number[][] = [];
  for (let g = 0; g < games; g++) {
    const opened: number[] = [];
    const slips = Int32Array.from(dealFor(variant, n, rng).slips);
    const swap = board.swap?.(slips);
    if (swap) [slips[swap[0]], slips[swap[1]]] = [slips[swap[1]]!, slips[swap[0]]!];
    const lengths = strategy === 'cycle' ? cycleLengthOfBox(slips) : [];
    let failed = -1;
    for (let prisoner = 0; prisoner < n && failed === -1; prisoner++) {
      let found = false;
      if (strategy === 'cycle') {
        found = lengths[prisoner]! <= k;
        // The walk from the prisoner's own box, k boxes at most.
        for (let box = prisoner, i = 0; i < k; i++, box = slips[box]!) {
          opened.push(box);
          if (slips[box] === prisoner) break;
        }
      } else {
        const boxes = Array.from({ length: n }, (_, box) => box);
        for (let i = 0; i < k && !found; i++) {
          const j = i + rng.nextBelow(n - i);
          [boxes[i], boxes[j]] = [boxes[j]!, boxes[i]!];
          opened.push(boxes[i]!);
          found = slips[boxes[i]!] === prisoner;
        }
      }
      if (!found) failed = prisoner;
    }
    failures.push(failed);
    openings.push(opened);
  }
  return { failures, openings, next: dealFor(variant, n, rng).slips };
}

/** A seed from `from` whose first arrangement of 100 fails with the strategy after prisoner 1 goes free. */
export const failingSeed = (from: number) =>
  findSeed(from, (slips) => firstFailingPrisoner(slips) > 0);

/** The tally of `games` random-strategy games from a seed, and the deal after them. */
export function replayRandomSeries(seed: number, n: number, k: number, games: number) {
  const { failures, next } = replayGames(
    seed,
    { n, k, strategy: 'random', variant: 'classic' },
    games,
  );
  const wins = failures.filter((failed) => failed === -1).length;
  return { wins, losses: games - wins, next };
}

// Small boards worked out by hand: deals come from the seed through the engine's own dealing
// (tested on its own), and every expected walk, swap and tally is walked here, box by box.

/** The first `count` deals of n boxes that a seed gives a variant, in order. */
export function dealsOf(seed: number, n: number, count: number, variant: Variant = 'classic') {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => dealFor(variant, n, rng));
}

/** The first seed from 1 whose first deal of n boxes passes `test`. */
export function seedWhere(n: number, test: (slips: Int32Array) => boolean): number {
  for (let seed = 1; ; seed++) if (test(dealsOf(seed, n, 1)[0]!.slips)) return seed;
}

/** The boxes a prisoner opens following the slips from the own box, k at most. */
export function slipWalk(slips: ArrayLike<number>, prisoner: number, k: number): number[] {
  const walk: number[] = [];
  for (let box = prisoner; walk.length < k; box = slips[box]!) {
    walk.push(box);
    if (slips[box] === prisoner) break;
  }
  return walk;
}

/** The boxes that do not hold the prisoner's slip, in order. */
export const wrongBoxes = (slips: Int32Array, prisoner: number) =>
  [...slips.keys()].filter((box) => slips[box] !== prisoner);

/** The first prisoner whose cycle is longer than k, or -1. */
export const firstFailing = (slips: Int32Array, k: number) =>
  cycleLengthOfBox(slips).findIndex((length) => length > k);

/**
 * The exchange that halves the longest cycle: that cycle walked from its smallest box (the first
 * longest one met going through the boxes in order), b₀ and the box ⌊L/2⌋ steps further on.
 */
export function halvingExchange(slips: Int32Array): [number, number] | null {
  let longest: number[] = [];
  const seen = new Set<number>();
  for (let box = 0; box < slips.length; box++) {
    if (seen.has(box)) continue;
    const cycle = [box];
    for (let at = slips[box]!; at !== box; at = slips[at]!) cycle.push(at);
    for (const member of cycle) seen.add(member);
    if (cycle.length > longest.length) longest = cycle;
  }
  return longest.length < 2 ? null : [longest[0]!, longest[Math.floor(longest.length / 2)]!];
}
