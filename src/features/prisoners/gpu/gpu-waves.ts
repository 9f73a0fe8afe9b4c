/**
 * A run of streams on a compiled kernel: one invocation per stream, in waves of as many streams
 * as the memory budget and the measured rate allow, each wave in slices (gpu-pacing.ts). A
 * stream's generator state and count stay in its record from dispatch to dispatch; a wave's
 * counts join the run's only when all of its streams are complete.
 */
import { createTally, deriveCycleCounts, type Tally } from '../engine/tally.ts';
import { createRunBuffers } from './gpu-buffers.ts';
import { countableSlice, countedIn, dispatchSlice } from './gpu-dispatch.ts';
import { createDispatchPacer } from './gpu-pacing.ts';
import { readWave } from './gpu-readback.ts';
import { firstWatch, streamOutputs, streamRecords } from './gpu-stream-records.ts';
import type {
  GpuRunOptions,
  GpuRunResult,
  GpuStreamInput,
  GpuStreamOutput,
} from './gpu-trial-types.ts';
import { gpuExampleWords, type GpuKernelSettings } from './wgsl/kernel-layout.ts';

/** Runs `inputs` to their ends on `pipeline`, the kernel of `settings`. */
export async function runWaves(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  settings: GpuKernelSettings,
  inputs: readonly GpuStreamInput[],
  options: GpuRunOptions,
): Promise<GpuRunResult> {
  const { n } = settings;
  const now = options.now ?? (() => performance.now());
  const pacer = createDispatchPacer(settings, inputs.length, options);
  const checkpoints = Uint32Array.from(options.checkpoints ?? []);
  const buffers = createRunBuffers(device, pipeline, settings, pacer.capacity, checkpoints);

  const total = createTally(n);
  const wave = createTally(n);
  const outputs: GpuStreamOutput[] = [];
  let dispatches = 0;
  const progress = () => ({
    tally: finished(settings, total, wave),
    streamsDone: outputs.length,
    dispatches,
  });

  try {
    for (let first = 0, waveSize = 0; first < inputs.length; first += waveSize) {
      waveSize = pacer.startWave();
      const waveInputs = inputs.slice(first, first + waveSize);
      const streams = waveInputs.length;
      device.queue.writeBuffer(
        buffers.streams,
        0,
        streamRecords(settings, waveInputs, checkpoints),
      );
      if (buffers.examples) {
        const encoder = device.createCommandEncoder();
        encoder.clearBuffer(buffers.examples);
        device.queue.submit([encoder.finish()]);
      }
      const longest = Math.max(...waveInputs.map((input) => input.trials));
      for (let done = 0; done < longest;) {
        options.signal?.throwIfAborted();
        const step = Math.min(pacer.slice, longest - done, countableSlice(streams));
        const started = now();
        const dispatch = { streams, step, checkpoints: checkpoints.length };
        await dispatchSlice(device, pipeline, buffers, dispatch, wave, n);
        done += step;
        const counted = waveInputs.reduce(
          (sum, input) => sum + countedIn(input.trials, done - step, step),
          0,
        );
        wave.trials += counted;
        pacer.measured({ step, streams, counted, elapsedMs: now() - started });
        dispatches++;
        options.onProgress?.(progress());
      }
      const words = await readWave(
        device,
        buffers,
        streams,
        gpuExampleWords(settings),
        checkpoints,
      );
      const waveOutputs = streamOutputs(settings, waveInputs, checkpoints, words);
      options.onWave?.({ first, tally: finished(settings, wave), streams: waveOutputs });
      outputs.push(...waveOutputs);
      addTally(total, wave);
      Object.assign(wave, createTally(n));
    }
  } finally {
    buffers.destroy();
  }
  if (inputs.length > 0) options.onProgress?.(progress());
  return { tally: finished(settings, total), streams: outputs, watch: firstWatch(outputs) };
}

/** Adds the raw counts of `part` into `sum`. */
function addTally(sum: Tally, part: Tally): void {
  sum.trials += part.trials;
  sum.successes += part.successes;
  for (let i = 0; i < sum.longestCycle.length; i++) {
    sum.longestCycle[i]! += part.longestCycle[i] as number;
    sum.freed[i]! += part.freed[i] as number;
  }
}

/**
 * The sum of `parts` as the CPU's `finishBatch` leaves a tally: for the cycle and swap
 * strategies, successes (and freed counts, when 2k >= n) from the longest-cycle histogram.
 */
function finished({ n, k, strategy }: GpuKernelSettings, ...parts: Tally[]): Tally {
  const sum = createTally(n);
  for (const part of parts) addTally(sum, part);
  if (strategy !== 'random') deriveCycleCounts(sum, n, k);
  return sum;
}
