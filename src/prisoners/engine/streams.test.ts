// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleLengthOfBox } from '../../testing/arrangements.ts';
import { runWorkerJob, workerJob, type StreamsReport } from './lab-run.ts';
import { randomArrangement } from './permutation.ts';
import { createRng, stateSeed } from './rng.ts';
import { createRunLedger, type RunTotals } from './run-ledger.ts';
import { streamSums } from '../../testing/stream-sums.ts';
import {
  convergenceCheckpoints,
  runStream,
  streamCount,
  streamSeed,
  streamTrials,
  WATCH_SEARCH_TRIALS,
  type RunLayout,
  type StreamResult,
  type TrialExample,
} from './streams.ts';
import { METHODS, STRATEGIES } from './trials.ts';

/** splitmix32's finaliser and the stream seed in BigInt arithmetic, modulo 2^32 by hand. */
const u32 = (x: bigint) => x & 0xffffffffn;
function mix32Oracle(x: bigint): bigint {
  x = u32(x + 0x9e3779b9n);
  x = u32((x ^ (x >> 16n)) * 0x21f0aaadn);
  x = u32((x ^ (x >> 15n)) * 0x735a2d97n);
  return x ^ (x >> 15n);
}
function streamSeedOracle(runSeed: number, stream: number): number {
  return Number(mix32Oracle(mix32Oracle(BigInt(runSeed)) ^ u32(BigInt(stream + 1) * 0x85ebca6bn)));
}

/**
 * Stream s of a literal cycle-strategy run the slow, obvious way: each trial is
 * `randomArrangement(n, rng)` on the stream's generator, its cycles walked box by box.
 */
function literalCycleStreamModel(layout: RunLayout, stream: number): StreamResult {
  const { n, k, trials } = layout;
  const size = streamTrials(layout);
  const start = stream * size;
  const length = Math.min(size, trials - start);
  const rng = createRng(streamSeedOracle(layout.runSeed, stream));
  const longestCycle = new Float64Array(n + 1);
  const freed = new Float64Array(n + 1);
  const examples: (TrialExample | null)[] = Array.from({ length: n + 1 }, () => null);
  const checkpoints = new Set(convergenceCheckpoints(trials));
  const reached: { trial: number; successes: number }[] = [];
  let successes = 0;
  for (let i = 1; i <= length; i++) {
    const state = stateSeed(rng.generator);
    const lengths = cycleLengthOfBox(randomArrangement(n, rng));
    const longest = Math.max(0, ...lengths);
    longestCycle[longest]!++;
    freed[lengths.filter((l) => l <= k).length]!++;
    if (longest <= k) successes++;
    examples[longest] ??= { state, trial: start + i };
    if (checkpoints.has(start + i)) reached.push({ trial: start + i, successes });
  }
  // The simulation page loses a trial of 100 prisoners whose longest cycle is above 50.
  const losing = n === 100 ? examples.slice(51).filter((example) => example !== null) : [];
  return {
    stream,
    firstTrial: start + 1,
    trials: length,
    successes,
    longestCycle,
    freed,
    checkpoints: reached,
    watch: losing.sort((x, y) => x.trial - y.trial)[0] ?? null,
    longestCycleExamples: examples,
  };
}

