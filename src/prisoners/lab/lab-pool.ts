/**
 * The lab's worker pool: one job per worker, each with its own derived seed, every worker behind
 * the worker bridge; progress merged and handed on at a steady pace; cancel terminates the
 * workers at once and keeps what they had reported. The caller says how to start a worker (a
 * Web Worker in the browser, a worker thread in Node).
 */
import { convergenceCheckpoints, workerJob, type WorkerProgress } from '../engine/lab-run.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { createWorkerBridge, type WorkerBridge, type WorkerPort } from '../worker-bridge.ts';
import type { LabWorkerApi } from './lab-worker-api.ts';
import type { StateSeed } from '../engine/rng.ts';

export interface ConvergencePoint {
  trials: number;
  successes: number;
}

export type LabRunStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** Everything a view of the run needs, merged over the workers. */
export interface LabRunSnapshot {
  status: LabRunStatus;
  settings: LabSettings;
  seed: number;
  workers: number;
  trials: number;
  successes: number;
  longestCycle: Float64Array;
  freed: Float64Array;
  /** Generator state (32 hex digits) of a losing 100-prisoner arrangement from this run, or null. */
  watchState: StateSeed | null;
  convergence: ConvergencePoint[];
  elapsedMs: number;
  trialsPerSecond: number;
  error: string | null;
}

export interface LabRunOptions {
  settings: LabSettings;
  seed: number;
  workers: number;
  createWorker: () => WorkerPort;
  onUpdate: (snapshot: LabRunSnapshot) => void;
  /** Minimum time between two updates while running. */
  updateIntervalMs?: number;
  /** A worker that reports nothing for this long must prove that it is alive. */
  silenceLimitMs?: number;
  now?: () => number;
}

export interface LabRun {
  cancel(): void;
  /** Settles with the final snapshot: done, cancelled or failed. */
  finished: Promise<LabRunSnapshot>;
}

/** Workers for a run: every core but one for the page, at least one, never more than trials. */
export function poolSize(hardwareConcurrency: number | undefined, trials: number): number {
  const cores = Number.isFinite(hardwareConcurrency) ? (hardwareConcurrency as number) : 2;
  return Math.max(1, Math.min(cores - 1, trials));
}

/** Starts a run. Same seed and worker count: same result. */
export function startLabRun(options: LabRunOptions): LabRun {
  const { settings, seed, workers, onUpdate } = options;
  const now = options.now ?? (() => performance.now());
  const updateIntervalMs = options.updateIntervalMs ?? 250;
  const silenceLimitMs = options.silenceLimitMs ?? 4000;
  const started = now();
  const jobs = Array.from({ length: workers }, (_, index) =>
    workerJob(settings, seed, index, workers),
  );
  const latest: (WorkerProgress | null)[] = jobs.map(() => null);
  const bridges: WorkerBridge<LabWorkerApi>[] = [];
  let status: LabRunStatus = 'running';
  let error: string | null = null;
  let lastUpdate = -Infinity;
  let pendingUpdate: ReturnType<typeof setTimeout> | null = null;
  let settle: (snapshot: LabRunSnapshot) => void = () => {};
  const finished = new Promise<LabRunSnapshot>((resolve) => (settle = resolve));

  const snapshot = (): LabRunSnapshot =>
    merge(settings, seed, jobs.length, latest, jobs, {
      status,
      error,
      elapsedMs: now() - started,
    });

  const publish = (): void => {
    pendingUpdate = null;
    lastUpdate = now();
    onUpdate(snapshot());
  };

  const schedule = (): void => {
    if (status !== 'running' || pendingUpdate !== null) return;
    const wait = lastUpdate + updateIntervalMs - now();
    if (wait <= 0) publish();
    else pendingUpdate = setTimeout(publish, wait);
  };

  const stop = (final: LabRunStatus, message: string | null = null): void => {
    if (status !== 'running') return;
    status = final;
    error = message;
    for (const bridge of bridges) bridge.terminate();
    if (pendingUpdate !== null) clearTimeout(pendingUpdate);
    pendingUpdate = null;
    const last = snapshot();
    onUpdate(last);
    settle(last);
  };

  jobs.forEach((job, index) => {
    const bridge = createWorkerBridge<LabWorkerApi>({
      start: options.createWorker,
      name: `Worker ${index + 1}`,
      silenceMs: silenceLimitMs,
      onFailure: (message) => stop('failed', message),
    });
    bridges.push(bridge);
    const receive = (progress: WorkerProgress): void => {
      if (status !== 'running') return;
      latest[index] = progress;
      if (latest.every((p) => p?.done)) stop('done');
      else schedule();
    };
    bridge.api
      .run(job, bridge.callback(receive))
      .then(receive)
      .catch((reason: unknown) => {
        const message = reason instanceof Error ? reason.message : String(reason);
        stop('failed', `Worker ${index + 1} failed: ${message}`);
      });
  });

  return { cancel: () => stop('cancelled'), finished };
}

/** Sums the workers' latest reports. */
function merge(
  settings: LabSettings,
  seed: number,
  workers: number,
  latest: readonly (WorkerProgress | null)[],
  jobs: readonly { trials: number }[],
  state: { status: LabRunStatus; error: string | null; elapsedMs: number },
): LabRunSnapshot {
  const longestCycle = new Float64Array(settings.n + 1);
  const freed = new Float64Array(settings.n + 1);
  let trials = 0;
  let successes = 0;
  let watchState: StateSeed | null = null;
  for (const progress of latest) {
    if (!progress) continue;
    trials += progress.trials;
    successes += progress.successes;
    for (let i = 0; i <= settings.n; i++) {
      longestCycle[i] = (longestCycle[i] as number) + (progress.longestCycle[i] as number);
      freed[i] = (freed[i] as number) + (progress.freed[i] as number);
    }
    if (watchState === null) watchState = progress.watchState;
  }

  // Checkpoint j: every worker has run checkpoints[j] trials (the lists agree up to the last).
  const checkpoints = convergenceCheckpoints(jobs[0]?.trials ?? 0);
  const reached = Math.min(...latest.map((p) => p?.convergence.length ?? 0));
  const convergence: ConvergencePoint[] = [];
  for (let j = 0; j < reached; j++) {
    const perWorker = checkpoints[j] as number;
    let pointTrials = 0;
    let pointSuccesses = 0;
    latest.forEach((progress, w) => {
      const stop = Math.min(perWorker, jobs[w]?.trials ?? 0);
      pointTrials += stop;
      pointSuccesses += progress?.convergence[j] ?? progress?.successes ?? 0;
    });
    convergence.push({ trials: pointTrials, successes: pointSuccesses });
  }
  const lastPoint = convergence[convergence.length - 1];
  if (trials > 0 && (!lastPoint || lastPoint.trials < trials)) {
    convergence.push({ trials, successes });
  }

  const seconds = state.elapsedMs / 1000;
  return {
    status: state.status,
    settings,
    seed,
    workers,
    trials,
    successes,
    longestCycle,
    freed,
    watchState,
    convergence,
    elapsedMs: state.elapsedMs,
    trialsPerSecond: seconds > 0 ? trials / seconds : 0,
    error: state.error,
  };
}
