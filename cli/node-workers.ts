// Trials workers (the CPU pool's) on Node worker threads.
import { Worker } from 'node:worker_threads';
import type { WorkerPort } from '../src/features/prisoners/runtime/worker-bridge.ts';
import { nodeWorkerPort } from './node-endpoint.ts';

/**
 * Starts workers that run `workerUrl`: by default the sim-worker.mjs beside this module, which is
 * the tsx entry in scripts/ and the bundled worker inside the command line's bundle.
 */
export function nodeTrialsWorkers(
  workerUrl: URL = new URL('./sim-worker.mjs', import.meta.url),
): () => WorkerPort {
  return () => nodeWorkerPort(new Worker(workerUrl));
}

/**
 * How often a run on the command line reports, and how long its workers may stay silent: no
 * browser frame to keep smooth, so less often than the lab page.
 */
export const NODE_RUN_TIMING = { updateIntervalMs: 200, silenceLimitMs: 30_000 } as const;

/** A trials worker running sim-worker.mjs beside this module. */
export const createNodeTrialsWorker = nodeTrialsWorkers();
