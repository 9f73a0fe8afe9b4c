/**
 * Fast trials sample the cycle structure instead of an arrangement: in a uniform permutation of
 * m boxes the cycle through the smallest box has a length uniform on 1..m, and the rest is a
 * uniform permutation of what remains. Sampling stops once the rest can hold no longer cycle
 * (nor, when freed counts are needed, one longer than k), so the counts are exact.
 */
import {
  copyGenerator,
  drawFor,
  drawLarge,
  drawSmall,
  nextWord,
  setGenerator,
  SMALL_N_LIMIT,
  type Sfc32,
} from './sfc32.ts';
import type { Tally } from './tally.ts';

/** A fast kernel: `count` trials added to the tally. */
export type FastKernel = (
  count: number,
  n: number,
  k: number,
  tally: Tally,
  generator: Sfc32,
) => void;

/** The longest cycle of a uniform arrangement of n boxes, sampled cycle by cycle. */
type LongestCycleSampler = (n: number, generator: Sfc32) => number;

// Two copies that differ only in the draw they call by name. A draw passed in as a parameter
// cost the fast kernel 8–13% (V8 checks the callee and spills registers for it in the innermost
// loop); a sampler passed in is called once per trial instead, which measured free.

/** `LongestCycleSampler` for n < 256 boxes, with 24-bit draws. */
function longestCycleSmall(n: number, generator: Sfc32): number {
  let remaining = n;
  let longest = 0;
  while (remaining > longest) {
    const length = drawSmall(generator, remaining) + 1;
    remaining -= length;
    if (length > longest) longest = length;
  }
  return longest;
}

/** `LongestCycleSampler` for any n the lab takes, with 32-bit draws. */
function longestCycleLarge(n: number, generator: Sfc32): number {
  let remaining = n;
  let longest = 0;
  while (remaining > longest) {
    const length = drawLarge(generator, remaining) + 1;
    remaining -= length;
    if (length > longest) longest = length;
  }
  return longest;
}

function longestCycleSampler(n: number): LongestCycleSampler {
  return n < SMALL_N_LIMIT ? longestCycleSmall : longestCycleLarge;
}

/** Counts the longest cycle of `count` trials, drawn by `sample`, on a local copy of the generator. */
function countLongestCycles(
  sample: LongestCycleSampler,
  count: number,
  n: number,
  tally: Tally,
  generator: Sfc32,
): void {
  const local = copyGenerator(generator);
  const histogram = tally.longestCycle;
  for (let trial = 0; trial < count; trial++) {
    histogram[sample(n, local)]!++;
  }
  setGenerator(generator, local);
}

/**
 * Cycle strategy when 2k >= n: only the longest cycle is counted (tally.ts derives the rest).
 * The loop sits in a function of its own: written inline here it measured 0.85 of the speed
 * limit instead of 0.98–1.0, from what V8 makes of it once inlined into the batch.
 */
export const fastLongestTrials: FastKernel = (count, n, _k, tally, generator) =>
  countLongestCycles(longestCycleSampler(n), count, n, tally, generator);

/** One trial when 2k < n: its longest cycle and the prisoners it frees, counted. */
type FreedTrial = (
  n: number,
  k: number,
  generator: Sfc32,
  histogram: Float64Array,
  freed: Float64Array,
) => void;

// Again two copies that differ only in the draw. Sampling goes on while the rest could hold a
// longer cycle or one longer than k: everyone on a cycle longer than k stays in.

/** `FreedTrial` for n < 256 boxes, with 24-bit draws. */
function freedTrialSmall(
  n: number,
  k: number,
  generator: Sfc32,
  histogram: Float64Array,
  freed: Float64Array,
): void {
  let remaining = n;
  let longest = 0;
  let lost = 0;
  let limit = 0; // min(longest, k)
  while (remaining > limit) {
    const length = drawSmall(generator, remaining) + 1;
    remaining -= length;
    if (length > k) lost += length;
    if (length > longest) {
      longest = length;
      limit = longest < k ? longest : k;
    }
  }
  histogram[longest]!++;
  freed[n - lost]!++;
}

/** `FreedTrial` for any n the lab takes, with 32-bit draws. */
function freedTrialLarge(
  n: number,
  k: number,
  generator: Sfc32,
  histogram: Float64Array,
  freed: Float64Array,
): void {
  let remaining = n;
  let longest = 0;
  let lost = 0;
  let limit = 0; // min(longest, k)
  while (remaining > limit) {
    const length = drawLarge(generator, remaining) + 1;
    remaining -= length;
    if (length > k) lost += length;
    if (length > longest) {
      longest = length;
      limit = longest < k ? longest : k;
    }
  }
  histogram[longest]!++;
  freed[n - lost]!++;
}

