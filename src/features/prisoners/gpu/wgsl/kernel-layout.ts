/**
 * What a job's kernel and its host agree on: the settings a shader is generated for, the
 * workgroup size, and the layout and size of every buffer (stream records, the tally, literal
 * scratch, examples). The shader's parts and the host that runs it both read these, so the two
 * never disagree about an offset.
 */
import { watchThreshold } from '../../engine/tally.ts';
import type { Method, Strategy } from '../../engine/types.ts';

/** What one GPU kernel runs: n prisoners, k guesses, one strategy and one method. */
export interface GpuKernelSettings {
  n: number;
  k: number;
  strategy: Strategy;
  method: Method;
}

export const GPU_WORKGROUP_SIZE = 64;

/**
 * u32 words per stream record: generator state (4), trials done, trials in all, the run trial
 * number of its first trial, how many of its first trials are literal, its successes so far,
 * the index of the next convergence checkpoint in it, padding (2).
 */
export const GPU_STREAM_WORDS = 12;

/** Offsets in a stream record. */
export const GPU_STREAM = {
  state: 0,
  done: 4,
  total: 5,
  firstTrial: 6,
  literalUpTo: 7,
  successes: 8,
  nextCheckpoint: 9,
} as const;

/** The stream record and the dispatch's parameters as the shader declares them. */
export const RECORDS_PART = /* wgsl */ `struct Params {
  streams: u32,
  slice: u32,
  checkpoints: u32,
  pad: u32,
}

struct Stream {
  state: vec4<u32>,
  done: u32,
  total: u32,
  firstTrial: u32,
  literalUpTo: u32,
  successes: u32,
  nextCheckpoint: u32,
  pad0: u32,
  pad1: u32,
}`;

/**
 * Binding numbers of a job's buffers in group 0: the parameters (uniform: streams in this
 * dispatch, trials per stream in this dispatch, convergence checkpoints), the stream records, the
 * tally (atomic u32, added to), the run's convergence checkpoints (run trial numbers, ascending),
 * each checkpoint's successes within the stream that holds it, literal scratch (when trials can be
 * literal), examples (cycle strategy with literal trials).
 */
export const GPU_BINDING = {
  params: 0,
  streams: 1,
  tally: 2,
  checkpoints: 3,
  convergence: 4,
  scratch: 5,
  examples: 6,
} as const;

/** The shader's bindings: scratch and examples only for jobs that have them. */
export function bindingsPart(settings: GpuKernelSettings): string {
  const at = (binding: number) => `@group(0) @binding(${binding})`;
  return [
    `${at(GPU_BINDING.params)} var<uniform> params: Params;`,
    `${at(GPU_BINDING.streams)} var<storage, read_write> streams: array<Stream>;`,
    `${at(GPU_BINDING.tally)} var<storage, read_write> tally: array<atomic<u32>>;`,
    `${at(GPU_BINDING.checkpoints)} var<storage, read> checkpoints: array<u32>;`,
    `${at(GPU_BINDING.convergence)} var<storage, read_write> convergence: array<u32>;`,
    gpuHasLiteral(settings)
      ? `${at(GPU_BINDING.scratch)} var<storage, read_write> scratch: array<u32>;`
      : '',
    gpuKeepsExamples(settings)
      ? `${at(GPU_BINDING.examples)} var<storage, read_write> examples: array<u32>;`
      : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Whether trials of these settings are ever literal: all of a literal job's, and the first trials
 * of a fast job whose trials the simulation page can replay (the search for a trial to watch).
 */
export function gpuHasLiteral({ n, strategy, method }: GpuKernelSettings): boolean {
  return method === 'literal' || watchThreshold(n, strategy) !== null;
}

/** Whether streams keep the first literal trial of each longest cycle (the cycle strategy). */
export function gpuKeepsExamples(settings: GpuKernelSettings): boolean {
  return settings.strategy === 'cycle' && gpuHasLiteral(settings);
}

/** u32 words of a stream's examples: per longest cycle L, its first trial's number and state. */
export const GPU_EXAMPLE_WORDS = 5;

export function gpuExampleWords(settings: GpuKernelSettings): number {
  return gpuKeepsExamples(settings) ? GPU_EXAMPLE_WORDS * (settings.n + 1) : 0;
}

/** u32 words of the tally buffer: successes, then the longest-cycle histogram, then freed counts. */
export function gpuTallyWords(n: number): number {
  return 2 * n + 3;
}

/** Offsets of the tally's parts in the tally buffer. */
export function gpuTallyOffsets(n: number): { successes: number; longest: number; freed: number } {
  return { successes: 0, longest: 1, freed: n + 2 };
}

/** u32 words of literal scratch per stream: the slips, and the box order or a copy of the slips. */
export function gpuScratchWords(settings: GpuKernelSettings): number {
  if (!gpuHasLiteral(settings)) return 0;
  return settings.strategy === 'cycle' ? settings.n : 2 * settings.n;
}

/** Bytes of GPU memory per stream: its record, its literal scratch and its examples. */
export function gpuBytesPerStream(settings: GpuKernelSettings): number {
  return 4 * (GPU_STREAM_WORDS + gpuScratchWords(settings) + gpuExampleWords(settings));
}

/**
 * Rough cost of one trial in simple steps, for sizing dispatches: a fast trial draws about twice,
 * a literal trial draws n times and walks the boxes once or twice more.
 */
export function gpuTrialWork({ n, strategy, method }: GpuKernelSettings): number {
  if (method === 'fast') return strategy === 'cycle' ? 4 : 8;
  return n * (strategy === 'cycle' ? 3 : 6);
}
