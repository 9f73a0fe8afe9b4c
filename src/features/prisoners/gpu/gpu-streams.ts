/**
 * A run's fixed streams (engine/streams.ts) on the GPU: one invocation per stream, seeded from
 * `streamSeed`, numbered as the run numbers them, stream 0's first trials literal where a fast
 * run searches for a trial to watch, and each stream's successes read at the run's convergence
 * checkpoints. Each complete wave of streams becomes a `StreamsReport`, the same report a CPU
 * worker sends, so a run ledger adds GPU and CPU streams alike.
 */
import type { LengthExample, StreamsReport } from '../runtime/streams-job.ts';
import { seedGenerator } from '../engine/sfc32.ts';
import {
  convergenceCheckpoints,
  createStreamRunner,
  streamSeed,
  type RunLayout,
} from '../engine/streams.ts';
import type { GpuRunOptions, GpuStreamInput, GpuStreamOutput, GpuTrials } from './gpu-trials.ts';
import type { Counts } from '../engine/types.ts';

/** The inputs of streams first … first + count − 1 of a run, as `runStream` runs them. */
export function layoutStreams(
  layout: RunLayout,
  first = 0,
  count = createStreamRunner(layout).streams - first,
): GpuStreamInput[] {
  const { size, literalPrefix } = createStreamRunner(layout);
  return Array.from({ length: count }, (_, i) => {
    const stream = first + i;
    const start = stream * size;
    const trials = Math.min(size, layout.trials - start);
    return {
      state: seedGenerator(streamSeed(layout.runSeed, stream)),
      trials,
      firstTrial: start + 1,
      literalUpTo:
        layout.method === 'literal' ? trials : stream === 0 ? Math.min(literalPrefix, trials) : 0,
    };
  });
}

/**
 * The report of consecutive streams `first` … of a run from their GPU outputs and counts:
 * convergence[j] holds, per stream, its successes up to checkpoint j (all of them when the
 * stream ends before it, none when it starts after it).
 */
export function gpuStreamsReport(
  layout: RunLayout,
  first: number,
  inputs: readonly GpuStreamInput[],
  outputs: readonly GpuStreamOutput[],
  counts: Counts,
  elapsedMs: number,
): StreamsReport {
  const checkpoints = convergenceCheckpoints(layout.trials);
  const convergence = new Float64Array(checkpoints.length);
  const examples: LengthExample[] = [];
  outputs.forEach((output, i) => {
    const { firstTrial = 1, trials } = inputs[i]!;
    const last = firstTrial + trials - 1;
    const inside = new Map(output.checkpoints.map((point) => [point.trial, point.successes]));
    checkpoints.forEach((checkpoint, j) => {
      const successes =
        checkpoint >= last
          ? output.successes
          : checkpoint < firstTrial
            ? 0
            : inside.get(checkpoint);
      convergence[j] = (convergence[j] as number) + (successes as number);
    });
    for (const { length, trial, state } of output.examples) examples.push({ length, trial, state });
  });
  return {
    first,
    step: 1,
    count: outputs.length,
    trials: counts.trials,
    successes: counts.successes,
    longestCycle: counts.longestCycle.slice(),
    freed: counts.freed.slice(),
    convergence,
    examples,
    elapsedMs,
  };
}

/**
 * Runs every stream of a run on `gpu` (compiled for the run's settings) and hands each complete
 * wave to `onReport` as a StreamsReport of its streams.
 */
export async function runLayoutOnGpu(
  gpu: GpuTrials,
  layout: RunLayout,
  onReport: (report: StreamsReport) => void,
  options: Omit<GpuRunOptions, 'checkpoints' | 'onWave'> = {},
): Promise<void> {
  const inputs = layoutStreams(layout);
  const now = options.now ?? (() => performance.now());
  let waveStarted = now();
  await gpu.run(inputs, {
    ...options,
    checkpoints: convergenceCheckpoints(layout.trials),
    onWave: ({ first, tally, streams }) => {
      const ended = now();
      const waveInputs = inputs.slice(first, first + streams.length);
      onReport(gpuStreamsReport(layout, first, waveInputs, streams, tally, ended - waveStarted));
      waveStarted = ended;
    },
  });
}
