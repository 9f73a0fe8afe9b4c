/**
 * The counts of a lab run: fixed-size arrays whatever the number of trials, so memory never
 * grows with the run. With the cycle and swap strategies the successes, and when at most one
 * cycle can be longer than k (2k >= n) the freed counts too, follow from the longest-cycle
 * histogram alone, so the cycle strategy's kernels then only count longest cycles and the rest
 * is derived once per batch. The swap kernels count freed prisoners themselves; every count of
 * theirs is of the arrangement after the helper's swap.
 */
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import { generatorFromWords, rewindGenerator, type Sfc32 } from './sfc32.ts';
import type { Counts } from './types.ts';

/** Counts of a run so far; the arrays have n + 1 entries whatever the number of trials. */
export interface Tally extends Counts {
  /** The first literal trial of each longest cycle, kept by the cycle strategy's kernels; or null. */
  examples: ExampleBook | null;
}

/**
 * For each longest-cycle length L, the first literal trial counted whose longest cycle is L: its
 * run trial number and where its generator state can be found. The kernels fill it as they go,
 * with plain stores into typed arrays on the rare trial that is kept, so keeping it costs a
 * comparison per trial; `trialStart` recovers the state at the trial's start.
 */
export interface ExampleBook {
  /** trial[L]: run trial number (1-based) of the first trial counted with longest cycle L; 0: none. */
  trial: Float64Array;
  /**
   * words[5L … 5L + 4]: the generator's state (a, b, c, d) at the end of that trial, and how many
   * words the trial drew.
   */
  words: Int32Array;
  /** Run trial number of the next trial a kernel runs; the kernels move it on. */
  next: number;
}

/** The generator state at the start of the trial kept for longest cycle `length`. */
export function trialStart(book: ExampleBook, length: number): Sfc32 {
  const at = 5 * length;
  const { words } = book;
  const state = generatorFromWords(words[at]!, words[at + 1]!, words[at + 2]!, words[at + 3]!);
  rewindGenerator(state, words[at + 4]!);
  return state;
}

/** An empty tally for n prisoners; with `examples`, the cycle strategy's literal kernels keep them. */
export function createTally(n: number, examples = false): Tally {
  return {
    trials: 0,
    successes: 0,
    longestCycle: new Float64Array(n + 1),
    freed: new Float64Array(n + 1),
    examples: examples
      ? { trial: new Float64Array(n + 1), words: new Int32Array(5 * (n + 1)), next: 1 }
      : null,
  };
}

/**
 * Longest cycles above this length lose the simulation page's game (100 prisoners, 50 guesses,
 * following the slips), so such a trial can be watched there; null when no trial of these
 * settings can be.
 */
export function watchThreshold(n: number, strategy: string): number | null {
  return n === PRISONER_COUNT && strategy === 'cycle' ? GUESS_LIMIT : null;
}

/** True when 2k >= n, so that no arrangement of n boxes can hold two cycles longer than k. */
export function oneLongCycleAtMost(n: number, k: number): boolean {
  return 2 * k >= n;
}

/**
 * Cycle and swap strategies: successes are the trials whose longest cycle is at most k. When
 * 2k >= n the only cycle longer than k, if any, is the longest, so freed[n − length] counts those
 * trials and freed[n] the successes. Exact for every trial in the tally, so the counts are
 * rewritten whole.
 */
export function deriveCycleCounts(tally: Tally, n: number, k: number): void {
  const histogram = tally.longestCycle;
  let successes = 0;
  for (let length = 0; length <= k; length++) successes += histogram[length] as number;
  tally.successes = successes;
  if (!oneLongCycleAtMost(n, k)) return;
  const freed = tally.freed;
  freed.fill(0);
  freed[n] = successes;
  for (let length = k + 1; length <= n; length++) freed[n - length] = histogram[length] as number;
}
