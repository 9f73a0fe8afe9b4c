// Lab workers on Node worker threads, running the TypeScript engine through tsx.
import { Worker } from 'node:worker_threads';
import { nodeEndpoint } from './node-endpoint.ts';
import type { LabWorkerHandle } from '../src/prisoners/lab/lab-pool.ts';

export function createNodeLabWorker(): LabWorkerHandle {
  const worker = new Worker(new URL('./sim-worker.mjs', import.meta.url));
  return {
    endpoint: nodeEndpoint(worker),
    terminate: () => void worker.terminate(),
    onFailure(listener) {
      worker.on('error', (error) => listener(error.message));
      worker.on('exit', (code) => {
        if (code !== 0) listener(`exited with code ${code}`);
      });
    },
  };
}
