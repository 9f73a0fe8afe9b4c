/**
 * The lab's worker pool: a run's streams (engine/streams.ts) shared out over the workers, every
 * worker behind the worker bridge; their reports summed by the run's ledger and handed on at a
 * steady pace; cancel terminates the workers at once and keeps every stream counted so far. The
 * caller says how to start a worker (a Web Worker in the browser, a worker thread in Node).
 *
 * Message order: a worker's reports come as calls of its progress callback (on the callback's
 * own channel) and as the return value of `run` (on the worker's port), in no order between the
 * two. Each report names the streams it counts and no two overlap, so the ledger adds them in
 * any order, ignores a stream counted before, and the run is done when its last stream is
 * counted, whichever message brings it (README: "Message order: the lab pool").
 */
import { workerJob, type StreamsReport } from './streams-job.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { createRunLedger, type RunLedger, type RunTotals } from './run-ledger.ts';
import type { RunLayout } from '../engine/streams.ts';
import { createWorkerBridge, type WorkerBridge, type WorkerPort } from './worker-bridge.ts';
import type { LabWorkerApi } from './trials-worker-api.ts';
import { createUpdateThrottle } from './update-throttle.ts';

export type { ConvergencePoint } from './run-ledger.ts';

export type LabRunStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** Everything a view of the run needs, summed over the streams counted so far. */
export interface LabRunSnapshot extends RunTotals {
  status: LabRunStatus;
  settings: LabSettings;
  seed: number;
  workers: number;
  elapsedMs: number;
  trialsPerSecond: number;
  error: string | null;
  /** Where its trials were computed, as the results name it: "CPU workers (3)", "GPU (WebGPU): …". */
  ranOn: string;
  /** Why it runs where it runs, when the page chose: a calibration's figures, or a fallback. */
  deviceNote: string | null;
  /** A failed GPU run that the CPU workers can finish, keeping the streams it counted. */
  continuable: boolean;
}

/** How the results name the CPU pool. */
export function cpuWorkersLabel(workers: number): string {
  return `CPU workers (${workers})`;
}

/** A run taken over from another device: its ledger (streams 0 … prefix − 1 counted) and time. */
export interface RunTakeover {
  ledger: RunLedger;
  elapsedMs: number;
  /** Where its counted streams ran, e.g. "GPU (WebGPU): SwiftShader Device". */
  ranOn: string;
}

/** Runs the streams of one shard of a run: shard `index` (0-based) of `count`. */
export interface ShardScope {
  index: number;
  count: number;
}

export interface LabRunOptions {
  settings: LabSettings;
  seed: number;
  /** Workers wanted; a run never starts more than it has streams. */
  workers: number;
  createWorker: () => WorkerPort;
  onUpdate: (snapshot: LabRunSnapshot) => void;
  /** Minimum time between two updates while running. */
  updateIntervalMs?: number;
  /** A worker that reports nothing for this long must prove that it is alive. */
  silenceLimitMs?: number;
  /** Only this shard's streams; the whole run without it. */
  shard?: ShardScope;
  /** Finishes a whole run that another device started: only its streams not counted yet. */
  takeover?: RunTakeover;
  /** Said beside the device in the results. */
  deviceNote?: string | null;
  now?: () => number;
}

export interface LabRun {
  cancel(): void;
  /** Settles with the final snapshot: done, cancelled or failed. */
  finished: Promise<LabRunSnapshot>;
  /** Everything counted so far as one report over the run's (or shard's) streams. */
  report(): StreamsReport;
}

/** Workers for a run: every core but one for the page, at least one, never more than trials. */
export function poolSize(hardwareConcurrency: number | undefined, trials: number): number {
  const cores = Number.isFinite(hardwareConcurrency) ? (hardwareConcurrency as number) : 2;
  return Math.max(1, Math.min(cores - 1, trials));
}

/** Starts a run. Same seed: same result, whatever the number of workers. */
export function startLabRun(options: LabRunOptions): LabRun {
  const { settings, seed, onUpdate } = options;
  const now = options.now ?? (() => performance.now());
  const updateIntervalMs = options.updateIntervalMs ?? 250;
  const silenceLimitMs = options.silenceLimitMs ?? 4000;
  const { takeover } = options;
  const shard = options.shard ?? { index: 0, count: 1 };
  const started = now() - (takeover?.elapsedMs ?? 0);
  const layout: RunLayout = { ...settings, runSeed: seed };
  const ledger =
    takeover?.ledger ?? createRunLedger(layout, { first: shard.index, step: shard.count });
  // A takeover's counted streams are a prefix (the GPU counts its waves in order): the workers
  // share the streams after it.
  if (takeover && (shard.count !== 1 || ledger.counted !== ledger.prefix)) {
    throw new Error('A run is taken over only whole, after a prefix of counted streams.');
  }
  const jobs: ShardScope = takeover ? { index: ledger.prefix, count: 1 } : shard;
  // Never more workers than streams left; none for a shard that has no streams.
  const workers = Math.min(Math.max(1, options.workers), ledger.streams - ledger.counted);
  const ranOn = takeover
    ? `${takeover.ranOn}, then ${cpuWorkersLabel(workers)}`
    : cpuWorkersLabel(workers);
  const bridges: WorkerBridge<LabWorkerApi>[] = [];
  let status: LabRunStatus = 'running';
  let error: string | null = null;
  let settle: (snapshot: LabRunSnapshot) => void = () => {};
  const finished = new Promise<LabRunSnapshot>((resolve) => (settle = resolve));

  const snapshot = (): LabRunSnapshot => {
    const elapsedMs = now() - started;
    const totals = ledger.totals();
    const seconds = elapsedMs / 1000;
    return {
      ...totals,
      status,
      settings,
      seed,
      workers,
      elapsedMs,
      trialsPerSecond: seconds > 0 ? totals.trials / seconds : 0,
      error,
      ranOn,
      deviceNote: options.deviceNote ?? null,
      continuable: false,
    };
  };

  const updates = createUpdateThrottle(() => onUpdate(snapshot()), updateIntervalMs, now);

  const stop = (final: LabRunStatus, message: string | null = null): void => {
    if (status !== 'running') return;
    status = final;
    error = message;
    for (const bridge of bridges) bridge.terminate();
    updates.cancel();
    const last = snapshot();
    onUpdate(last);
    settle(last);
  };

  // Every report counts its own streams, whichever channel brings it and however late.
  const receive = (report: StreamsReport): void => {
    if (status !== 'running') return;
    ledger.add(report);
    if (ledger.complete) stop('done');
    else updates.schedule();
  };

  for (let index = 0; index < workers; index++) {
    const bridge = createWorkerBridge<LabWorkerApi>({
      start: options.createWorker,
      name: `Worker ${index + 1}`,
      silenceMs: silenceLimitMs,
      onFailure: (message) => stop('failed', message),
    });
    bridges.push(bridge);
    bridge.api
      .run(workerJob(layout, index, workers, jobs), bridge.callback(receive))
      .then(receive)
      .catch((reason: unknown) => {
        const message = reason instanceof Error ? reason.message : String(reason);
        stop('failed', `Worker ${index + 1} failed: ${message}`);
      });
  }
  if (ledger.complete) stop('done'); // a shard with no streams: nothing to run

  return {
    cancel: () => stop('cancelled'),
    finished,
    report: () => ledger.report(now() - started),
  };
}
