/**
 * Streams to and from the words the kernel reads and writes: a wave's inputs as stream records
 * (kernel-layout.ts's GPU_STREAM), and a finished wave's records, convergence counts and
 * examples as each stream's output, with the trial to watch among its examples.
 */
import { stateSeed } from '../engine/rng.ts';
import { generatorFromWords } from '../engine/sfc32.ts';
import { watchThreshold } from '../engine/tally.ts';
import type {
  GpuExample,
  GpuRunResult,
  GpuStreamInput,
  GpuStreamOutput,
} from './gpu-trial-types.ts';
import {
  GPU_EXAMPLE_WORDS,
  GPU_STREAM,
  GPU_STREAM_WORDS,
  gpuExampleWords,
  type GpuKernelSettings,
} from './wgsl/kernel-layout.ts';

/** The records of a wave's streams; each stream's trials must be numbered within u32. */
export function streamRecords(
  settings: GpuKernelSettings,
  inputs: readonly GpuStreamInput[],
  checkpoints: Uint32Array,
): Uint32Array {
  const records = new Uint32Array(inputs.length * GPU_STREAM_WORDS);
  inputs.forEach(({ state, trials, firstTrial = 1, literalUpTo }, i) => {
    if (!Number.isInteger(trials) || trials < 0 || firstTrial + trials > 0x100000000) {
      throw new RangeError(
        `a stream's trials are numbered 1 to 2^32 − 1, not ${trials} from ${firstTrial}`,
      );
    }
    const at = i * GPU_STREAM_WORDS;
    records.set([state.a, state.b, state.c, state.d], at + GPU_STREAM.state);
    records[at + GPU_STREAM.total] = trials;
    records[at + GPU_STREAM.firstTrial] = firstTrial;
    records[at + GPU_STREAM.literalUpTo] =
      literalUpTo ?? (settings.method === 'literal' ? trials : 0);
    records[at + GPU_STREAM.nextCheckpoint] = checkpoints.findIndex((c) => c >= firstTrial) >>> 0;
  });
  return records;
}

/** What a finished wave's buffers hold, read back. */
export interface WaveWords {
  records: Uint32Array;
  /** Each checkpoint's successes within the stream that holds it. */
  convergence: Uint32Array;
  /** Each stream's examples, or null for a job that keeps none. */
  examples: Uint32Array | null;
}

/** A finished wave's streams: states, successes, checkpoints and examples. */
export function streamOutputs(
  settings: GpuKernelSettings,
  inputs: readonly GpuStreamInput[],
  checkpoints: Uint32Array,
  { records, convergence, examples }: WaveWords,
): GpuStreamOutput[] {
  const { n, strategy } = settings;
  const exampleWords = gpuExampleWords(settings);
  const above = watchThreshold(n, strategy);
  return inputs.map(({ trials, firstTrial = 1 }, i) => {
    const at = i * GPU_STREAM_WORDS;
    const word = (offset: number) => records[at + offset] as number;
    const s = GPU_STREAM.state;
    const kept: GpuExample[] = [];
    if (examples) {
      for (let length = 0; length <= n; length++) {
        const e = i * exampleWords + length * GPU_EXAMPLE_WORDS;
        const trial = examples[e] as number;
        if (trial === 0) continue;
        const state = generatorFromWords(
          examples[e + 1]!,
          examples[e + 2]!,
          examples[e + 3]!,
          examples[e + 4]!,
        );
        kept.push({ length, trial, state: stateSeed(state) });
      }
    }
    let watch: GpuExample | null = null;
    if (above !== null) {
      for (const example of kept) {
        if (example.length > above && (watch === null || example.trial < watch.trial)) {
          watch = example;
        }
      }
    }
    const last = firstTrial + trials - 1;
    const inside: { trial: number; successes: number }[] = [];
    checkpoints.forEach((trial, j) => {
      if (trial >= firstTrial && trial <= last) {
        inside.push({ trial, successes: convergence[j] as number });
      }
    });
    return {
      state: generatorFromWords(word(s), word(s + 1), word(s + 2), word(s + 3)),
      successes: word(GPU_STREAM.successes),
      checkpoints: inside,
      examples: kept,
      watchTrial: watch?.trial ?? null,
      watchState: watch?.state ?? null,
    };
  });
}

/** The first trial the simulation page loses among the streams' examples, or null. */
export function firstWatch(outputs: readonly GpuStreamOutput[]): GpuRunResult['watch'] {
  let best: GpuRunResult['watch'] = null;
  for (const { watchTrial, watchState } of outputs) {
    if (watchTrial !== null && watchState !== null && (best === null || watchTrial < best.trial)) {
      best = { trial: watchTrial, state: watchState };
    }
  }
  return best;
}
