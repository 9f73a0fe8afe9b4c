import type { LabWorkerHandle } from './lab-pool.ts';

/** A module Web Worker running the lab engine. */
export function createBrowserLabWorker(): LabWorkerHandle {
  const worker = new Worker(new URL('../../../workers/lab-worker.ts', import.meta.url), {
    type: 'module',
    name: 'lab',
  });
  return {
    endpoint: worker,
    terminate: () => worker.terminate(),
    onFailure(listener) {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(event.message || 'the worker could not run');
      });
      worker.addEventListener('messageerror', () => listener('a message could not be read'));
    },
  };
}
