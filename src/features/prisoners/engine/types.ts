/**
 * The engine's vocabulary, in one module that imports nothing: how the prisoners choose, how the
 * lab draws, the puzzle's variants, where a lab run is computed, and the counts that every tally,
 * report and snapshot of a run carries.
 */

/** How the prisoners choose: follow the slips, open k boxes at random, or follow the slips after
 * the helper's best exchange. */
export const STRATEGIES = ['cycle', 'random', 'swap'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** The strategies the simulation page plays (the exchange is the helper variant's, not a strategy). */
export const GAME_STRATEGIES = ['cycle', 'random'] as const satisfies readonly Strategy[];
export type GameStrategy = (typeof GAME_STRATEGIES)[number];

/** How the lab draws a trial: a whole arrangement (literal), or its cycle structure alone (fast). */
export const METHODS = ['literal', 'fast'] as const;
export type Method = (typeof METHODS)[number];

/** The puzzle as specified, with a helper who may exchange two slips, or with a hostile warden. */
export const VARIANTS = ['classic', 'helper', 'warden'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Where a lab run's trials are computed: a WebGPU device, or the pool of CPU workers. */
export const DEVICES = ['gpu', 'cpu'] as const;
export type Device = (typeof DEVICES)[number];

/** What a batch of trials is about: n prisoners, k guesses each, one strategy. */
export interface TrialSettings {
  n: number;
  k: number;
  strategy: Strategy;
}

/** The counts of some trials: fixed-size arrays of n + 1 entries, whatever the number of trials. */
export interface Counts {
  trials: number;
  successes: number;
  /** longestCycle[length]: trials whose longest cycle (after the swap, if any) had this length. */
  longestCycle: Float64Array;
  /** freed[count]: trials in which this many prisoners found their number (cycle and swap). */
  freed: Float64Array;
}
