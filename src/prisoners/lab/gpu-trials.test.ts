// @vitest-environment node
/**
 * The GPU kernels against the CPU's batches: the same streams, started from the same generator
 * states, must give identical tallies, end states and trials to watch. Runs on Dawn (the
 * `webgpu` package) with SwiftShader, so the runs are small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestNodeGpu, SWIFTSHADER_ICD } from '../../../scripts/node-webgpu.ts';
import {
  cpuStreamDetail,
  cpuStreams,
  GPU_IDENTITY_CASES,
  identityStarts,
} from '../../testing/gpu-oracle.ts';
import { stateSeed } from '../engine/rng.ts';
import { STRATEGIES } from '../engine/trials.ts';
import { createGpuTrials } from './gpu-trials.ts';

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
        expect(result.tally.watchState).toBe(oracle.tally.watchState);
      },
      120_000,
    );
  });
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
