import { transfer } from 'comlink';
import { measureTrialRate, type RateSample } from '../engine/calibration.ts';
import { runWorkerJob, type StreamsReport, type WorkerJob } from './streams-job.ts';

function transferable(report: StreamsReport): StreamsReport {
  return transfer(report, [
    report.longestCycle.buffer,
    report.freed.buffer,
    report.convergence.buffer,
  ]);
}

/** What a trials worker (Web Worker or Node worker thread) exposes through the worker bridge. */
export const trialsWorkerApi = {
  /**
   * Runs a job to its end. Every report, through `onProgress` at most every ~100 ms and the last
   * one as the return value, counts streams that no other report counts (see streams-job.ts).
   */
  run(job: WorkerJob, onProgress: (report: StreamsReport) => void): StreamsReport {
    const last = runWorkerJob(job, (report) => void onProgress(transferable(report)));
    return transferable(last);
  },

  /** Trials per second of these settings on this thread, measured for `budgetMs`. */
  calibrate(settings: Parameters<typeof measureTrialRate>[0], budgetMs: number): RateSample {
    return measureTrialRate(settings, budgetMs);
  },
};

export type TrialsWorkerApi = typeof trialsWorkerApi;
