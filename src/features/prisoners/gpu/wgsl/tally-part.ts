/**
 * The tally: what a trial adds to the job's counts (the longest-cycle histogram, freed counts,
 * successes) and what a stream keeps of its own (its successes, its successes at each convergence
 * checkpoint, the first literal trial of each longest cycle). Counts are atomic adds to the tally
 * buffer, through workgroup memory when the tally fits there.
 */
import {
  GPU_EXAMPLE_WORDS,
  GPU_WORKGROUP_SIZE,
  gpuKeepsExamples,
  gpuTallyOffsets,
  gpuTallyWords,
  type GpuKernelSettings,
} from './kernel-layout.ts';

/** Tallies up to this many words are summed in workgroup memory first (8 KiB of the 16 KiB). */
const WORKGROUP_TALLY_MAX = 2048;

function inWorkgroupMemory(n: number): boolean {
  return gpuTallyWords(n) <= WORKGROUP_TALLY_MAX;
}

/** Where each count goes in the tally buffer. */
export function tallyOffsetsPart(n: number): string {
  const offsets = gpuTallyOffsets(n);
  return `const SUCCESSES: u32 = ${offsets.successes}u;
const LONGEST: u32 = ${offsets.longest}u;
const FREED: u32 = ${offsets.freed}u;`;
}

/** `count(index)`: one more in bin `index`, in the workgroup's tally when it fits there. */
export function countPart(n: number): string {
  return inWorkgroupMemory(n)
    ? `var<workgroup> localTally: array<atomic<u32>, ${gpuTallyWords(n)}>;

fn count(index: u32) {
  atomicAdd(&localTally[index], 1u);
}`
    : `fn count(index: u32) {
  atomicAdd(&tally[index], 1u);
}`;
}

/** The end of `main`: the workgroup's counts added to the tally buffer (nothing when direct). */
export function flushPart(n: number): string {
  const words = gpuTallyWords(n);
  return inWorkgroupMemory(n)
    ? `workgroupBarrier();
  for (var i = lid; i < ${words}u; i += ${GPU_WORKGROUP_SIZE}u) {
    let value = atomicLoad(&localTally[i]);
    if (value != 0u) {
      atomicAdd(&tally[i], value);
    }
  }`
    : '';
}

/** The trial's longest cycle (as the strategy counts it) into the histogram. */
export function countLongest(longest: string): string {
  return `count(LONGEST + ${longest});`;
}

/**
 * Freed prisoners: a scan keeps `lost`, the boxes in cycles longer than k (their prisoners fail),
 * and the trial counts N − lost.
 */
export const FREED = {
  declare: 'var lost = 0u;',
  step: `if (length > K) {
      lost += length;
    }`,
  count: 'count(FREED + N - lost);',
} as const;

/** A random-strategy trial's success: `success` set from `outcome`, and counted when true. */
export function countSuccess(outcome: string): string {
  return `success = ${outcome};
  if (success) {
    count(SUCCESSES);
  }`;
}

/** A random-strategy trial that cannot fail (k = n) succeeds without a draw. */
export const COUNT_CERTAIN_SUCCESS = 'success = true;\n  count(SUCCESSES);';

/**
 * After each trial in `main`: the stream's successes, and at the run's next convergence
 * checkpoint, its successes so far.
 */
export const STREAM_TALLY_PART = /* wgsl */ `if (success) {
        stream.successes += 1u;
      }
      if (stream.nextCheckpoint < params.checkpoints && checkpoints[stream.nextCheckpoint] == trial) {
        convergence[stream.nextCheckpoint] = stream.successes;
        stream.nextCheckpoint += 1u;
      }`;

/** After each trial in `main`: the first literal trial of each longest cycle (cycle strategy). */
export function examplePart(settings: GpuKernelSettings): string {
  return gpuKeepsExamples(settings)
    ? `let at = (index * (N + 1u) + longest) * ${GPU_EXAMPLE_WORDS}u;
      if (isLiteral && examples[at] == 0u) {
        examples[at] = trial;
        examples[at + 1u] = start.x;
        examples[at + 2u] = start.y;
        examples[at + 3u] = start.z;
        examples[at + 4u] = start.w;
      }`
    : '';
}
