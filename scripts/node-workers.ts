// Lab workers on Node worker threads.
import { Worker } from 'node:worker_threads';
import { nodeEndpoint } from './node-endpoint.ts';
import type { LabWorkerFactory, LabWorkerHandle } from '../src/prisoners/lab/lab-pool.ts';

/**
 * Workers that run `workerUrl`: by default the sim-worker.mjs beside this module, which is the
 * tsx entry in scripts/ and the bundled worker inside the command line's bundle.
 */
export function nodeLabWorkers(
  workerUrl: URL = new URL('./sim-worker.mjs', import.meta.url),
): LabWorkerFactory {
  return (): LabWorkerHandle => {
    const worker = new Worker(workerUrl);
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
  };
}

export const createNodeLabWorker: LabWorkerFactory = nodeLabWorkers();
