/**
 * The lab's trial kernels. Every kernel keeps the sfc32 state in int32 locals, draws bounded
 * integers exactly like `Rng.nextBelow` (Lemire on 32-bit words) and writes only into
 * fixed-size tallies, so memory never grows with the number of trials.
 *
 * - literal: every trial shuffles a real arrangement (Fisher–Yates from the top, seeded per
 *   trial with deriveSeed(workerSeed, trialIndex), so `randomArrangement(n, createRng(seed))`
 *   replays it) and the prisoners follow the slips (one cycle scan with generation stamps).
 * - fast: samples the cycle structure directly: the cycle through the smallest remaining
 *   element of a uniform permutation of m elements has a length uniform on 1..m.
 */
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import { mix32 } from './rng.ts';

export const STRATEGIES = ['cycle', 'random'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const METHODS = ['literal', 'fast'] as const;
export type Method = (typeof METHODS)[number];

const TWO_POW_32 = 4294967296;
const TWO_POW_MINUS_32 = 1 / TWO_POW_32;
/** The golden-ratio multiplier of `deriveSeed`, inlined in the literal kernels. */
const DERIVE_MULTIPLIER = 0x85ebca6b;

/** Counts of a run so far; the arrays have n + 1 entries whatever the number of trials. */
export interface Tally {
  trials: number;
  successes: number;
  /** longestCycle[length]: trials whose longest cycle had this length. */
  longestCycle: Float64Array;
  /** freed[count]: trials in which this many prisoners found their number (cycle strategy). */
  freed: Float64Array;
  /** Seed of the first literal trial that the simulation page (100 prisoners, 50 guesses) loses, or −1. */
  watchSeed: number;
}

/** An empty tally for n prisoners. */
export function createTally(n: number): Tally {
  return {
    trials: 0,
    successes: 0,
    longestCycle: new Float64Array(n + 1),
    freed: new Float64Array(n + 1),
    watchSeed: -1,
  };
}

/** Reusable typed arrays of one literal kernel. */
export interface LiteralScratch {
  slips: Int32Array;
  seen: Int32Array;
  boxes: Int32Array;
  generation: number;
}

/** Scratch space for literal trials with n prisoners. */
export function createLiteralScratch(n: number): LiteralScratch {
  const boxes = new Int32Array(n);
  for (let i = 0; i < n; i++) boxes[i] = i;
  return { slips: new Int32Array(n), seen: new Int32Array(n), boxes, generation: 0 };
}

/** Longest cycles above this length lose the simulation page's game, or n + 1 when n differs. */
export function watchThreshold(n: number): number {
  return n === PRISONER_COUNT ? GUESS_LIMIT : n + 1;
}

/**
 * `count` literal trials with the cycle strategy, trial indices firstTrial.. of the worker
 * seeded with workerSeed. Stops walking once the unvisited rest can neither hold a longer
 * cycle nor a cycle longer than k.
 */
export function literalCycleBatch(
  n: number,
  k: number,
  workerSeed: number,
  firstTrial: number,
  count: number,
  tally: Tally,
  scratch: LiteralScratch,
): void {
  const slips = scratch.slips;
  const seen = scratch.seen;
  const longestCycle = tally.longestCycle;
  const freed = tally.freed;
  const watchAbove = watchThreshold(n);
  const mixedWorkerSeed = mix32(workerSeed) | 0;
  let generation = scratch.generation;
  let successes = 0;
  let watchSeed = tally.watchSeed;
  for (let trial = 0; trial < count; trial++) {
    // deriveSeed(workerSeed, trialIndex), then createRng(trialSeed), inlined.
    const trialSeed = mix32(mixedWorkerSeed ^ Math.imul(firstTrial + trial + 1, DERIVE_MULTIPLIER));
    let a = mix32(trialSeed) | 0;
    let b = mix32(a ^ 0x6a09e667) | 0;
    let c = mix32(b ^ 0xbb67ae85) | 0;
    let d = 1;
    for (let i = 0; i < 12; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
    }
    for (let i = 0; i < n; i++) slips[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const bound = i + 1;
      let x = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + x) | 0;
      let low = Math.imul(x, bound) >>> 0;
      if (low < bound) {
        const threshold = (TWO_POW_32 - bound) % bound;
        while (low < threshold) {
          x = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (c << 21) | (c >>> 11);
          c = (c + x) | 0;
          low = Math.imul(x, bound) >>> 0;
        }
      }
      const j = ((x >>> 0) * bound * TWO_POW_MINUS_32) | 0;
      const held = slips[i] as number;
      slips[i] = slips[j] as number;
      slips[j] = held;
    }

    generation++;
    if (generation === 0x3fffffff) {
      seen.fill(0);
      generation = 1;
    }
    let remaining = n;
    let longest = 0;
    let lost = 0;
    for (let start = 0; remaining > (k < longest ? k : longest); start++) {
      if (seen[start] === generation) continue;
      let length = 0;
      let at = start;
      do {
        seen[at] = generation;
        at = slips[at] as number;
        length++;
      } while (at !== start);
      remaining -= length;
      if (length > longest) longest = length;
      if (length > k) lost += length;
    }
    longestCycle[longest] = (longestCycle[longest] as number) + 1;
    freed[n - lost] = (freed[n - lost] as number) + 1;
    if (longest <= k) successes++;
    if (watchSeed < 0 && longest > watchAbove) watchSeed = trialSeed;
  }
  scratch.generation = generation;
  tally.trials += count;
  tally.successes += successes;
  tally.watchSeed = watchSeed;
}

