/**
 * One dispatch: a slice of trials of every stream of a wave, then the tally copied out, cleared
 * and read back into the wave's counts. Counts are read after every dispatch, so no u32 count
 * overflows and progress can be shown.
 */
import type { Tally } from '../engine/tally.ts';
import type { RunBuffers } from './gpu-buffers.ts';
import { GPU_WORKGROUP_SIZE, gpuTallyOffsets, gpuTallyWords } from './wgsl/kernel-layout.ts';

/** Most trials per stream in one dispatch over `streams` streams: every bin stays below 2^32. */
export function countableSlice(streams: number): number {
  return Math.floor(0xffffffff / streams);
}

/**
 * Runs `step` trials of each of the wave's `streams` streams (fewer where a stream ends) and
 * adds the dispatch's counts to `wave`, as raw counts (successes and freed counts as counted).
 */
export async function dispatchSlice(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  buffers: RunBuffers,
  dispatch: { streams: number; step: number; checkpoints: number },
  wave: Tally,
  n: number,
): Promise<void> {
  const { streams, step, checkpoints } = dispatch;
  const tallyBytes = gpuTallyWords(n) * 4;
  device.queue.writeBuffer(buffers.params, 0, new Uint32Array([streams, step, checkpoints, 0]));
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, buffers.bindGroup);
  pass.dispatchWorkgroups(Math.ceil(streams / GPU_WORKGROUP_SIZE));
  pass.end();
  encoder.copyBufferToBuffer(buffers.tally, 0, buffers.tallyReadback, 0, tallyBytes);
  encoder.clearBuffer(buffers.tally);
  device.queue.submit([encoder.finish()]);
  await buffers.tallyReadback.mapAsync(GPUMapMode.READ);
  addCounts(wave, new Uint32Array(buffers.tallyReadback.getMappedRange()), n);
  buffers.tallyReadback.unmap();
}

/** The tally buffer's words added to `tally`. */
function addCounts(tally: Tally, counts: Uint32Array, n: number): void {
  const offsets = gpuTallyOffsets(n);
  tally.successes += counts[offsets.successes] as number;
  for (let i = 0; i <= n; i++) {
    tally.longestCycle[i]! += counts[offsets.longest + i] as number;
    tally.freed[i]! += counts[offsets.freed + i] as number;
  }
}

/** Trials of a stream of `trials` run by a dispatch of `step` after `before` per stream. */
export function countedIn(trials: number, before: number, step: number): number {
  return Math.max(0, Math.min(trials - before, step));
}
