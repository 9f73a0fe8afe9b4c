/**
 * The lab's WGSL kernels (wgsl/gpu-kernels.ts) compiled for a WebGPU device: in a browser's
 * worker, and in Node through the `webgpu` package. A compiled kernel runs streams of trials (a
 * generator state and a count each), one per invocation, in waves and slices (gpu-waves.ts).
 *
 * This is the GPU trials' entry module: what runs them, and the types and pacing their callers
 * need, from one place.
 */
import { runWaves } from './gpu-waves.ts';
import type { GpuRunOptions, GpuRunResult, GpuStreamInput } from './gpu-trial-types.ts';
import { gpuShaderSource } from './wgsl/gpu-kernels.ts';
import type { GpuKernelSettings } from './wgsl/kernel-layout.ts';

export type {
  GpuExample,
  GpuProgress,
  GpuRunOptions,
  GpuRunResult,
  GpuStreamInput,
  GpuStreamOutput,
} from './gpu-trial-types.ts';
export { gpuDispatchMs } from './gpu-pacing.ts';

/** A compiled kernel for one job's settings on one device. */
export interface GpuTrials {
  readonly settings: GpuKernelSettings;
  run(streams: readonly GpuStreamInput[], options?: GpuRunOptions): Promise<GpuRunResult>;
}

/** Compiles the job's kernel on `device`; rejects with the compiler's message if it fails. */
export async function createGpuTrials(
  device: GPUDevice,
  settings: GpuKernelSettings,
): Promise<GpuTrials> {
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code: gpuShaderSource(settings) });
  const info = await module.getCompilationInfo();
  await device.popErrorScope(); // the messages below say it better
  const errors = info.messages.filter((message) => message.type === 'error');
  if (errors.length > 0) {
    throw new Error(`WGSL: ${errors.map((e) => `${e.lineNum}: ${e.message}`).join('; ')}`);
  }
  const pipeline = await device.createComputePipelineAsync({
    layout: 'auto',
    compute: { module, entryPoint: 'main' },
  });
  return {
    settings,
    run: (streams, options) => runWaves(device, pipeline, settings, streams, options ?? {}),
  };
}
