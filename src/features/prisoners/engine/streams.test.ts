// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleLengthOfBox } from '../../../testing/arrangements.ts';
import { runWorkerJob, workerJob, type StreamsReport } from '../runtime/streams-job.ts';
import { createLiteralScratch } from './literal-kernels.ts';
import { randomArrangement } from './permutation.ts';
import { createRng, stateSeed } from './rng.ts';
import { createRunLedger, type RunTotals } from '../runtime/run-ledger.ts';
import { streamSums, streamsOf } from '../../../testing/stream-sums.ts';
import { createTally } from './tally.ts';
import {
  convergenceCheckpoints,
  createStreamRunner,
  runStream,
  streamCount,
  streamSeed,
  streamTrials,
  WATCH_SEARCH_TRIALS,
  type RunLayout,
  type StreamResult,
  type TrialExample,
} from './streams.ts';
import { fastBatch, literalBatch, planTrials } from './trials.ts';
import { METHODS, STRATEGIES } from './types.ts';

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

/**
 * Stream s of any run, one trial at a time: each trial is a batch of one from the stream's own
 * generator, literal in a literal run and, in a fast run of the cycle strategy with 100
 * prisoners, for the first WATCH_SEARCH_TRIALS trials of stream 0; fast otherwise. The successes
 * are read after every trial whose run number is a convergence checkpoint. (The batches' kernels
 * are the trials' own; what this checks is which trials a stream runs, how, and where it counts.)
 */
function trialByTrialStreamModel(layout: RunLayout, stream: number) {
  const { n, strategy, method, trials } = layout;
  const size = streamTrials(layout);
  const start = stream * size;
  const length = Math.min(size, trials - start);
  const plan = planTrials(layout);
  const { generator } = createRng(streamSeedOracle(layout.runSeed, stream));
  const tally = createTally(n);
  const scratch = createLiteralScratch(n);
  const watchSearch =
    method === 'fast' && stream === 0 && n === 100 && strategy === 'cycle'
      ? WATCH_SEARCH_TRIALS
      : 0;
  const checkpoints = new Set(convergenceCheckpoints(trials));
  const reached: { trial: number; successes: number }[] = [];
  for (let i = 1; i <= length; i++) {
    if (method === 'literal' || i <= watchSearch) literalBatch(plan, 1, tally, scratch, generator);
    else fastBatch(plan, 1, tally, generator);
    if (checkpoints.has(start + i)) reached.push({ trial: start + i, successes: tally.successes });
  }
  const { successes, longestCycle, freed } = tally;
  return { trials: tally.trials, successes, longestCycle, freed, checkpoints: reached };
}

/** The parts of a stream's result that `trialByTrialStreamModel` gives. */
function countsOf({ trials, successes, longestCycle, freed, checkpoints }: StreamResult) {
  return { trials, successes, longestCycle, freed, checkpoints };
}

