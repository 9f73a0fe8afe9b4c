// Lab workers on Node worker threads, running the TypeScript engine through tsx.
import { Worker } from 'node:worker_threads';
import type { WorkerPort } from '../src/prisoners/worker-bridge.ts';
import { nodeWorkerPort } from './node-endpoint.ts';

export function createNodeLabWorker(): WorkerPort {
  return nodeWorkerPort(new Worker(new URL('./sim-worker.mjs', import.meta.url)));
}
