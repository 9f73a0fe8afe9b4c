/**
 * Runs the lab's WGSL kernels (engine/gpu-kernels.ts) on a WebGPU device: in a browser's worker,
 * and in Node through the `webgpu` package. Streams of trials (a generator state and a count
 * each) run one per invocation, in slices: every dispatch runs at most `slice` trials of each
 * stream, so no dispatch keeps the GPU busy for long (the same GPU draws the page, and drivers
 * reset a GPU that is busy for about two seconds). After each dispatch the tally is read back and
 * cleared, so u32 counts never overflow and progress can be shown.
 *
 * Streams run in waves of as many as fit the memory budget (literal scratch is n words or two
 * per stream); a wave's tallies join the run's only when all of its streams are complete.
 */
import {
  gpuBytesPerStream,
  gpuScratchWords,
  gpuShaderSource,
  gpuTallyOffsets,
  gpuTallyWords,
  gpuTrialWork,
  GPU_EXAMPLE_WORDS,
  GPU_STREAM,
  gpuExampleWords,
  GPU_STREAM_WORDS,
  GPU_WORKGROUP_SIZE,
  type GpuKernelSettings,
} from './wgsl/gpu-kernels.ts';
import { stateSeed, type StateSeed } from '../engine/rng.ts';
import { generatorFromWords, type Sfc32 } from '../engine/sfc32.ts';
import { createTally, deriveCycleCounts, watchThreshold, type Tally } from '../engine/tally.ts';

/** One stream to run: its generator state at its first trial, and its number of trials. */
export interface GpuStreamInput {
  state: Sfc32;
  trials: number;
  /** Run trial number (1-based) of its first trial; 1 by default. */
  firstTrial?: number;
  /** How many of its first trials are literal: all of a literal job's, none of a fast job's by default. */
  literalUpTo?: number;
}

/** A stream's first literal trial with some longest cycle (cycle strategy). */
export interface GpuExample {
  length: number;
  /** Run trial number. */
  trial: number;
  /** The generator state at the trial's start. */
  state: StateSeed;
}

/** A stream after its run. */
export interface GpuStreamOutput {
  /** The generator state after its last trial. */
  state: Sfc32;
  /** Its successes. */
  successes: number;
  /** Its successes up to each convergence checkpoint inside it. */
  checkpoints: { trial: number; successes: number }[];
  /** For each longest cycle, its first literal trial with it (cycle strategy), by length. */
  examples: GpuExample[];
  /** Its first trial that the simulation page loses (run trial number), where watchable. */
  watchTrial: number | null;
  /** The generator state at the start of that trial. */
  watchState: StateSeed | null;
}

export interface GpuRunResult {
  /** The counts of every complete stream, as the CPU's batches would have them. */
  tally: Tally;
  streams: GpuStreamOutput[];
  /** The first trial (lowest run trial number) that the simulation page loses, where watchable. */
  watch: { trial: number; state: StateSeed } | null;
}

export interface GpuProgress {
  /** Counts of the complete waves and of the current wave's trials so far. */
  tally: Tally;
  /** Streams complete so far (their outputs are final). */
  streamsDone: number;
  /** Dispatches so far. */
  dispatches: number;
}

export interface GpuRunOptions {
  /** Trials per stream per dispatch; by default sized from the kernel's work and adapted to `dispatchMs`. */
  slice?: number;
  /** Wall time one dispatch should take; the slice grows or shrinks towards it. */
  dispatchMs?: number;
  /** GPU memory for stream records and scratch of one wave. */
  memoryBudget?: number;
  /** Streams run together in a dispatch; by default adapted to `dispatchMs`. */
  streamsPerWave?: number;
  /** Run trial numbers, ascending, after which each stream reports its successes so far. */
  checkpoints?: readonly number[];
  /** Called after every dispatch. */
  onProgress?: (progress: GpuProgress) => void;
  /**
   * Called when a wave is complete, with its streams' counts: streams first … first + count − 1
   * of the input, final, so a caller can keep what is complete if the device is lost later.
   */
  onWave?: (wave: { first: number; tally: Tally; streams: GpuStreamOutput[] }) => void;
  /** Stops after the current dispatch; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  now?: () => number;
}

/** Work (simple steps, see gpuTrialWork) per stream in the first dispatch: small, then adapted. */
const FIRST_DISPATCH_WORK = 1 << 12;
/** Streams in the first wave; later waves hold what the device runs in `dispatchMs`, … */
const FIRST_WAVE_STREAMS = 256;
/** … WAVE_SLICE trials each, and at least MIN_WAVE_STREAMS streams (a GPU needs many threads). */
const WAVE_SLICE = 16;
const MIN_WAVE_STREAMS = 256;
export const DEFAULT_DISPATCH_MS = 4;

/**
 * Wall time to aim a dispatch at, read-back included: 4 ms on a GPU; 16 ms on a software
 * adapter, whose submit and read-back alone take several milliseconds (SwiftShader: about 5 ms),
 * so shorter dispatches would do little work each. A software adapter runs on the CPU's cores,
 * never on the GPU that draws the page.
 */
export function gpuDispatchMs(software: boolean): number {
  return software ? 16 : DEFAULT_DISPATCH_MS;
}
const DEFAULT_MEMORY_BUDGET = 64 * 2 ** 20;

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
    run: (streams, options) => runStreams(device, pipeline, settings, streams, options ?? {}),
  };
}

