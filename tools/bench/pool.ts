// End-to-end time of a literal run through the CPU pool on Node threads, as `npm run sim`
// does it, from the same bundled worker: worker start-up, warm-up and merging included.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startCpuRun } from '../../src/features/prisoners/runtime/cpu-pool.ts';
import type { WorkerPort } from '../../src/features/prisoners/runtime/worker-bridge.ts';
import { NODE_RUN_TIMING, nodeTrialsWorkers } from '../../cli/node-workers.ts';
import { simBundle } from '../../cli/sim-bundle.mjs';

async function timedRun(
  createWorker: () => WorkerPort,
  settings: { n: number; k: number; trials: number },
  workers: number,
): Promise<number> {
  const started = performance.now();
  const final = await startCpuRun({
    settings: { ...settings, strategy: 'cycle', method: 'literal', seed: 1 },
    seed: 1,
    workers,
    createWorker,
    onUpdate: () => {},
    ...NODE_RUN_TIMING,
  }).finished;
  if (final.status !== 'done') throw new Error(`pool run ${final.status}: ${final.error}`);
  return performance.now() - started;
}

export interface PoolTimes {
  /** Milliseconds for the run on one and on two threads. */
  oneMs: number;
  twoMs: number;
  /** Milliseconds for one trial per thread: start-up and shutdown alone. */
  startOneMs: number;
  startTwoMs: number;
}

/** Best of three alternating runs on one and on two threads, and the same with one trial a thread. */
export async function measurePool(settings: {
  n: number;
  k: number;
  trials: number;
}): Promise<PoolTimes> {
  const createWorker = nodeTrialsWorkers(pathToFileURL(join(await simBundle(), 'sim-worker.mjs')));
  const times: PoolTimes = {
    oneMs: Infinity,
    twoMs: Infinity,
    startOneMs: Infinity,
    startTwoMs: Infinity,
  };
  for (let i = 0; i < 3; i++) {
    times.startOneMs = Math.min(
      times.startOneMs,
      await timedRun(createWorker, { ...settings, trials: 1 }, 1),
    );
    times.startTwoMs = Math.min(
      times.startTwoMs,
      await timedRun(createWorker, { ...settings, trials: 2 }, 2),
    );
    times.oneMs = Math.min(times.oneMs, await timedRun(createWorker, settings, 1));
    times.twoMs = Math.min(times.twoMs, await timedRun(createWorker, settings, 2));
  }
  return times;
}
