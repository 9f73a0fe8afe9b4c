/**
 * GPU rows of `npm run bench`: the lab's WGSL kernels on the first WebGPU adapter Dawn offers
 * (the `webgpu` package). On a machine without a GPU, VK_ICD_FILENAMES can name Chromium's
 * SwiftShader driver (software, so its figures say nothing about a real card).
 */
import { seedGenerator } from '../../src/features/prisoners/engine/sfc32.ts';
import { deriveSeed } from '../../src/features/prisoners/engine/rng.ts';
import type { GpuKernelSettings } from '../../src/features/prisoners/gpu/wgsl/kernel-layout.ts';
import { createGpuTrials, gpuDispatchMs } from '../../src/features/prisoners/gpu/gpu-trials.ts';
import { requestNodeGpu } from '../../cli/node-webgpu.ts';

export interface GpuBenchRow {
  settings: GpuKernelSettings;
  trialsPerSecond: number;
  dispatches: number;
  /** Mean wall time of a dispatch with its read-back (see gpuDispatchMs). */
  meanDispatchMs: number;
  successRate: number;
}

export type GpuBench =
  { adapterName: string; software: boolean; rows: GpuBenchRow[] } | { missing: string };

/** Streams in flight: enough to fill a large GPU (about 16 per shader core of a 5888-core card). */
export const BENCH_STREAMS = 1 << 16;

/** Each kernel's throughput: short runs to compile and to estimate, then one of about `durationMs`. */
export async function measureGpu(
  kernels: GpuKernelSettings[],
  durationMs: number,
): Promise<GpuBench> {
  const gpu = await requestNodeGpu();
  if ('missing' in gpu) return gpu;
  const rows: GpuBenchRow[] = [];
  try {
    for (const settings of kernels) {
      const trials = await createGpuTrials(gpu.device, settings);
      const streams = (perStream: number) =>
        Array.from({ length: BENCH_STREAMS }, (_, s) => ({
          state: seedGenerator(deriveSeed(29, s)),
          trials: perStream,
        }));
      const timed = async (perStream: number) => {
        let dispatches = 0;
        const started = performance.now();
        const result = await trials.run(streams(perStream), {
          dispatchMs: gpuDispatchMs(gpu.software),
          onProgress: (progress) => (dispatches = progress.dispatches),
        });
        return { result, ms: performance.now() - started, dispatches };
      };
      await timed(1); // compiles the pipeline (software drivers compile on first dispatch)
      const estimate = await timed(4);
      const rate = estimate.result.tally.trials / (estimate.ms / 1000);
      const perStream = Math.max(2, Math.round((rate * durationMs) / 1000 / BENCH_STREAMS));
      const { result, ms, dispatches } = await timed(perStream);
      rows.push({
        settings,
        trialsPerSecond: result.tally.trials / (ms / 1000),
        dispatches,
        meanDispatchMs: ms / dispatches,
        successRate: result.tally.successes / result.tally.trials,
      });
    }
  } finally {
    gpu.device.destroy();
  }
  return { adapterName: gpu.adapterName, software: gpu.software, rows };
}
