/**
 * The GPU memory of one run: a buffer for each of the kernel's bindings (kernel-layout.ts's
 * GPU_BINDING), sized for the run's largest wave, the tally's read-back buffer, and the bind
 * group over them. Destroyed together when the run ends.
 */
import {
  GPU_BINDING,
  GPU_STREAM_WORDS,
  gpuExampleWords,
  gpuScratchWords,
  gpuTallyWords,
  type GpuKernelSettings,
} from './wgsl/kernel-layout.ts';

export interface RunBuffers {
  /** Streams in this dispatch, trials per stream in it, convergence checkpoints, padding. */
  params: GPUBuffer;
  /** The wave's stream records. */
  streams: GPUBuffer;
  /** The counts of the dispatch in flight (atomic u32). */
  tally: GPUBuffer;
  /** Where the tally is copied to be read. */
  tallyReadback: GPUBuffer;
  /** Each checkpoint's successes within the stream that holds it. */
  convergence: GPUBuffer;
  /** The wave's examples, where the job keeps them. */
  examples: GPUBuffer | null;
  bindGroup: GPUBindGroup;
  destroy(): void;
}

/** Buffers for waves of up to `capacity` streams, the run's checkpoints written in. */
export function createRunBuffers(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  settings: GpuKernelSettings,
  capacity: number,
  checkpoints: Uint32Array,
): RunBuffers {
  const created: GPUBuffer[] = [];
  const buffer = (size: number, usage: number): GPUBuffer => {
    const made = device.createBuffer({ size, usage });
    created.push(made);
    return made;
  };
  const tallyBytes = gpuTallyWords(settings.n) * 4;
  const scratchWords = gpuScratchWords(settings);
  const exampleWords = gpuExampleWords(settings);
  const params = buffer(16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  const streams = buffer(
    capacity * GPU_STREAM_WORDS * 4,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
  );
  const tally = buffer(
    tallyBytes,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  );
  const tallyReadback = buffer(tallyBytes, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
  // Bindings cannot be empty: one word at least.
  const checkpointBuffer = buffer(
    Math.max(4, checkpoints.byteLength),
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
  );
  device.queue.writeBuffer(checkpointBuffer, 0, checkpoints);
  const convergence = buffer(
    Math.max(4, checkpoints.byteLength),
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const entries: GPUBindGroupEntry[] = [
    { binding: GPU_BINDING.params, resource: { buffer: params } },
    { binding: GPU_BINDING.streams, resource: { buffer: streams } },
    { binding: GPU_BINDING.tally, resource: { buffer: tally } },
    { binding: GPU_BINDING.checkpoints, resource: { buffer: checkpointBuffer } },
    { binding: GPU_BINDING.convergence, resource: { buffer: convergence } },
  ];
  if (scratchWords > 0) {
    const scratch = buffer(capacity * scratchWords * 4, GPUBufferUsage.STORAGE);
    entries.push({ binding: GPU_BINDING.scratch, resource: { buffer: scratch } });
  }
  const examples =
    exampleWords > 0
      ? buffer(
          capacity * exampleWords * 4,
          GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
        )
      : null;
  if (examples) entries.push({ binding: GPU_BINDING.examples, resource: { buffer: examples } });
  const bindGroup = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });
  return {
    params,
    streams,
    tally,
    tallyReadback,
    convergence,
    examples,
    bindGroup,
    destroy() {
      for (const made of created) made.destroy();
    },
  };
}
