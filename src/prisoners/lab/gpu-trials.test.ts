// @vitest-environment node
/**
 * The GPU kernels against the CPU's batches: the same streams, started from the same generator
 * states, must give identical tallies, end states and trials to watch. Runs on Dawn (the
 * `webgpu` package) with SwiftShader, so the runs are small.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestNodeGpu, SWIFTSHADER_ICD } from '../../../scripts/node-webgpu.ts';
import { createLiteralScratch } from '../engine/literal-kernels.ts';
import { deriveSeed, stateSeed } from '../engine/rng.ts';
import { copyGenerator, seedGenerator, type Sfc32 } from '../engine/sfc32.ts';
import { createTally, type Tally } from '../engine/tally.ts';
import {
  fastBatch,
  literalBatch,
  planTrials,
  STRATEGIES,
  type Method,
  type Strategy,
} from '../engine/trials.ts';
import { createGpuTrials } from './gpu-trials.ts';

let device: GPUDevice;

beforeAll(async () => {
  const gpu = await requestNodeGpu({ icd: SWIFTSHADER_ICD });
  if ('missing' in gpu) throw new Error(gpu.missing);
  device = gpu.device;
});

afterAll(() => device?.destroy());

interface Oracle {
  tally: Tally;
  states: string[];
  watchStates: (string | null)[];
}

/** Each stream run on the CPU by the lab's batch functions, with scratch of its own. */
function cpuStreams(
  settings: { n: number; k: number; strategy: Strategy; method: Method },
  starts: Sfc32[],
  trials: number[],
): Oracle {
  const plan = planTrials(settings);
  const sum = createTally(settings.n);
  const states: string[] = [];
  const watchStates: (string | null)[] = [];
  starts.forEach((start, i) => {
    const generator = copyGenerator(start);
    const tally = createTally(settings.n);
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
    sum.watchState ??= tally.watchState;
    states.push(stateSeed(generator));
    watchStates.push(tally.watchState);
  });
  return { tally: sum, states, watchStates };
}

/** (n, k, streams' trials, trials per dispatch) for each method. */
const CASES: Record<Method, [number, number, number[], number][]> = {
  literal: [
    [1, 0, [3, 1], 2],
    [1, 1, [2], 5],
    [7, 3, [40, 33, 0, 17], 9], // odd n, 2k < n
    [100, 50, [60, 45, 30], 16], // the simulation page's game: a trial to watch
    [100, 30, [50, 20], 16], // 2k < n
    [257, 128, [6, 5], 4], // odd, 32-bit draws
    [100_000, 50_000, [1, 1], 1],
    [100_000, 20_000, [1], 1], // 2k < n
  ],
  fast: [
    [1, 0, [3, 1], 2],
    [1, 1, [2], 5],
    [7, 3, [400, 333, 0, 170], 64],
    [100, 50, [900, 450, 300], 256],
    [100, 30, [500, 200], 128],
    [100, 100, [50], 20], // every trial succeeds
    [257, 128, [300, 123], 100],
    [100_000, 50_000, [200, 100], 64],
    [100_000, 20_000, [200], 64],
  ],
};

describe.each(['literal', 'fast'] as const)('GPU %s kernels', (method) => {
  describe.each(STRATEGIES)('%s', (strategy) => {
    it.each(CASES[method])(
      'n = %i, k = %i: identical to the CPU for streams of %j trials',
      async (n, k, trials, slice) => {
        const settings = { n, k, strategy, method };
        const starts = trials.map((_, s) => seedGenerator(deriveSeed(n * 1000 + k, s)));
        const oracle = cpuStreams(settings, starts, trials);
        const gpu = await createGpuTrials(device, settings);
        const result = await gpu.run(
          trials.map((count, s) => ({ state: starts[s]!, trials: count })),
          { slice },
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
