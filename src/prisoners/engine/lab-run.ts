/**
 * One worker's share of a lab run: batches of trials, a progress snapshot at most every
 * ~100 ms (never per trial), and the success counts at fixed convergence checkpoints.
 * Runs unchanged in a Web Worker, a Node worker thread and a test.
 */
import { createLiteralScratch } from './literal-kernels.ts';
import { deriveSeed, type StateSeed } from './rng.ts';
import { seedGenerator } from './sfc32.ts';
import { createTally, watchThreshold, type Tally } from './tally.ts';
import { fastBatch, literalBatch, planTrials, type Method, type Strategy } from './trials.ts';

export interface WorkerJob {
  n: number;
  k: number;
  strategy: Strategy;
  method: Method;
  /** Seeds this worker's one generator stream: deriveSeed(runSeed, workerIndex). */
  workerSeed: number;
  /** Trials for this worker. */
  trials: number;
}

export interface WorkerProgress {
  trials: number;
  successes: number;
  longestCycle: Float64Array;
  freed: Float64Array;
  /** Generator state at the start of a trial the simulation page loses (see Tally), or null. */
  watchState: StateSeed | null;
  /** Successes after each convergence checkpoint reached so far (see convergenceCheckpoints). */
  convergence: number[];
  elapsedMs: number;
  done: boolean;
}

export const PROGRESS_INTERVAL_MS = 100;
/** Fast runs of 100 prisoners start with at most this many literal trials, to find one to watch. */
export const WATCH_SEARCH_TRIALS = 64;

/** Trials per worker after which successes are recorded: about 10 per decade (1, 2, 3, 4, 5, 6, 8, 10, 13 …). */
export function convergenceCheckpoints(trials: number): number[] {
  const checkpoints: number[] = [];
  for (let step = 0; ; step++) {
    const value = Math.round(10 ** (step / 10));
    if (value > trials) break;
    if (checkpoints[checkpoints.length - 1] !== value) checkpoints.push(value);
  }
  return checkpoints;
}

/** Trials of each of `workers` workers when a run of `trials` is shared out. */
export function shareTrials(trials: number, workers: number): number[] {
  const base = Math.floor(trials / workers);
  const extra = trials - base * workers;
  return Array.from({ length: workers }, (_, w) => base + (w < extra ? 1 : 0));
}

/** The job of worker `index` in a run. */
export function workerJob(
  settings: { n: number; k: number; strategy: Strategy; method: Method; trials: number },
  runSeed: number,
  index: number,
  workers: number,
): WorkerJob {
  return {
    n: settings.n,
    k: settings.k,
    strategy: settings.strategy,
    method: settings.method,
    workerSeed: deriveSeed(runSeed, index),
    trials: shareTrials(settings.trials, workers)[index] ?? 0,
  };
}

/** The first batch of a job: small, so the first progress comes at once; each next is 4× larger. */
export const FIRST_BATCH = 16;
export const BATCH_GROWTH = 4;

/** Trials per batch once warmed up: about 5–20 ms of work, so cancel and progress stay prompt. */
export function targetBatch(job: { method: Method; strategy: Strategy; n: number }): number {
  if (job.method === 'fast') return 100_000;
  // Random and swap trials go over the boxes more than once.
  const perTrial = job.strategy === 'cycle' ? job.n : 2 * job.n;
  return Math.max(1, Math.min(50_000, Math.floor(2_000_000 / perTrial)));
}

/** Runs a worker's job to the end, reporting progress through `report`. */
export function runWorkerJob(
  job: WorkerJob,
  report: (progress: WorkerProgress) => void,
  now: () => number = () => performance.now(),
  intervalMs = PROGRESS_INTERVAL_MS,
): WorkerProgress {
  const started = now();
  const { n, strategy, method } = job;
  const tally: Tally = createTally(n);
  const checkpoints = convergenceCheckpoints(job.trials);
  const convergence: number[] = [];
  // One stream for the whole job, literal and fast trials alike.
  const generator = seedGenerator(job.workerSeed);
  const plan = planTrials(job);
  const watchable = watchThreshold(n, strategy) !== null;
  // A fast run keeps a handful of literal trials at its start, so a losing arrangement can be replayed.
  let literalPrefix =
    method === 'literal' ? job.trials : watchable ? Math.min(WATCH_SEARCH_TRIALS, job.trials) : 0;
  const scratch = literalPrefix > 0 ? createLiteralScratch(n) : null;
  const target = targetBatch(job);

  let warmBatch = FIRST_BATCH;
  let lastReport = started;
  const snapshot = (done: boolean): WorkerProgress => ({
    trials: tally.trials,
    successes: tally.successes,
    longestCycle: tally.longestCycle.slice(),
    freed: tally.freed.slice(),
    watchState: tally.watchState,
    convergence: convergence.slice(),
    elapsedMs: now() - started,
    done,
  });

  while (tally.trials < job.trials) {
    const done = tally.trials;
    const nextCheckpoint = checkpoints[convergence.length] ?? job.trials;
    let batch = Math.min(warmBatch, nextCheckpoint - done, job.trials - done);
    warmBatch = Math.min(target, warmBatch * BATCH_GROWTH);
    if (done < literalPrefix) {
      batch = Math.min(batch, literalPrefix - done);
      if (method === 'fast') batch = 1; // stop searching as soon as one is found
      literalBatch(plan, batch, tally, scratch!, generator);
      if (method === 'fast' && tally.watchState !== null) {
        literalPrefix = tally.trials; // found one: the rest of the run is sampled
      }
    } else {
      fastBatch(plan, batch, tally, generator);
    }
    while (
      convergence.length < checkpoints.length &&
      checkpoints[convergence.length]! <= tally.trials
    ) {
      convergence.push(tally.successes);
    }
    const time = now();
    if (time - lastReport >= intervalMs && tally.trials < job.trials) {
      lastReport = time;
      report(snapshot(false));
    }
  }
  const final = snapshot(true);
  report(final);
  return final;
}