/**
 * `count` literal trials with the random strategy: the same seeded arrangement per trial, then
 * each prisoner opens k distinct boxes (a partial Fisher–Yates over the box numbers) until one
 * prisoner fails. The longest cycle is recorded as well.
 */
export function literalRandomBatch(
  n: number,
  k: number,
  workerSeed: number,
  firstTrial: number,
  count: number,
  tally: Tally,
  scratch: LiteralScratch,
): void {
  const slips = scratch.slips;
  const seen = scratch.seen;
  const boxes = scratch.boxes;
  const longestCycle = tally.longestCycle;
  const mixedWorkerSeed = mix32(workerSeed) | 0;
  let generation = scratch.generation;
  let successes = 0;
  for (let trial = 0; trial < count; trial++) {
    const trialSeed = mix32(mixedWorkerSeed ^ Math.imul(firstTrial + trial + 1, DERIVE_MULTIPLIER));
    let a = mix32(trialSeed) | 0;
    let b = mix32(a ^ 0x6a09e667) | 0;
    let c = mix32(b ^ 0xbb67ae85) | 0;
    let d = 1;
    for (let i = 0; i < 12; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
    }
    for (let i = 0; i < n; i++) slips[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const bound = i + 1;
      let x = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + x) | 0;
      let low = Math.imul(x, bound) >>> 0;
      if (low < bound) {
        const threshold = (TWO_POW_32 - bound) % bound;
        while (low < threshold) {
          x = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (c << 21) | (c >>> 11);
          c = (c + x) | 0;
          low = Math.imul(x, bound) >>> 0;
        }
      }
      const j = ((x >>> 0) * bound * TWO_POW_MINUS_32) | 0;
      const held = slips[i] as number;
      slips[i] = slips[j] as number;
      slips[j] = held;
    }

    generation++;
    if (generation === 0x3fffffff) {
      seen.fill(0);
      generation = 1;
    }
    let remaining = n;
    let longest = 0;
    for (let start = 0; remaining > longest; start++) {
      if (seen[start] === generation) continue;
      let length = 0;
      let at = start;
      do {
        seen[at] = generation;
        at = slips[at] as number;
        length++;
      } while (at !== start);
      remaining -= length;
      if (length > longest) longest = length;
    }
    longestCycle[longest] = (longestCycle[longest] as number) + 1;

    let everyoneFound = true;
    for (let prisoner = 0; prisoner < n && everyoneFound; prisoner++) {
      let found = false;
      for (let opened = 0; opened < k; opened++) {
        const bound = n - opened;
        let x = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + x) | 0;
        let low = Math.imul(x, bound) >>> 0;
        if (low < bound) {
          const threshold = (TWO_POW_32 - bound) % bound;
          while (low < threshold) {
            x = (((a + b) | 0) + d) | 0;
            d = (d + 1) | 0;
            a = b ^ (b >>> 9);
            b = (c + (c << 3)) | 0;
            c = (c << 21) | (c >>> 11);
            c = (c + x) | 0;
            low = Math.imul(x, bound) >>> 0;
          }
        }
        const j = opened + (((x >>> 0) * bound * TWO_POW_MINUS_32) | 0);
        const box = boxes[j] as number;
        boxes[j] = boxes[opened] as number;
        boxes[opened] = box;
        if (slips[box] === prisoner) {
          found = true;
          break;
        }
      }
      everyoneFound = found;
    }
    if (everyoneFound) successes++;
  }
  scratch.generation = generation;
  tally.trials += count;
  tally.successes += successes;
}

