// End-to-end time of a literal lab run through the worker pool on Node threads, as `npm run sim`
// does it: worker start-up, warm-up and merging included.
import { startLabRun } from '../../src/prisoners/lab/lab-pool.ts';
import { createNodeLabWorker } from '../node-workers.ts';

async function timedRun(n: number, k: number, trials: number, workers: number): Promise<number> {
  const started = performance.now();
  const final = await startLabRun({
    settings: { n, k, trials, strategy: 'cycle', method: 'literal', seed: 1 },
    seed: 1,
    workers,
    createWorker: createNodeLabWorker,
    onUpdate: () => {},
    updateIntervalMs: 200,
    silenceLimitMs: 30_000,
  }).finished;
  if (final.status !== 'done') throw new Error(`pool run ${final.status}: ${final.error}`);
  return performance.now() - started;
}

/** Best of three alternating runs on one and on two threads, in milliseconds. */
export async function measurePool(options: { n: number; k: number; trials: number }) {
  let oneMs = Infinity;
  let twoMs = Infinity;
  for (let i = 0; i < 3; i++) {
    oneMs = Math.min(oneMs, await timedRun(options.n, options.k, options.trials, 1));
    twoMs = Math.min(twoMs, await timedRun(options.n, options.k, options.trials, 2));
  }
  return { oneMs, twoMs };
}
