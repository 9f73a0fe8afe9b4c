// Measures kernels on this thread for a while and reports trials per second for each. Kernels
// measured together take turns in short slices, so machine noise hits them alike and their ratio
// holds even when absolute speed drifts.
import { parentPort, workerData } from 'node:worker_threads';
import { runWorkerJob } from '../../src/prisoners/engine/lab-run.ts';
import { deriveSeed } from '../../src/prisoners/engine/rng.ts';
import { limitFast, limitLiteral, limitState } from './limit-kernels.ts';
import { naiveTrial } from './naive.ts';

export const KERNELS = ['naive', 'literal', 'literal-limit', 'fast', 'fast-limit'] as const;
export type KernelName = (typeof KERNELS)[number];

export interface KernelTask {
  /** Kernels measured in turns on this thread. */
  kernels: KernelName[];
  n: number;
  k: number;
  /** Measured time per kernel. */
  durationMs: number;
  seed: number;
}

export interface KernelMeasurement {
  trialsPerSecond: number;
  successRate: number;
}

export interface ThreadMeasurement {
  kernels: Partial<Record<KernelName, KernelMeasurement>>;
  /** Cores the process kept busy while this thread measured (the machine may be shared). */
  cpuShare: number;
}

/** Trials per round: a round takes roughly 50–200 ms. */
const ROUND_TRIALS: Record<KernelName, number> = {
  naive: 10_000,
  literal: 250_000,
  'literal-limit': 250_000,
  fast: 5_000_000,
  'fast-limit': 5_000_000,
};
const SLICE_MS = 400;

/** Runs one round of `trials` trials; returns the successes. */
function round(task: KernelTask, kernel: KernelName, trials: number, index: number): number {
  const { n, k } = task;
  if (kernel === 'naive') {
    let successes = 0;
    for (let i = 0; i < trials; i++) if (naiveTrial(n, k)) successes++;
    return successes;
  }
  if (kernel === 'literal' || kernel === 'fast') {
    // The lab's own job runner: the same batches, warm-up and progress checks as in the browser.
    return runWorkerJob(
      {
        n,
        k,
        strategy: 'cycle',
        method: kernel,
        workerSeed: deriveSeed(task.seed, index),
        trials,
      },
      () => {},
    ).successes;
  }
  // The limit kernels in batches of the lab's size, after the same kind of warm-up.
  const state = limitState(deriveSeed(task.seed, index));
  const histogram = new Float64Array(n + 1);
  const slips = new Uint8Array(n);
  const batch = kernel === 'literal-limit' ? 20_000 : 100_000;
  let warm = 16;
  for (let done = 0; done < trials;) {
    const count = Math.min(warm, batch, trials - done);
    warm *= 4;
    if (kernel === 'literal-limit') limitLiteral(n, count, state, histogram, slips);
    else limitFast(n, count, state, histogram);
    done += count;
  }
  let successes = 0;
  for (let length = 0; length <= k; length++) successes += histogram[length]!;
  return successes;
}

const task = workerData as KernelTask;
const totals = task.kernels.map(() => ({ trials: 0, successes: 0, ms: 0, rounds: 0 }));
for (const [i, kernel] of task.kernels.entries()) {
  round(task, kernel, Math.ceil(ROUND_TRIALS[kernel] / 20), 1000 + i); // warm-up
}
const started = performance.now();
const cpuBefore = process.cpuUsage(); // process-wide: this thread plus any sibling threads
while (totals.some((t) => t.ms < task.durationMs)) {
  for (const [i, kernel] of task.kernels.entries()) {
    const total = totals[i]!;
    if (total.ms >= task.durationMs) continue;
    const sliceStart = performance.now();
    do {
      total.successes += round(task, kernel, ROUND_TRIALS[kernel], total.rounds++);
      total.trials += ROUND_TRIALS[kernel];
    } while (performance.now() - sliceStart < SLICE_MS);
    total.ms += performance.now() - sliceStart;
  }
}
const cpu = process.cpuUsage(cpuBefore);
const result: ThreadMeasurement = {
  kernels: Object.fromEntries(
    task.kernels.map((kernel, i) => {
      const total = totals[i]!;
      return [
        kernel,
        {
          trialsPerSecond: total.trials / (total.ms / 1000),
          successRate: total.successes / total.trials,
        },
      ];
    }),
  ),
  cpuShare: (cpu.user + cpu.system) / 1e6 / ((performance.now() - started) / 1000),
};
parentPort?.postMessage(result);
