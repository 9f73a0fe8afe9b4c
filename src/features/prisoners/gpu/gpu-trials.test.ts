// @vitest-environment node
/**
 * The GPU kernels against the CPU's batches: the same streams, started from the same generator
 * states, must give identical tallies, end states and trials to watch. Runs on Dawn (the
 * `webgpu` package) with SwiftShader, so the runs are small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestNodeGpu, SWIFTSHADER_ICD } from '../../../../cli/node-webgpu.ts';
import {
  cpuStreamDetail,
  cpuStreams,
  GPU_IDENTITY_CASES,
  identityStarts,
} from '../../../testing/gpu-oracle.ts';
import type { StreamsReport } from '../runtime/streams-job.ts';
import { stateSeed } from '../engine/rng.ts';
import { createRunLedger } from '../runtime/run-ledger.ts';
import {
  convergenceCheckpoints,
  runStream,
  streamCount,
  watchOf,
  type StreamResult,
  type TrialExample,
} from '../engine/streams.ts';
import { runLayoutOnGpu } from './gpu-streams.ts';
import { createGpuTrials } from './gpu-trials.ts';
import { STRATEGIES } from '../engine/types.ts';

let device: GPUDevice;

beforeAll(async () => {
  const gpu = await requestNodeGpu({ icd: SWIFTSHADER_ICD });
  if ('missing' in gpu) throw new Error(gpu.missing);
  device = gpu.device;
});

afterAll(() => device?.destroy());

describe.each(['literal', 'fast'] as const)('GPU %s kernels', (method) => {
  describe.each(STRATEGIES)('%s', (strategy) => {
    it.each(GPU_IDENTITY_CASES[method])(
      'n = %i, k = %i: identical to the CPU for streams of %j trials',
      async (n, k, trials, slice) => {
        const settings = { n, k, strategy, method };
        const starts = identityStarts(n, k, trials.length);
        const oracle = cpuStreams(settings, starts, trials);
        const gpu = await createGpuTrials(device, settings);
        const result = await gpu.run(
          trials.map((count, s) => ({ state: starts[s]!, trials: count })),
          { slice, streamsPerWave: 2 },
        );
        expect(result.tally.trials).toBe(oracle.tally.trials);
        expect(result.tally.successes).toBe(oracle.tally.successes);
        expect(Array.from(result.tally.longestCycle)).toEqual(
          Array.from(oracle.tally.longestCycle),
        );
        expect(Array.from(result.tally.freed)).toEqual(Array.from(oracle.tally.freed));
        expect(result.streams.map((stream) => stateSeed(stream.state))).toEqual(oracle.states);
        expect(result.streams.map((stream) => stream.watchState)).toEqual(oracle.watchStates);
      },
      120_000,
    );
  });
});

describe('GPU waves held to the memory budget', () => {
  // Bytes per stream, from the layout: a 12-word record; literal scratch of n words (the slips),
  // 2n where a second array is needed (the random search's box order, the swap's copy), none
  // for a job with no literal trials; examples of 5 words for each longest cycle 0..n, kept by
  // the cycle strategy's literal trials only. Fast jobs are literal only where the simulation
  // page replays a trial: the cycle strategy at n = 100.
  it.each([
    ['literal', 'cycle', 7, 3, 4 * (12 + 7 + 5 * 8)],
    ['literal', 'swap', 7, 3, 4 * (12 + 2 * 7)],
    ['literal', 'random', 7, 3, 4 * (12 + 2 * 7)],
    ['fast', 'cycle', 100, 50, 4 * (12 + 100 + 5 * 101)],
    ['fast', 'cycle', 7, 3, 4 * 12],
    ['fast', 'swap', 100, 50, 4 * 12],
    ['fast', 'random', 7, 3, 4 * 12],
  ] as const)(
    '%s %s, n = %i, k = %i: %i bytes a stream, three streams a wave in three times that',
    async (method, strategy, n, k, bytes) => {
      const settings = { n, k, strategy, method };
      const trials = [3, 3, 3, 3, 3, 3, 3];
      const starts = identityStarts(n, k, trials.length);
      const oracle = cpuStreams(settings, starts, trials);
      const gpu = await createGpuTrials(device, settings);
      const waves: { first: number; count: number }[] = [];
      const result = await gpu.run(
        trials.map((count, s) => ({ state: starts[s]!, trials: count })),
        {
          slice: 3,
          streamsPerWave: 100,
          memoryBudget: 3 * bytes,
          onWave: ({ first, streams }) => waves.push({ first, count: streams.length }),
        },
      );
      expect(waves).toEqual([
        { first: 0, count: 3 },
        { first: 3, count: 3 },
        { first: 6, count: 1 },
      ]);
      expect(result.streams.map((stream) => stateSeed(stream.state))).toEqual(oracle.states);
      expect(Array.from(result.tally.longestCycle)).toEqual(Array.from(oracle.tally.longestCycle));
    },
    120_000,
  );
});

describe('GPU waves and slices sized from the measured rate', () => {
  it.each([
    ['fast', 'swap', 100, 50],
    ['literal', 'random', 7, 3],
  ] as const)(
    '%s %s, n = %i, k = %i: identical to the CPU',
    async (method, strategy, n, k) => {
      const settings = { n, k, strategy, method };
      // 700 streams of 0 to 60 trials: several waves, the last fewer, some streams empty.
      const trials = Array.from({ length: 700 }, (_, s) => (s * 37) % 61);
      const starts = identityStarts(n, k, trials.length);
      const oracle = cpuStreams(settings, starts, trials);
      let clock = 0;
      const gpu = await createGpuTrials(device, settings);
      const waves: { first: number; count: number; trials: number; successes: number }[] = [];
      const result = await gpu.run(
        trials.map((count, s) => ({ state: starts[s]!, trials: count })),
        {
          // A clock that makes every dispatch look 1 ms long: slices and waves grow from it.
          now: () => (clock += 0.5),
          onWave: ({ first, tally, streams }) =>
            waves.push({
              first,
              count: streams.length,
              trials: tally.trials,
              successes: tally.successes,
            }),
        },
      );
      // Waves cover the streams in order, once each, and their counts add up to the run's.
      expect(waves.length).toBeGreaterThan(1);
      expect(waves.map((wave) => wave.first)).toEqual(
        waves.map((_, i) => waves.slice(0, i).reduce((sum, wave) => sum + wave.count, 0)),
      );
      expect(waves.reduce((sum, wave) => sum + wave.count, 0)).toBe(trials.length);
      expect(waves.reduce((sum, wave) => sum + wave.trials, 0)).toBe(oracle.tally.trials);
      expect(waves.reduce((sum, wave) => sum + wave.successes, 0)).toBe(oracle.tally.successes);
      expect(result.tally.trials).toBe(oracle.tally.trials);
      expect(result.tally.successes).toBe(oracle.tally.successes);
      expect(Array.from(result.tally.longestCycle)).toEqual(Array.from(oracle.tally.longestCycle));
      expect(Array.from(result.tally.freed)).toEqual(Array.from(oracle.tally.freed));
      expect(result.streams.map((stream) => stateSeed(stream.state))).toEqual(oracle.states);
    },
    120_000,
  );
});

describe('GPU streams as a run holds them', () => {
  const CHECKPOINTS = [1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100, 126, 158];

  it.each([
    ['literal', 'cycle', 100, 50, 0],
    ['literal', 'cycle', 7, 3, 0],
    ['literal', 'swap', 100, 30, 0],
    ['literal', 'random', 100, 50, 0],
    ['fast', 'cycle', 100, 50, 64], // the search for a trial to watch: literal first trials
    ['fast', 'cycle', 100, 30, 20],
    ['fast', 'random', 7, 3, 0],
  ] as const)(
    '%s %s, n = %i, k = %i (%i literal first): successes, checkpoints and examples of each stream',
    async (method, strategy, n, k, prefix) => {
      const settings = { n, k, strategy, method };
      const lengths = [90, 45, 38]; // consecutive streams: trials 1–90, 91–135, 136–173
      const starts = identityStarts(n, k + 1, lengths.length);
      const firstTrials = [1, 91, 136];
      const literalUpTo = (s: number) =>
        method === 'literal' ? lengths[s]! : s === 0 ? prefix : 0;
      const gpu = await createGpuTrials(device, settings);
      const result = await gpu.run(
        lengths.map((trials, s) => ({
          state: starts[s]!,
          trials,
          firstTrial: firstTrials[s]!,
          literalUpTo: literalUpTo(s),
        })),
        { slice: 17, streamsPerWave: 2, checkpoints: CHECKPOINTS },
      );
      lengths.forEach((trials, s) => {
        const oracle = cpuStreamDetail(
          settings,
          starts[s]!,
          trials,
          firstTrials[s]!,
          literalUpTo(s),
          CHECKPOINTS,
        );
        const stream = result.streams[s]!;
        expect(stream.successes).toBe(oracle.successes);
        expect(stream.checkpoints).toEqual(oracle.checkpoints);
        expect(stream.examples).toEqual(oracle.examples);
      });
      if (strategy === 'cycle') {
        expect(result.streams[0]!.examples.length).toBeGreaterThan(0);
      }
    },
    120_000,
  );
});

describe("a run's fixed streams on the GPU against runStream", () => {
  it.each([
    ['fast', 'cycle', 100, 50, 9000], // stream 0 starts with literal trials: a trial to watch
    ['literal', 'cycle', 100, 50, 4200], // examples of every longest cycle
    ['literal', 'random', 7, 3, 4500],
    ['fast', 'swap', 100, 30, 4500],
    ['literal', 'swap', 1000, 500, 1200], // 524 trials per stream
  ] as const)(
    '%s %s, n = %i, k = %i, %i trials: each stream and the run as the CPU runs them',
    async (method, strategy, n, k, trials) => {
      const layout = { n, k, strategy, method, trials, runSeed: 0x9e3779b9 ^ (n * k) };
      const expected = Array.from({ length: streamCount(layout) }, (_, s) => runStream(layout, s));
      const gpu = await createGpuTrials(device, layout);
      const reports: StreamsReport[] = [];
      // One stream per wave: every report is one stream's.
      await runLayoutOnGpu(gpu, layout, (report) => reports.push(report), { streamsPerWave: 1 });
      const checkpoints = convergenceCheckpoints(trials);
      expect(reports.map((report) => report.first)).toEqual(
        expected.map((stream) => stream.stream),
      );
      reports.forEach((report, s) => {
        const stream = expected[s]!;
        expect(report.trials).toBe(stream.trials);
        expect(report.successes).toBe(stream.successes);
        expect(Array.from(report.longestCycle)).toEqual(Array.from(stream.longestCycle));
        expect(Array.from(report.freed)).toEqual(Array.from(stream.freed));
        const inside = checkpoints.flatMap((trial, j) =>
          trial >= stream.firstTrial && trial < stream.firstTrial + stream.trials
            ? [{ trial, successes: report.convergence[j] }]
            : [],
        );
        expect(inside).toEqual(stream.checkpoints);
        const examples = examplesOfReport(report.examples, n);
        expect(watchOf(examples, n, strategy)).toEqual(stream.watch);
        if (method === 'literal') expect(examples).toEqual(stream.longestCycleExamples);
      });
      // The run: a ledger over the GPU's reports against the CPU's streams added by hand.
      const ledger = createRunLedger(layout);
      for (const report of reports) expect(ledger.add(report)).toBe(true);
      expect(ledger.complete).toBe(true);
      const totals = ledger.totals();
      const sum = (pick: (stream: StreamResult) => Float64Array) =>
        expected.reduce<number[]>(
          (acc, stream) => acc.map((value, i) => value + (pick(stream)[i] as number)),
          new Array<number>(n + 1).fill(0),
        );
      expect(totals.trials).toBe(trials);
      expect(totals.successes).toBe(expected.reduce((acc, stream) => acc + stream.successes, 0));
      expect(Array.from(totals.longestCycle)).toEqual(sum((stream) => stream.longestCycle));
      expect(Array.from(totals.freed)).toEqual(sum((stream) => stream.freed));
      let before = 0;
      const points = expected.flatMap((stream) => {
        const inside = stream.checkpoints.map(({ trial, successes }) => ({
          trials: trial,
          successes: before + successes,
        }));
        before += stream.successes;
        return inside;
      });
      expect(totals.convergence.slice(0, points.length)).toEqual(points);
      expect(totals.watch).toEqual(expected.find((stream) => stream.watch)?.watch ?? null);
      if (strategy === 'cycle' && n === 100) expect(totals.watch).not.toBeNull();
    },
    300_000,
  );
});

/** A report's examples by longest cycle, null where none. */
function examplesOfReport(examples: StreamsReport['examples'], n: number) {
  const byLength: (TrialExample | null)[] = Array.from({ length: n + 1 }, () => null);
  for (const { length, trial, state } of examples) byLength[length] = { trial, state };
  return byLength;
}
