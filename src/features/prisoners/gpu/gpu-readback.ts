/**
 * A finished wave read back from the GPU: its stream records, its convergence counts and its
 * examples, each copied into a buffer that can be mapped and read.
 */
import type { RunBuffers } from './gpu-buffers.ts';
import type { WaveWords } from './gpu-stream-records.ts';
import { GPU_STREAM_WORDS } from './wgsl/kernel-layout.ts';

/** Copies `bytes` of `source` into a new mappable buffer and reads them. */
async function readBuffer(
  device: GPUDevice,
  source: GPUBuffer,
  bytes: number,
): Promise<Uint32Array> {
  const readback = device.createBuffer({
    size: Math.max(4, bytes),
    usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
  });
  try {
    const encoder = device.createCommandEncoder();
    if (bytes > 0) encoder.copyBufferToBuffer(source, 0, readback, 0, bytes);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    return new Uint32Array(readback.getMappedRange().slice(0, bytes));
  } finally {
    readback.destroy();
  }
}

/** The words of a finished wave of `streams` streams, `exampleWords` of examples each. */
export async function readWave(
  device: GPUDevice,
  buffers: RunBuffers,
  streams: number,
  exampleWords: number,
  checkpoints: Uint32Array,
): Promise<WaveWords> {
  const records = await readBuffer(device, buffers.streams, streams * GPU_STREAM_WORDS * 4);
  const convergence = await readBuffer(device, buffers.convergence, checkpoints.byteLength);
  const examples = buffers.examples
    ? await readBuffer(device, buffers.examples, streams * exampleWords * 4)
    : null;
  return { records, convergence, examples };
}
