/**
 * The counts of a lab run: fixed-size arrays whatever the number of trials, so memory never
 * grows with the run. With the cycle and swap strategies the successes, and when at most one
 * cycle can be longer than k (2k >= n) the freed counts too, follow from the longest-cycle
 * histogram alone, so the cycle strategy's kernels then only count longest cycles and the rest
 * is derived once per batch. The swap kernels count freed prisoners themselves; every count of
 * theirs is of the arrangement after the helper's swap.
 */
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import type { StateSeed } from './rng.ts';

/** Counts of a run so far; the arrays have n + 1 entries whatever the number of trials. */
export interface Tally {
  trials: number;
  successes: number;
  /** longestCycle[length]: trials whose longest cycle (after the swap, if any) had this length. */
  longestCycle: Float64Array;
  /** freed[count]: trials in which this many prisoners found their number (cycle and swap). */
  freed: Float64Array;
  /**
   * Generator state at the start of the first literal trial that the simulation page
   * (100 prisoners, 50 guesses) loses, or null: `randomArrangement(100, createRng(state))`
   * is that trial's arrangement.
   */
  watchState: StateSeed | null;
}

/** An empty tally for n prisoners. */
export function createTally(n: number): Tally {
  return {
    trials: 0,
    successes: 0,
    longestCycle: new Float64Array(n + 1),
    freed: new Float64Array(n + 1),
    watchState: null,
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

/** True when no arrangement of n boxes can hold two cycles longer than k. */
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
