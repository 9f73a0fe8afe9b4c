/** The lab page's workers (module Web Workers beside their APIs), and the browser's WebGPU. */
import { probeWebGpu } from './device-choice.ts';
import type { GpuEnvironment } from './page-gpu.ts';
import type { WorkerPort } from '../runtime/worker-bridge.ts';

/** A module Web Worker running the trials of the CPU pool. */
export function startTrialsWorker(): WorkerPort {
  return new Worker(new URL('../runtime/trials.worker.ts', import.meta.url), {
    type: 'module',
    name: 'lab',
  });
}

export const browserGpu: GpuEnvironment = {
  probe: () => probeWebGpu(navigator.gpu),
  createWorker: () =>
    new Worker(new URL('../gpu/gpu.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gpu',
    }),
};
