import { transfer } from 'comlink';
import { runWorkerJob, type WorkerJob, type WorkerProgress } from '../engine/lab-run.ts';

/** Faults a browser test can inject to see how the page copes with a dying worker. */
export interface LabFaults {
  /** The worker throws once it has run at least this many trials. */
  throwAtTrial?: number;
}

function transferable(progress: WorkerProgress): WorkerProgress {
  return transfer(progress, [progress.longestCycle.buffer, progress.freed.buffer]);
}

/** What a lab worker (Web Worker or Node worker thread) exposes through Comlink. */
export const labWorkerApi = {
  /** Runs a job to its end; progress goes to `onProgress` at most every ~100 ms. */
  run(
    job: WorkerJob,
    onProgress: (progress: WorkerProgress) => void,
    faults: LabFaults = {},
  ): WorkerProgress {
    const final = runWorkerJob(job, (progress) => {
      if (faults.throwAtTrial !== undefined && progress.trials >= faults.throwAtTrial) {
        throw new Error(`Injected fault after ${progress.trials} trials`);
      }
      // The last report is the return value itself.
      if (!progress.done) void onProgress(transferable(progress));
    });
    return transferable(final);
  },
};

export type LabWorkerApi = typeof labWorkerApi;