async function runStreams(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  settings: GpuKernelSettings,
  inputs: readonly GpuStreamInput[],
  options: GpuRunOptions,
): Promise<GpuRunResult> {
  const { n } = settings;
  const now = options.now ?? (() => performance.now());
  const targetMs = options.dispatchMs ?? DEFAULT_DISPATCH_MS;
  const budget = options.memoryBudget ?? DEFAULT_MEMORY_BUDGET;
  // Buffers hold the largest wave; waves start small and grow to what the device does in targetMs.
  const perWave = Math.max(
    1,
    Math.min(
      inputs.length,
      Math.floor(budget / gpuBytesPerStream(settings)),
      GPU_WORKGROUP_SIZE * 65535,
    ),
  );
  let waveSize = Math.min(perWave, options.streamsPerWave ?? FIRST_WAVE_STREAMS);
  const work = gpuTrialWork(settings);
  let slice = options.slice ?? Math.max(1, Math.floor(FIRST_DISPATCH_WORK / work));
  let rate = 0; // trials per millisecond in the last dispatch
  const tallyWords = gpuTallyWords(n);
  const offsets = gpuTallyOffsets(n);

  const buffers: GPUBuffer[] = [];
  const buffer = (size: number, usage: number): GPUBuffer => {
    const created = device.createBuffer({ size, usage });
    buffers.push(created);
    return created;
  };
  const params = buffer(16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  const streamBytes = perWave * GPU_STREAM_WORDS * 4;
  const streamBuffer = buffer(
    streamBytes,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
  );
  const tallyBuffer = buffer(
    tallyWords * 4,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  );
  const tallyReadback = buffer(tallyWords * 4, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
  const scratchWords = gpuScratchWords(settings);
  const exampleWords = gpuExampleWords(settings);
  const checkpoints = Uint32Array.from(options.checkpoints ?? []);
  // Bindings cannot be empty: one word at least.
  const checkpointBuffer = buffer(
    Math.max(4, checkpoints.byteLength),
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
  );
  device.queue.writeBuffer(checkpointBuffer, 0, checkpoints);
  const convergenceBytes = Math.max(4, checkpoints.byteLength);
  const convergenceBuffer = buffer(
    convergenceBytes,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const entries: GPUBindGroupEntry[] = [
    { binding: 0, resource: { buffer: params } },
    { binding: 1, resource: { buffer: streamBuffer } },
    { binding: 2, resource: { buffer: tallyBuffer } },
    { binding: 3, resource: { buffer: checkpointBuffer } },
    { binding: 4, resource: { buffer: convergenceBuffer } },
  ];
  if (scratchWords > 0) {
    const scratch = buffer(perWave * scratchWords * 4, GPUBufferUsage.STORAGE);
    entries.push({ binding: 5, resource: { buffer: scratch } });
  }
  const examplesBuffer =
    exampleWords > 0
      ? buffer(
          perWave * exampleWords * 4,
          GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
        )
      : null;
  if (examplesBuffer) entries.push({ binding: 6, resource: { buffer: examplesBuffer } });
  const bindGroup = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });

  const total = createTally(n);
  const wave = createTally(n);
  const outputs: GpuStreamOutput[] = [];
  let dispatches = 0;
  const snapshot = (): Tally => {
    const sum = createTally(n);
    for (const part of [total, wave]) addTally(sum, part);
    finishTally(sum, settings);
    return sum;
  };

  try {
    for (let first = 0; first < inputs.length; first += waveSize) {
      if (options.streamsPerWave === undefined && rate > 0) {
        waveSize = Math.max(
          Math.min(perWave, MIN_WAVE_STREAMS),
          Math.min(perWave, Math.floor((rate * targetMs) / WAVE_SLICE)),
        );
      }
      // A new wave's first dispatch: the trials the last rate allows, over this wave's streams.
      if (options.slice === undefined && rate > 0) {
        slice = Math.max(1, Math.floor((rate * targetMs) / waveSize));
      }
      const waveInputs = inputs.slice(first, first + waveSize);
      const records = new Uint32Array(waveInputs.length * GPU_STREAM_WORDS);
      waveInputs.forEach(({ state, trials, firstTrial = 1, literalUpTo }, i) => {
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
        records[at + GPU_STREAM.nextCheckpoint] =
          checkpoints.findIndex((c) => c >= firstTrial) >>> 0;
      });
      device.queue.writeBuffer(streamBuffer, 0, records);
      if (examplesBuffer) {
        const encoder = device.createCommandEncoder();
        encoder.clearBuffer(examplesBuffer);
        device.queue.submit([encoder.finish()]);
      }
      const longest = Math.max(...waveInputs.map((input) => input.trials));
      for (let done = 0; done < longest;) {
        options.signal?.throwIfAborted();
        // Counts of one dispatch stay below 2^32 in every bin.
        const step = Math.min(slice, longest - done, Math.floor(0xffffffff / waveInputs.length));
        device.queue.writeBuffer(
          params,
          0,
          new Uint32Array([waveInputs.length, step, checkpoints.length, 0]),
        );
        const started = now();
        const encoder = device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        pass.setPipeline(pipeline);
        pass.setBindGroup(0, bindGroup);
        pass.dispatchWorkgroups(Math.ceil(waveInputs.length / GPU_WORKGROUP_SIZE));
        pass.end();
        encoder.copyBufferToBuffer(tallyBuffer, 0, tallyReadback, 0, tallyWords * 4);
        encoder.clearBuffer(tallyBuffer);
        device.queue.submit([encoder.finish()]);
        await tallyReadback.mapAsync(GPUMapMode.READ);
        addCounts(wave, new Uint32Array(tallyReadback.getMappedRange()), offsets, n);
        tallyReadback.unmap();
        done += step;
        const counted = waveInputs.reduce(
          (sum, input) => sum + countedIn(input.trials, done - step, step),
          0,
        );
        wave.trials += counted;
        const elapsed = now() - started;
        if (elapsed > 0 && counted > 0) rate = counted / elapsed;
        if (options.slice === undefined && rate > 0 && step === slice) {
          slice = nextSlice(slice, (rate * targetMs) / waveInputs.length);
        }
        dispatches++;
        options.onProgress?.({ tally: snapshot(), streamsDone: outputs.length, dispatches });
      }
      const waveOutputs = await readStreams(device, settings, waveInputs, checkpoints, {
        streamBuffer,
        convergenceBuffer,
        examplesBuffer,
      });
      if (options.onWave) {
        const counts = createTally(n);
        addTally(counts, wave);
        finishTally(counts, settings);
        options.onWave({ first, tally: counts, streams: waveOutputs });
      }
      outputs.push(...waveOutputs);
      addTally(total, wave);
      Object.assign(wave, createTally(n));
    }
  } finally {
    for (const created of buffers) created.destroy();
  }
  finishTally(total, settings);
  if (inputs.length > 0) {
    options.onProgress?.({ tally: snapshot(), streamsDone: outputs.length, dispatches });
  }
  return { tally: total, streams: outputs, watch: firstWatch(outputs) };
}

/** Trials of a stream of `trials` run by a dispatch of `step` after `before` per stream. */
function countedIn(trials: number, before: number, step: number): number {
  return Math.max(0, Math.min(trials - before, step));
}

/** The next slice: towards `wanted` trials per stream, at most 4× larger at a time. */
export function nextSlice(slice: number, wanted: number): number {
  return Math.max(1, Math.min(4 * slice, Math.floor(wanted)));
}

function addCounts(
  tally: Tally,
  counts: Uint32Array,
  offsets: ReturnType<typeof gpuTallyOffsets>,
  n: number,
): void {
  tally.successes += counts[offsets.successes] as number;
  for (let i = 0; i <= n; i++) {
    tally.longestCycle[i]! += counts[offsets.longest + i] as number;
    tally.freed[i]! += counts[offsets.freed + i] as number;
  }
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

/** What `finishBatch` does on the CPU: successes (and freed, when 2k >= n) from the histogram. */
function finishTally(tally: Tally, { n, k, strategy }: GpuKernelSettings): void {
  if (strategy !== 'random') deriveCycleCounts(tally, n, k);
}

/** The first trial the simulation page loses among the streams' examples, or null. */
function firstWatch(outputs: readonly GpuStreamOutput[]): GpuRunResult['watch'] {
  let best: GpuRunResult['watch'] = null;
  for (const { watchTrial, watchState } of outputs) {
    if (watchTrial !== null && watchState !== null && (best === null || watchTrial < best.trial)) {
      best = { trial: watchTrial, state: watchState };
    }
  }
  return best;
}

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

/** A finished wave's streams: states, successes, checkpoints and examples. */
async function readStreams(
  device: GPUDevice,
  settings: GpuKernelSettings,
  inputs: readonly GpuStreamInput[],
  checkpoints: Uint32Array,
  buffers: {
    streamBuffer: GPUBuffer;
    convergenceBuffer: GPUBuffer;
    examplesBuffer: GPUBuffer | null;
  },
): Promise<GpuStreamOutput[]> {
  const { n, strategy } = settings;
  const count = inputs.length;
  const words = await readBuffer(device, buffers.streamBuffer, count * GPU_STREAM_WORDS * 4);
  const convergence = await readBuffer(device, buffers.convergenceBuffer, checkpoints.byteLength);
  const exampleWords = gpuExampleWords(settings);
  const examples = buffers.examplesBuffer
    ? await readBuffer(device, buffers.examplesBuffer, count * exampleWords * 4)
    : null;
  const above = watchThreshold(n, strategy);
  return inputs.map(({ trials, firstTrial = 1 }, i) => {
    const at = i * GPU_STREAM_WORDS;
    const word = (offset: number) => words[at + offset] as number;
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