/** sfc32 state of a fast kernel, carried from batch to batch. */
export type FastState = Int32Array;

/** The fast kernels' generator, seeded like `createRng(seed)`. */
export function createFastState(seed: number): FastState {
  let a = mix32(seed) | 0;
  let b = mix32(a ^ 0x6a09e667) | 0;
  let c = mix32(b ^ 0xbb67ae85) | 0;
  let d = 1;
  for (let i = 0; i < 12; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
  }
  return Int32Array.of(a, b, c, d);
}

/**
 * `count` fast trials. Cycles are sampled until the rest can neither hold a longer cycle nor a
 * cycle longer than k, so the longest cycle and the number freed are exact. With the random
 * strategy success is a separate Bernoulli draw with p = (k/n)^n, which is exactly the chance
 * that n independent prisoners each find their slip among k of n boxes.
 */
export function fastBatch(
  n: number,
  k: number,
  strategy: Strategy,
  randomSuccess: number,
  count: number,
  tally: Tally,
  state: FastState,
): void {
  const longestCycle = tally.longestCycle;
  const freed = tally.freed;
  const cycleStrategy = strategy === 'cycle';
  // With the random strategy only the longest cycle matters for the histogram.
  const walkLimit = cycleStrategy ? k : n;
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let successes = 0;
  for (let trial = 0; trial < count; trial++) {
    let remaining = n;
    let longest = 0;
    let lost = 0;
    while (remaining > (walkLimit < longest ? walkLimit : longest)) {
      const bound = remaining;
      let x = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + x) | 0;
      let low = Math.imul(x, bound) >>> 0;
      if (low < bound) {
        const threshold = (TWO_POW_32 - bound) % bound;
        while (low < threshold) {
          x = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (c << 21) | (c >>> 11);
          c = (c + x) | 0;
          low = Math.imul(x, bound) >>> 0;
        }
      }
      const length = (((x >>> 0) * bound * TWO_POW_MINUS_32) | 0) + 1;
      remaining -= length;
      if (length > longest) longest = length;
      if (length > k) lost += length;
    }
    longestCycle[longest] = (longestCycle[longest] as number) + 1;
    if (cycleStrategy) {
      freed[n - lost] = (freed[n - lost] as number) + 1;
      if (longest <= k) successes++;
    } else {
      // A uniform double from 53 random bits.
      const high = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + high) | 0;
      const low = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + low) | 0;
      const uniform = ((high >>> 5) * 67108864 + (low >>> 6)) / 9007199254740992;
      if (uniform < randomSuccess) successes++;
    }
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
  tally.trials += count;
  tally.successes += successes;
}