/** Runs `count` trials of `trial` on a local copy of the generator. */
function countFreed(
  trial: FreedTrial,
  count: number,
  n: number,
  k: number,
  tally: Tally,
  generator: Sfc32,
): void {
  const local = copyGenerator(generator);
  const { longestCycle: histogram, freed } = tally;
  for (let i = 0; i < count; i++) trial(n, k, local, histogram, freed);
  setGenerator(generator, local);
}

/** Cycle strategy when 2k < n: several cycles may be longer than k, so freed is counted here. */
export const fastFreedTrials: FastKernel = (count, n, k, tally, generator) =>
  countFreed(n < SMALL_N_LIMIT ? freedTrialSmall : freedTrialLarge, count, n, k, tally, generator);

/**
 * Swap strategy: the helper splits the longest cycle, of L boxes, into ⌈L/2⌉ and ⌊L/2⌋, so the
 * longest cycle after the swap is the larger of ⌈L/2⌉ and the second-longest. No cycle of at most
 * min(that, k) boxes, drawn later, changes it or the prisoners freed, so sampling stops once the
 * rest can only hold such cycles. One function for every n, with the draw in a variable: this
 * kernel has no tuned limit to keep up with, and calling the draw by name measured no faster.
 */
export const fastSwapTrials: FastKernel = (count, n, k, tally, generator) => {
  const local = copyGenerator(generator);
  const draw = drawFor(n);
  const { longestCycle: histogram, freed } = tally;
  for (let trial = 0; trial < count; trial++) {
    let remaining = n;
    let longest = 0;
    let second = 0;
    let after = 0; // longest cycle after the swap
    let lost = 0; // boxes on cycles longer than k before the swap
    let limit = 0; // min(after, k)
    while (remaining > limit) {
      const length = draw(local, remaining) + 1;
      remaining -= length;
      if (length > k) lost += length;
      if (length > longest) {
        second = longest;
        longest = length;
      } else if (length > second) {
        second = length;
      }
      const half = (longest + 1) >> 1;
      after = half > second ? half : second;
      limit = after < k ? after : k;
    }
    if (longest > k) {
      // The longest cycle's prisoners now walk one of its halves.
      const low = longest >> 1;
      const high = longest - low;
      lost += (high > k ? high : 0) + (low > k ? low : 0) - longest;
    }
    histogram[after]!++;
    freed[n - lost]!++;
  }
  setGenerator(generator, local);
};

/**
 * The binary expansion of a probability 0 <= p < 1 in 32-bit words, most significant first. It
 * is finite (a double has at most 1074 fractional bits) and every step is exact.
 */
export function probabilityWords(p: number): Uint32Array {
  const words: number[] = [];
  for (let rest = p; rest > 0;) {
    rest *= 0x100000000;
    const word = Math.floor(rest);
    words.push(word);
    rest -= word;
  }
  return Uint32Array.from(words);
}

/**
 * True with probability exactly p, given as `probabilityWords(p)`: a uniform real in [0, 1) is
 * below p when, at the first random word that differs from p's, it is the smaller. One word
 * decides, except with probability 2^-32 per word.
 */
export function bernoulli(generator: Sfc32, words: Uint32Array): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = nextWord(generator) >>> 0;
    const target = words[i] as number;
    if (word !== target) return word < target;
  }
  return false;
}

/**
 * Random strategy: everyone goes free with probability p = (k/n)^n, exactly the chance that n
 * prisoners each find their slip among k of n boxes, so success is one Bernoulli draw per trial
 * (`words` are p's, or null when p = 1). The longest cycle is sampled for the histogram.
 */
export function fastRandomTrials(
  count: number,
  n: number,
  words: Uint32Array | null,
  tally: Tally,
  generator: Sfc32,
): void {
  const local = copyGenerator(generator);
  const sample = longestCycleSampler(n);
  const histogram = tally.longestCycle;
  let successes = 0;
  for (let trial = 0; trial < count; trial++) {
    histogram[sample(n, local)]!++;
    if (words === null || bernoulli(local, words)) successes++;
  }
  setGenerator(generator, local);
  tally.successes += successes;
}
