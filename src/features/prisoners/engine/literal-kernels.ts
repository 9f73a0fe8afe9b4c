/**
 * Literal trials: every trial arranges the boxes for real (the inside-out Fisher–Yates of
 * permutation.ts, from the worker's one generator stream) and the prisoners follow the slips.
 * Each kernel runs `count` trials on a local copy of the generator and returns the longest cycle
 * of its last trial. The cycle strategy's kernels also keep, in the tally's example book, the
 * first trial of each longest-cycle length, so any of them can be replayed.
 */
import { arrangementBuffer, shuffleArrangement, type Slips } from './permutation.ts';
import { copyGenerator, drawFor, setGenerator, type Draw, type Sfc32 } from './sfc32.ts';
import type { ExampleBook, Tally } from './tally.ts';

/** Reusable arrays of the literal kernels for n prisoners, and the draw that fits n. */
export interface LiteralScratch {
  slips: Slips;
  /** The box numbers, shuffled in place by prisoners who open boxes at random. */
  boxes: Slips;
  /** A copy of the slips, used up by the scan that finds the cycle the helper splits. */
  copy: Slips;
  draw: Draw;
}

/** A literal kernel: `count` trials added to the tally; returns the last trial's longest cycle. */
export type LiteralKernel = (
  count: number,
  n: number,
  k: number,
  tally: Tally,
  scratch: LiteralScratch,
  generator: Sfc32,
) => number;

/** Scratch space for literal trials with n prisoners. */
export function createLiteralScratch(n: number): LiteralScratch {
  const scratch = {
    slips: arrangementBuffer(n),
    boxes: arrangementBuffer(n),
    copy: arrangementBuffer(n),
    draw: drawFor(n),
  };
  resetBoxOrder(scratch, n);
  return scratch;
}

/**
 * Puts the box numbers back in order. Random searches leave them shuffled and start from there,
 * so a stream of trials starts from this order to be the same whoever ran trials before it.
 */
export function resetBoxOrder(scratch: LiteralScratch, n: number): void {
  for (let i = 0; i < n; i++) scratch.boxes[i] = i;
}

/**
 * Length of the cycle through box `start`, marking its boxes as visited by writing n into them:
 * the next shuffle overwrites every box anyway.
 */
function markCycle(slips: Slips, start: number, n: number): number {
  let at = slips[start] as number;
  slips[start] = n;
  let length = 1;
  while (at !== start) {
    const next = slips[at] as number;
    slips[at] = n;
    at = next;
    length++;
  }
  return length;
}

/**
 * Longest cycle of slips[0..n). The scan uses the arrangement up (see markCycle) and stops once the
 * unvisited rest cannot hold a longer cycle.
 */
function longestCycleOf(slips: Slips, n: number): number {
  let remaining = n;
  let longest = 0;
  for (let start = 0; remaining > longest; start++) {
    if (slips[start] === n) continue;
    const length = markCycle(slips, start, n);
    remaining -= length;
    if (length > longest) longest = length;
  }
  return longest;
}

/**
 * Like `longestCycleOf`, and counts the prisoners freed in `freed`: everyone on a cycle of at most
 * k boxes. Stops once the rest can hold neither a longer cycle nor one longer than k.
 */
function longestCycleAndFreed(slips: Slips, n: number, k: number, freed: Float64Array): number {
  let remaining = n;
  let longest = 0;
  let lost = 0;
  let limit = 0; // min(longest, k)
  for (let start = 0; remaining > limit; start++) {
    if (slips[start] === n) continue;
    const length = markCycle(slips, start, n);
    remaining -= length;
    if (length > k) lost += length;
    if (length > longest) {
      longest = length;
      limit = longest < k ? longest : k;
    }
  }
  freed[n - lost]!++;
  return longest;
}

/**
 * Keeps trial `trial` (run number) as the first with longest cycle `length`: its end state (a, b,
 * c, d) and the words it drew since `drawnBefore` (the counter d then), from which `trialStart`
 * steps back. It takes the state's words, not the generator: a generator passed to a call that V8
 * does not inline escapes the kernel, and its words then live on the heap for every draw instead
 * of in registers (V8's inlining trace showed this call not inlined into the batch).
 */
function keepExample(
  book: ExampleBook,
  length: number,
  trial: number,
  a: number,
  b: number,
  c: number,
  d: number,
  drawnBefore: number,
): void {
  book.trial[length] = trial;
  const at = 5 * length;
  const words = book.words;
  words[at] = a;
  words[at + 1] = b;
  words[at + 2] = c;
  words[at + 3] = d;
  words[at + 4] = (d - drawnBefore) | 0;
}

