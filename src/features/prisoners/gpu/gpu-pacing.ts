/**
 * How much a dispatch does: how many streams run together (a wave) and how many trials of each a
 * dispatch runs (a slice). Both start small and follow the rate measured so far, so that a
 * dispatch with its read-back takes about `dispatchMs`: no dispatch keeps the GPU busy for long
 * (the same GPU draws the page, and drivers reset a GPU that is busy for about two seconds).
 */
import { gpuBytesPerStream, gpuTrialWork, GPU_WORKGROUP_SIZE } from './wgsl/kernel-layout.ts';
import type { GpuKernelSettings } from './wgsl/kernel-layout.ts';
import type { GpuRunOptions } from './gpu-trial-types.ts';

/** Work (simple steps, see gpuTrialWork) per stream in the first dispatch: small, then adapted. */
const FIRST_DISPATCH_WORK = 1 << 12;
/** Streams in the first wave; later waves hold what the device runs in `dispatchMs`, … */
const FIRST_WAVE_STREAMS = 256;
/** … WAVE_SLICE trials each, and at least MIN_WAVE_STREAMS streams (a GPU needs many threads). */
const WAVE_SLICE = 16;
const MIN_WAVE_STREAMS = 256;
/** Workgroups one dispatch may have along x. */
const MAX_WORKGROUPS = 65535;
export const DEFAULT_DISPATCH_MS = 4;
const DEFAULT_MEMORY_BUDGET = 64 * 2 ** 20;

/**
 * Wall time to aim a dispatch at, read-back included: 4 ms on a GPU; 16 ms on a software
 * adapter, whose submit and read-back alone take several milliseconds (SwiftShader: about 5 ms),
 * so shorter dispatches would do little work each. A software adapter runs on the CPU's cores,
 * never on the GPU that draws the page.
 */
export function gpuDispatchMs(software: boolean): number {
  return software ? 16 : DEFAULT_DISPATCH_MS;
}

/** The next slice: towards `wanted` trials per stream, at most 4× larger at a time. */
export function nextSlice(slice: number, wanted: number): number {
  return Math.max(1, Math.min(4 * slice, Math.floor(wanted)));
}

/** A run's waves and slices, sized from what its dispatches measure. */
export interface DispatchPacer {
  /** Streams of the largest wave: what the buffers must hold. */
  readonly capacity: number;
  /** Streams of the next wave; its first slice follows the rate measured so far. */
  startWave(): number;
  /** Trials per stream of the next dispatch. */
  readonly slice: number;
  /** A dispatch ran `step` trials per stream of `streams`, `counted` in all, in `elapsedMs`. */
  measured(dispatch: { step: number; streams: number; counted: number; elapsedMs: number }): void;
}

/** Waves and slices for `streams` streams of these settings, or as `options` fix them. */
export function createDispatchPacer(
  settings: GpuKernelSettings,
  streams: number,
  options: Pick<GpuRunOptions, 'slice' | 'dispatchMs' | 'memoryBudget' | 'streamsPerWave'>,
): DispatchPacer {
  const targetMs = options.dispatchMs ?? DEFAULT_DISPATCH_MS;
  const budget = options.memoryBudget ?? DEFAULT_MEMORY_BUDGET;
  // Buffers hold the largest wave; waves start small and grow to what the device does in targetMs.
  const capacity = Math.max(
    1,
    Math.min(
      streams,
      Math.floor(budget / gpuBytesPerStream(settings)),
      GPU_WORKGROUP_SIZE * MAX_WORKGROUPS,
    ),
  );
  let waveSize = Math.min(capacity, options.streamsPerWave ?? FIRST_WAVE_STREAMS);
  let slice =
    options.slice ?? Math.max(1, Math.floor(FIRST_DISPATCH_WORK / gpuTrialWork(settings)));
  let rate = 0; // trials per millisecond in the last dispatch
  return {
    capacity,
    get slice() {
      return slice;
    },
    startWave() {
      if (options.streamsPerWave === undefined && rate > 0) {
        waveSize = Math.max(
          Math.min(capacity, MIN_WAVE_STREAMS),
          Math.min(capacity, Math.floor((rate * targetMs) / WAVE_SLICE)),
        );
      }
      // A new wave's first dispatch: the trials the last rate allows, over this wave's streams.
      if (options.slice === undefined && rate > 0) {
        slice = Math.max(1, Math.floor((rate * targetMs) / waveSize));
      }
      return waveSize;
    },
    measured({ step, streams: running, counted, elapsedMs }) {
      if (elapsedMs > 0 && counted > 0) rate = counted / elapsedMs;
      if (options.slice === undefined && rate > 0 && step === slice) {
        slice = nextSlice(slice, (rate * targetMs) / running);
      }
    },
  };
}