/** The convergence checkpoints up to 10,000: round(10^(s/10)) for s = 0 … 40, repeats dropped. */
const CHECKPOINTS_TO_10000 = [
  1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100, 126, 158, 200, 251, 316, 398,
  501, 631, 794, 1000, 1259, 1585, 1995, 2512, 3162, 3981, 5012, 6310, 7943, 10_000,
];

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
    expect(() => runStream(layout, -1)).toThrow("stream -1 is not one of the run's 2");
    expect(() => runStream(layout, 0.5)).toThrow("stream 0.5 is not one of the run's 2");
  });

  it.each([
    // n, strategy, method: literal prefix, literal scratch, example book
    [100, 'cycle', 'fast', WATCH_SEARCH_TRIALS, true, true],
    [100, 'cycle', 'literal', 0, true, true],
    [7, 'cycle', 'literal', 0, true, true],
    [7, 'cycle', 'fast', 0, false, false],
    [100, 'random', 'fast', 0, false, false],
    [100, 'swap', 'fast', 0, false, false],
    [100, 'random', 'literal', 0, true, false],
    [100, 'swap', 'literal', 0, true, false],
  ] as const)(
    'runs n = %i, %s strategy, %s method: %i trials of watch search, scratch %s, examples %s',
    (n, strategy, method, literalPrefix, scratch, examples) => {
      const runner = createStreamRunner({ n, k: 1, strategy, method, trials: 10, runSeed: 0 });
      expect(runner.literalPrefix).toBe(literalPrefix);
      expect(runner.scratch !== null).toBe(scratch);
      expect(runner.examples).toBe(examples);
    },
  );

  it.each([
    // Trials 1–64 literal, then fast: the batch between checkpoints 63 and 79 is cut at 64.
    [100, 50, 'cycle', 200],
    [7, 3, 'cycle', 300],
    [100, 50, 'random', 300],
    [100, 50, 'swap', 300],
  ] as const)(
    'runs stream 0 of a fast run, n = %i, k = %i, %s strategy, %i trials, trial by trial alike',
    (n, k, strategy, trials) => {
      const layout: RunLayout = { n, k, strategy, method: 'fast', trials, runSeed: 9 };
      expect(countsOf(runStream(layout, 0))).toEqual(trialByTrialStreamModel(layout, 0));
    },
  );

  it('lists a checkpoint at a stream’s last trial in that stream, and not in the next', () => {
    // Fast, 625 prisoners: max(4096, 16 · 625) = 10,000 trials a stream, and 10,000 is a
    // checkpoint (s = 40). Stream 1 holds trial 10,001 alone, past every checkpoint. With 625
    // guesses every trial succeeds, so the successes at a checkpoint are its trial number.
    const layout: RunLayout = {
      n: 625,
      k: 625,
      strategy: 'cycle',
      method: 'fast',
      trials: 10_001,
      runSeed: 3,
    };
    const first = runStream(layout, 0);
    expect([first.firstTrial, first.trials, first.successes]).toEqual([1, 10_000, 10_000]);
    expect(first.checkpoints).toEqual(
      CHECKPOINTS_TO_10000.map((trial) => ({ trial, successes: trial })),
    );
    const second = runStream(layout, 1);
    expect([second.firstTrial, second.trials, second.successes]).toEqual([10_001, 1, 1]);
    expect(second.checkpoints).toEqual([]);
  });

  it('sums the convergence of several streams in one worker report', () => {
    // One prisoner with one guess: every trial succeeds, so the successes up to a checkpoint are
    // the trials of the report's streams up to it. Literal, n = 1: three streams of 4096 trials;
    // checkpoints 1 … 3981 lie in stream 0, 5012, 6310 and 7943 in stream 1, 10,000 in stream 2.
    const layout: RunLayout = {
      n: 1,
      k: 1,
      strategy: 'cycle',
      method: 'literal',
      trials: 3 * 4096,
      runSeed: 11,
    };
    const noProgress = () => {
      throw new Error('the clock never moves, so no progress report is due');
    };
    // One worker: all three streams, so every checkpoint's own count.
    const all = runWorkerJob(workerJob(layout, 0, 1), noProgress, () => 0);
    expect(streamsOf(all)).toEqual([0, 1, 2]);
    expect(all.successes).toBe(3 * 4096);
    expect(all.convergence).toEqual(Float64Array.from(CHECKPOINTS_TO_10000));
    // The first of two workers: streams 0 and 2, so 4096 for the checkpoints of stream 1 and
    // 4096 + (c − 8192) for stream 2's.
    const even = runWorkerJob(workerJob(layout, 0, 2), noProgress, () => 0);
    expect(streamsOf(even)).toEqual([0, 2]);
    expect(even.successes).toBe(2 * 4096);
    expect(even.convergence).toEqual(
      Float64Array.from([
        ...CHECKPOINTS_TO_10000.slice(0, 34),
        4096,
        4096,
        4096,
        4096 + 10_000 - 8192,
      ]),
    );
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
