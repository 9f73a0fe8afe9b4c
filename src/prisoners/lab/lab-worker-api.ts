import { transfer } from 'comlink';
import { runWorkerJob, type WorkerJob, type WorkerProgress } from '../engine/lab-run.ts';

function transferable(progress: WorkerProgress): WorkerProgress {
  return transfer(progress, [progress.longestCycle.buffer, progress.freed.buffer]);
}

/** What a lab worker (Web Worker or Node worker thread) exposes through the worker bridge. */
export const labWorkerApi = {
  /** Runs a job to its end; progress goes to `onProgress` at most every ~100 ms. */
  run(job: WorkerJob, onProgress: (progress: WorkerProgress) => void): WorkerProgress {
    const final = runWorkerJob(job, (progress) => {
      // The last report is the return value itself.
      if (!progress.done) void onProgress(transferable(progress));
    });
    return transferable(final);
  },
};

export type LabWorkerApi = typeof labWorkerApi;
