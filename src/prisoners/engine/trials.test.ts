import { describe, expect, it } from 'vitest';
import {
  cycleSuccessProbability,
  longestCycleDistribution,
  randomSuccessProbability,
} from './exact.ts';
import { cycleLengths, randomArrangement } from './permutation.ts';
import { createRng, deriveSeed } from './rng.ts';
import {
  createFastState,
  createLiteralScratch,
  createTally,
  fastBatch,
  literalCycleBatch,
  literalRandomBatch,
  type Tally,
} from './trials.ts';
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';

function literalCycle(n: number, k: number, seed: number, trials: number): Tally {
  const tally = createTally(n);
  literalCycleBatch(n, k, seed, 0, trials, tally, createLiteralScratch(n));
  return tally;
}

function fast(n: number, k: number, strategy: 'cycle' | 'random', seed: number, trials: number) {
  const tally = createTally(n);
  fastBatch(n, k, strategy, randomSuccessProbability(n, k), trials, tally, createFastState(seed));
  return tally;
}

/** |observed − expected| in standard errors of a proportion. */
function standardErrors(tally: Tally, p: number): number {
  const se = Math.sqrt((p * (1 - p)) / tally.trials);
  return Math.abs(tally.successes / tally.trials - p) / se;
}

/** Pearson chi-square of a longest-cycle histogram against the exact distribution, bins pooled to expected >= 5. */
function chiSquare(histogram: Float64Array, exact: Float64Array, trials: number) {
  let statistic = 0;
  let bins = 0;
  let observed = 0;
  let expected = 0;
  for (let length = 0; length < exact.length; length++) {
    observed += histogram[length] as number;
    expected += (exact[length] as number) * trials;
    if (expected >= 5) {
      statistic += (observed - expected) ** 2 / expected;
      bins++;
      observed = 0;
      expected = 0;
    }
  }
  if (expected > 0) statistic += (observed - expected) ** 2 / expected;
  return { statistic, degrees: bins - 1 };
}

/** Upper 0.1% point of chi-square (Wilson–Hilferty), generous enough for a fixed-seed test. */
function chiSquareCritical(degrees: number): number {
  const z = 3.09;
  const h = 2 / (9 * degrees);
  return degrees * (1 - h + z * Math.sqrt(h)) ** 3;
}

describe('literal trials', () => {
  it('shuffles exactly the arrangement that randomArrangement gives for the trial seed', () => {
    const n = 100;
    const workerSeed = deriveSeed(7, 1);
    const tally = createTally(n);
    const scratch = createLiteralScratch(n);
    for (let trial = 0; trial < 5; trial++) {
      literalCycleBatch(n, 50, workerSeed, trial, 1, tally, scratch);
      const replay = randomArrangement(n, createRng(deriveSeed(workerSeed, trial)));
      expect(Array.from(scratch.slips)).toEqual(Array.from(replay));
    }
  });

  it('records a seed whose arrangement loses the 100-prisoner game', () => {
    const tally = literalCycle(PRISONER_COUNT, GUESS_LIMIT, 12345, 50);
    expect(tally.watchSeed).toBeGreaterThanOrEqual(0);
    const lengths = cycleLengths(randomArrangement(PRISONER_COUNT, createRng(tally.watchSeed)));
    expect(Math.max(...lengths)).toBeGreaterThan(GUESS_LIMIT);
  });

  it('matches the exact success rate and longest-cycle distribution (n = 100, k = 50)', () => {
    const trials = 200_000;
    const tally = literalCycle(100, 50, 2024, trials);
    expect(tally.trials).toBe(trials);
    expect(standardErrors(tally, cycleSuccessProbability(100, 50))).toBeLessThan(4);
    const { statistic, degrees } = chiSquare(
      tally.longestCycle,
      longestCycleDistribution(100),
      trials,
    );
    expect(statistic).toBeLessThan(chiSquareCritical(degrees));
    // Freed counts: all 100 exactly when the trial succeeded.
    expect(tally.freed[100]).toBe(tally.successes);
    expect(tally.freed.reduce((a, b) => a + b, 0)).toBe(trials);
  });

  it('matches the exact success rate when 2k < n (recurrence region)', () => {
    const tally = literalCycle(30, 8, 99, 100_000);
    expect(standardErrors(tally, cycleSuccessProbability(30, 8))).toBeLessThan(4);
  });

  it('random strategy matches (k/n)^n for small n', () => {
    for (const [n, k, seed] of [
      [4, 2, 1],
      [6, 4, 2],
      [10, 8, 3],
    ] as const) {
      const tally = createTally(n);
      literalRandomBatch(n, k, seed, 0, 60_000, tally, createLiteralScratch(n));
      expect(standardErrors(tally, randomSuccessProbability(n, k))).toBeLessThan(4);
    }
  });

  it('is reproducible for the same seed', () => {
    const first = literalCycle(100, 50, 5, 2000);
    const second = literalCycle(100, 50, 5, 2000);
    expect(second.successes).toBe(first.successes);
    expect(Array.from(second.longestCycle)).toEqual(Array.from(first.longestCycle));
  });
});

describe('fast trials', () => {
  it('match the exact success rate and longest-cycle distribution', () => {
    for (const [n, k] of [
      [100, 50],
      [1000, 300],
      [7, 3],
    ] as const) {
      const trials = 400_000;
      const tally = fast(n, k, 'cycle', n * 31 + k, trials);
      expect(standardErrors(tally, cycleSuccessProbability(n, k))).toBeLessThan(4);
      const { statistic, degrees } = chiSquare(
        tally.longestCycle,
        longestCycleDistribution(n),
        trials,
      );
      expect(statistic).toBeLessThan(chiSquareCritical(degrees));
    }
  });

  it('agree with literal trials on the prisoners-freed distribution', () => {
    const n = 40;
    const k = 15;
    const trials = 100_000;
    const literal = literalCycle(n, k, 3, trials);
    const sampled = fast(n, k, 'cycle', 4, trials);
    // Two-sample chi-square over freed counts with enough mass.
    let statistic = 0;
    let bins = 0;
    for (let count = 0; count <= n; count++) {
      const x = literal.freed[count] as number;
      const y = sampled.freed[count] as number;
      if (x + y < 20) continue;
      statistic += (x - y) ** 2 / (x + y);
      bins++;
    }
    expect(bins).toBeGreaterThan(5);
    expect(statistic).toBeLessThan(chiSquareCritical(bins - 1));
    const difference = literal.successes / trials - sampled.successes / trials;
    const p = cycleSuccessProbability(n, k);
    expect(Math.abs(difference) / Math.sqrt((2 * p * (1 - p)) / trials)).toBeLessThan(4);
  });

  it('random strategy matches (k/n)^n', () => {
    const tally = fast(8, 6, 'random', 11, 300_000);
    expect(standardErrors(tally, randomSuccessProbability(8, 6))).toBeLessThan(4);
  });
});
