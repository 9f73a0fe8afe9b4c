// Measures one kernel on this thread for a while and reports trials per second.
import { parentPort, workerData } from 'node:worker_threads';
import { runWorkerJob } from '../../src/prisoners/engine/lab-run.ts';
import { deriveSeed } from '../../src/prisoners/engine/rng.ts';
import { naiveTrial } from './naive.ts';

export interface KernelTask {
  kernel: 'naive' | 'literal' | 'fast';
  n: number;
  k: number;
  /** Trials per measured round; rounds repeat until durationMs has passed. */
  trials: number;
  durationMs: number;
  seed: number;
}

function round(task: KernelTask, index: number): number {
  if (task.kernel === 'naive') {
    let successes = 0;
    for (let i = 0; i < task.trials; i++) if (naiveTrial(task.n, task.k)) successes++;
    return successes;
  }
  // The lab's own job runner: the same batches, warm-up and progress checks as in the browser.
  return runWorkerJob(
    {
      n: task.n,
      k: task.k,
      strategy: 'cycle',
      method: task.kernel,
      workerSeed: deriveSeed(task.seed, index),
      trials: task.trials,
    },
    () => {},
  ).successes;
}

const task = workerData as KernelTask;
round({ ...task, trials: Math.ceil(task.trials / 20) }, 1000); // warm-up
const started = performance.now();
const cpuBefore = process.cpuUsage(); // process-wide: this thread plus any sibling threads
let trials = 0;
let successes = 0;
for (let index = 0; performance.now() - started < task.durationMs; index++) {
  successes += round(task, index);
  trials += task.trials;
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
parentPort?.postMessage({
  trialsPerSecond: trials / seconds,
  successRate: successes / trials,
  cpuShare: (cpu.user + cpu.system) / 1e6 / seconds,
});