/** A deterministic shuffle, so delivery orders differ from run to run of the test alike. */
function shuffled<T>(items: T[], seed: number): T[] {
  const rng = createRng(seed);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The run on `workers` workers, a report after every stream, delivered in a shuffled order. */
function runOnWorkers(layout: RunLayout, workers: number): RunTotals {
  const reports: StreamsReport[] = [];
  for (let w = 0; w < workers; w++) {
    let clock = 0;
    reports.push(
      runWorkerJob(
        workerJob(layout, w, workers),
        (report) => reports.push(report),
        () => (clock += 1000),
      ),
    );
  }
  const ledger = createRunLedger(layout);
  for (const report of shuffled(reports, workers)) ledger.add(report);
  expect(ledger.complete).toBe(true);
  return ledger.totals();
}

describe('stream layout', () => {
  it('seeds stream s from the run seed and s with 32-bit integer steps', () => {
    for (const runSeed of [0, 1, 42, 0xffffffff]) {
      for (const stream of [0, 1, 2, 1000, 2 ** 31, 2 ** 32 - 2]) {
        expect(streamSeed(runSeed, stream)).toBe(streamSeedOracle(runSeed, stream));
      }
    }
  });

  it('holds 4096 trials per stream at n = 100, fewer for long literal trials, more for fast ones of many prisoners', () => {
    expect(streamTrials({ n: 100, method: 'literal' })).toBe(4096);
    expect(streamTrials({ n: 100, method: 'fast' })).toBe(4096);
    expect(streamTrials({ n: 1000, method: 'literal' })).toBe(524);
    expect(streamTrials({ n: 100_000, method: 'literal' })).toBe(5);
    expect(streamTrials({ n: 1, method: 'fast' })).toBe(4096);
    expect(streamTrials({ n: 100_000, method: 'fast' })).toBe(1_600_000);
    // 10⁸ literal trials of 100 prisoners: tens of thousands of streams for a GPU.
    expect(streamCount({ n: 100, method: 'literal', trials: 1e8 })).toBe(24_415);
    expect(streamCount({ n: 100, method: 'fast', trials: 4096 * 3 + 1 })).toBe(4);
  });

  it.each([
    [100, 50, 0],
    [100, 50, 2],
    [7, 3, 1],
    [9, 2, 2],
    [1, 0, 0],
    [1, 1, 1],
  ])(
    'runs stream %#: literal cycle trials of n = %i, k = %i exactly as dealt one by one',
    (n, k, stream) => {
      const layout: RunLayout = {
        n,
        k,
        strategy: 'cycle',
        method: 'literal',
        trials: 2 * 4096 + 1000,
        runSeed: 77,
      };
      const result = runStream(layout, stream);
      const model = literalCycleStreamModel(layout, stream);
      expect(result).toEqual(model);
      expect(result.trials).toBe(stream === 2 ? 1000 : 4096);
    },
  );

  it('keeps, in fast runs of 100 prisoners, a trial to watch among the run’s first literal trials', () => {
    const layout: RunLayout = {
      n: 100,
      k: 50,
      strategy: 'cycle',
      method: 'fast',
      trials: 10_000,
      runSeed: 5,
    };
    const first = runStream(layout, 0);
    const literal = literalCycleStreamModel({ ...layout, method: 'literal' }, 0);
    // The first WATCH_SEARCH_TRIALS trials are those of the literal run.
    const firstLosing = literal.longestCycleExamples
      .slice(51)
      .filter((example) => example !== null && example.trial <= WATCH_SEARCH_TRIALS)
      .sort((a, b) => a!.trial - b!.trial)[0];
    expect(first.watch).toEqual(firstLosing);
    expect(first.longestCycleExamples.every((example) => example === null)).toBe(true);
    expect(runStream(layout, 1).watch).toBeNull();
  });

  it('refuses a stream the run does not have', () => {
    const layout: RunLayout = {
      n: 10,
      k: 5,
      strategy: 'cycle',
      method: 'fast',
      trials: 5000,
      runSeed: 1,
    };
    expect(() => runStream(layout, 2)).toThrow("stream 2 is not one of the run's 2");
  });
});

describe('a run is the sum of its streams, on any number of workers', () => {
  const cases = STRATEGIES.flatMap((strategy) =>
    METHODS.flatMap((method) =>
      (
        [
          [1, 0],
          [1, 1],
          [7, 3],
          [9, 2],
          [100, 50],
        ] as const
      ).map(([n, k]) => [strategy, method, n, k] as const),
    ),
  );

  it.each(cases)(
    '%s strategy, %s method, n = %i, k = %i: 1, 2, 3, 7 and 16 workers',
    (strategy, method, n, k) => {
      const size = streamTrials({ n, method });
      const layout: RunLayout = {
        n,
        k,
        strategy,
        method,
        trials: (n === 100 ? 3 : 17) * size + 123,
        runSeed: n * 1000 + k,
      };
      const expected = streamSums(layout);
      expect(expected.trials).toBe(layout.trials);
      for (const workers of [1, 2, 3, 7, 16]) {
        expect(runOnWorkers(layout, workers)).toEqual(expected);
      }
    },
  );
});
