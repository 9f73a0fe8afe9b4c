/**
 * The CPU's answer for streams of trials, for the GPU identity tests: each stream run by the lab's
 * batch functions from its own starting state, with scratch of its own, and the tallies summed.
 */
import { createLiteralScratch } from '../features/prisoners/engine/literal-kernels.ts';
import { deriveSeed, stateSeed } from '../features/prisoners/engine/rng.ts';
import { copyGenerator, seedGenerator, type Sfc32 } from '../features/prisoners/engine/sfc32.ts';
import { examplesOf, watchOf } from '../features/prisoners/engine/streams.ts';
import { createTally, type Tally } from '../features/prisoners/engine/tally.ts';
import { fastBatch, literalBatch, planTrials } from '../features/prisoners/engine/trials.ts';
import type { Method, Strategy } from '../features/prisoners/engine/types.ts';

export interface StreamsOracle {
  tally: Tally;
  /** Each stream's generator state after its last trial. */
  states: string[];
  /** Each stream's state at its first trial that the simulation page loses, or null. */
  watchStates: (string | null)[];
}

export function cpuStreams(
  settings: { n: number; k: number; strategy: Strategy; method: Method },
  starts: readonly Sfc32[],
  trials: readonly number[],
): StreamsOracle {
  const plan = planTrials(settings);
  const sum = createTally(settings.n);
  const states: string[] = [];
  const watchStates: (string | null)[] = [];
  starts.forEach((start, i) => {
    const generator = copyGenerator(start);
    // The cycle strategy's literal kernels keep examples, the trial to watch among them.
    const tally = createTally(
      settings.n,
      settings.strategy === 'cycle' && settings.method === 'literal',
    );
    const count = trials[i] as number;
    if (count > 0) {
      if (settings.method === 'literal') {
        literalBatch(plan, count, tally, createLiteralScratch(settings.n), generator);
      } else {
        fastBatch(plan, count, tally, generator);
      }
    }
    sum.trials += tally.trials;
    sum.successes += tally.successes;
    tally.longestCycle.forEach((value, length) => (sum.longestCycle[length]! += value));
    tally.freed.forEach((value, freed) => (sum.freed[freed]! += value));
    states.push(stateSeed(generator));
    const watch = watchOf(examplesOf(tally.examples, settings.n), settings.n, settings.strategy);
    watchStates.push(watch?.state ?? null);
  });
  return { tally: sum, states, watchStates };
}

/** (n, k, each stream's trials, trials per stream per dispatch) for the identity tests. */
export type IdentityCase = [n: number, k: number, trials: number[], slice: number];

/**
 * Settings that reach every branch of the kernels: n = 1 (k = 0 and 1), odd n with 2k < n, the
 * simulation page's game (a trial to watch), 2k < n, 32-bit draws (n ≥ 256) and n = 100,000.
 * Streams of unequal length, one empty, and slices shorter than the streams, so the generator
 * state and the scratch are carried from dispatch to dispatch.
 */
export const GPU_IDENTITY_CASES: Record<Method, IdentityCase[]> = {
  literal: [
    [1, 0, [3, 1], 2],
    [1, 1, [2], 5],
    [7, 3, [40, 33, 0, 17], 9],
    [100, 50, [60, 45, 30], 16],
    [100, 30, [50, 20], 16],
    [257, 128, [6, 5], 4],
    [100_000, 50_000, [1, 1], 1],
    [100_000, 20_000, [1], 1],
  ],
  fast: [
    [1, 0, [3, 1], 2],
    [1, 1, [2], 5],
    [7, 3, [400, 333, 0, 170], 64],
    [100, 50, [900, 450, 300], 256],
    [100, 30, [500, 200], 128],
    [100, 100, [50], 20],
    [257, 128, [300, 123], 100],
    [100_000, 50_000, [200, 100], 64],
    [100_000, 20_000, [200], 64],
  ],
};

/** The starting states of a case's streams: fixed, different for every case and stream. */
export function identityStarts(n: number, k: number, streams: number): Sfc32[] {
  return Array.from({ length: streams }, (_, s) => seedGenerator(deriveSeed(n * 1000 + k, s)));
}

/**
 * The cases the browser test runs (every pipeline compiles through SwiftShader there, the slow
 * part): n = 1, odd n with 2k < n, the simulation page's game, and n = 100,000.
 */
export function browserIdentityCases(method: Method): IdentityCase[] {
  const chosen = ['1,1', '7,3', '100,50', '100000,50000'];
  return GPU_IDENTITY_CASES[method].filter(([n, k]) => chosen.includes(`${n},${k}`));
}

/** One stream as a run holds it: numbered trials, the first few literal, checkpoints inside. */
export interface StreamDetail {
  successes: number;
  checkpoints: { trial: number; successes: number }[];
  /** First literal trial of each longest cycle (cycle strategy), by length. */
  examples: { length: number; trial: number; state: string }[];
}

/**
 * A stream replayed trial by trial with the lab's batch functions (one trial per call): its
 * trials numbered from `firstTrial`, the first `literalUpTo` literal and the rest as the method
 * says, each trial's longest cycle read off the histogram and its success off the count.
 */
export function cpuStreamDetail(
  settings: { n: number; k: number; strategy: Strategy; method: Method },
  start: Sfc32,
  trials: number,
  firstTrial: number,
  literalUpTo: number,
  checkpoints: readonly number[],
): StreamDetail {
  const plan = planTrials(settings);
  const generator = copyGenerator(start);
  const tally = createTally(settings.n);
  const scratch = createLiteralScratch(settings.n);
  const detail: StreamDetail = { successes: 0, checkpoints: [], examples: [] };
  const seen = new Set<number>();
  for (let i = 0; i < trials; i++) {
    const state = stateSeed(generator);
    const histogram = tally.longestCycle.slice();
    const successes = tally.successes;
    const literal = i < literalUpTo;
    if (literal) literalBatch(plan, 1, tally, scratch, generator);
    else fastBatch(plan, 1, tally, generator);
    const longest = tally.longestCycle.findIndex((count, length) => count !== histogram[length]);
    detail.successes += tally.successes - successes;
    const trial = firstTrial + i;
    if (literal && settings.strategy === 'cycle' && !seen.has(longest)) {
      seen.add(longest);
      detail.examples.push({ length: longest, trial, state });
    }
    if (checkpoints.includes(trial))
      detail.checkpoints.push({ trial, successes: detail.successes });
  }
  detail.examples.sort((a, b) => a.length - b.length);
  return detail;
}
