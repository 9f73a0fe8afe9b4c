/**
 * One worker's share of a lab run: the streams first, first + step, first + 2·step … of the run
 * (streams.ts), in that order, each run whole and counted once. Every ~100 ms (never per trial)
 * the worker reports the streams it finished since its last report, with their summed tallies;
 * its last report covers whatever is left. Reports never overlap, so the pool adds them up in
 * whatever order they arrive. Runs unchanged in a Web Worker, a Node worker thread and a test.
 */
import {
  createStreamRunner,
  createStreamsTally,
  examplesOf,
  runStreamInto,
  type RunLayout,
  type StreamsTally,
  type TrialExample,
} from '../engine/streams.ts';
import type { Counts } from '../engine/types.ts';

/** A worker's streams of a run: first, first + step, … below the run's stream count. */
export interface WorkerJob extends RunLayout {
  first: number;
  step: number;
}

/** A trial kept for its longest cycle. */
export interface LengthExample extends TrialExample {
  length: number;
}

/** The tallies of some streams of a run: a worker's report, or a shard's. */
export interface StreamsReport extends Counts {
  /** The streams counted here: first, first + step, … (count of them). */
  first: number;
  step: number;
  count: number;
  /** Successes among these streams' trials up to each run convergence checkpoint. */
  convergence: Float64Array;
  /** For each longest cycle seen in a literal cycle-strategy run, its first trial here. */
  examples: LengthExample[];
  elapsedMs: number;
}

export const PROGRESS_INTERVAL_MS = 100;

/** The streams of a run that worker `index` of `workers` runs; with a shard, of that shard only. */
export function workerJob(
  layout: RunLayout,
  index: number,
  workers: number,
  shard: { index: number; count: number } = { index: 0, count: 1 },
): WorkerJob {
  return { ...layout, first: shard.index + shard.count * index, step: shard.count * workers };
}

/** A report of a tally's streams. */
function reportOf(
  tally: StreamsTally,
  n: number,
  streams: { first: number; step: number; count: number },
  elapsedMs: number,
): StreamsReport {
  const examples: LengthExample[] = [];
  examplesOf(tally.examples, n).forEach((example, length) => {
    if (example) examples.push({ ...example, length });
  });
  return {
    ...streams,
    trials: tally.trials,
    successes: tally.successes,
    longestCycle: tally.longestCycle,
    freed: tally.freed,
    convergence: tally.convergence,
    examples,
    elapsedMs,
  };
}

/**
 * Runs a worker's job to the end: reports through `report` at most every `intervalMs`, and
 * returns the last report (the streams after the last one reported, possibly none).
 */
export function runWorkerJob(
  job: WorkerJob,
  report: (progress: StreamsReport) => void,
  now: () => number = () => performance.now(),
  intervalMs = PROGRESS_INTERVAL_MS,
): StreamsReport {
  const started = now();
  const runner = createStreamRunner(job);
  let tally = createStreamsTally(runner);
  let first = job.first;
  let count = 0;
  let lastReport = started;
  for (let stream = job.first; stream < runner.streams; stream += job.step) {
    runStreamInto(runner, stream, tally);
    count++;
    const time = now();
    if (time - lastReport >= intervalMs && stream + job.step < runner.streams) {
      lastReport = time;
      report(reportOf(tally, job.n, { first, step: job.step, count }, time - started));
      tally = createStreamsTally(runner);
      first = stream + job.step;
      count = 0;
    }
  }
  return reportOf(tally, job.n, { first, step: job.step, count }, now() - started);
}