/** Cycle strategy when 2k >= n: only the longest cycle is counted (tally.ts derives the rest). */
export const literalLongestTrials: LiteralKernel = (count, n, _k, tally, scratch, generator) => {
  const local = copyGenerator(generator);
  const { slips, draw } = scratch;
  const histogram = tally.longestCycle;
  const book = tally.examples;
  let longest = 0;
  for (let trial = 0; trial < count; trial++) {
    // Words drawn so far: enough to step back to the trial's start, should it be kept.
    const drawn = local.d;
    shuffleArrangement(slips, n, local, draw);
    longest = longestCycleOf(slips, n);
    histogram[longest]!++;
    if (book !== null && book.trial[longest] === 0) {
      keepExample(book, longest, book.next + trial, local.a, local.b, local.c, local.d, drawn);
    }
  }
  if (book !== null) book.next += count;
  setGenerator(generator, local);
  return longest;
};

/** Cycle strategy when 2k < n: several cycles may be longer than k, so freed is counted here. */
export const literalFreedTrials: LiteralKernel = (count, n, k, tally, scratch, generator) => {
  const local = copyGenerator(generator);
  const { slips, draw } = scratch;
  const { longestCycle: histogram, freed } = tally;
  const book = tally.examples;
  let longest = 0;
  for (let trial = 0; trial < count; trial++) {
    const drawn = local.d;
    shuffleArrangement(slips, n, local, draw);
    longest = longestCycleAndFreed(slips, n, k, freed);
    histogram[longest]!++;
    if (book !== null && book.trial[longest] === 0) {
      keepExample(book, longest, book.next + trial, local.a, local.b, local.c, local.d, drawn);
    }
  }
  if (book !== null) book.next += count;
  setGenerator(generator, local);
  return longest;
};

/**
 * The helper's best swap, made in slips[0..n): the longest cycle (the first found, scanning from
 * box 0, when several are longest) has L boxes; its first box and the box ⌊L/2⌋ steps on exchange
 * slips, which splits it into cycles of ⌈L/2⌉ and ⌊L/2⌋ boxes. The same exchange as `bestSwap`.
 * An arrangement of fixed points only is left alone.
 */
function splitLongestCycle(slips: Slips, copy: Slips, n: number): void {
  copy.set(slips);
  let remaining = n;
  let longest = 0;
  let first = 0;
  for (let start = 0; remaining > longest; start++) {
    if (copy[start] === n) continue;
    const length = markCycle(copy, start, n);
    remaining -= length;
    if (length > longest) {
      longest = length;
      first = start;
    }
  }
  let other = first;
  for (let step = longest >> 1; step > 0; step--) other = slips[other] as number;
  const slip = slips[first] as number;
  slips[first] = slips[other] as number;
  slips[other] = slip;
}

/**
 * Swap strategy: the helper splits the longest cycle, then the prisoners follow the slips. The
 * longest cycle and the prisoners freed are those after the swap; freed is counted per trial, as
 * with 2k < n several cycles may still be longer than k.
 */
export const literalSwapTrials: LiteralKernel = (count, n, k, tally, scratch, generator) => {
  const local = copyGenerator(generator);
  const { slips, copy, draw } = scratch;
  const { longestCycle: histogram, freed } = tally;
  let longest = 0;
  for (let trial = 0; trial < count; trial++) {
    shuffleArrangement(slips, n, local, draw);
    splitLongestCycle(slips, copy, n);
    longest = longestCycleAndFreed(slips, n, k, freed);
    histogram[longest]!++;
  }
  setGenerator(generator, local);
  return longest;
};

/**
 * True when every prisoner finds their slip among k boxes opened at random: k steps of a partial
 * Fisher–Yates over the box numbers each, which stays a uniform choice from any starting order.
 * Stops at the first prisoner who fails.
 */
function everyoneFindsAtRandom(
  slips: Slips,
  boxes: Slips,
  n: number,
  k: number,
  generator: Sfc32,
  draw: Draw,
): boolean {
  for (let prisoner = 0; prisoner < n; prisoner++) {
    let opened = 0;
    for (; opened < k; opened++) {
      const j = opened + draw(generator, n - opened);
      const box = boxes[j] as number;
      boxes[j] = boxes[opened] as number;
      boxes[opened] = box;
      if (slips[box] === prisoner) break;
    }
    if (opened === k) return false;
  }
  return true;
}

/** Random strategy: the prisoners search first, then the scan (which uses the arrangement up). */
export const literalRandomTrials: LiteralKernel = (count, n, k, tally, scratch, generator) => {
  const local = copyGenerator(generator);
  const { slips, boxes, draw } = scratch;
  const histogram = tally.longestCycle;
  let successes = 0;
  let longest = 0;
  for (let trial = 0; trial < count; trial++) {
    shuffleArrangement(slips, n, local, draw);
    if (everyoneFindsAtRandom(slips, boxes, n, k, local, draw)) successes++;
    longest = longestCycleOf(slips, n);
    histogram[longest]!++;
  }
  setGenerator(generator, local);
  tally.successes += successes;
  return longest;
};
