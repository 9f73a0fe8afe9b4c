/**
 * What a run is, whichever device runs it: its status, the snapshot that views are shown (the
 * ledger's totals, and apart from them the trials in flight), its updates at a steady pace
 * (update-throttle.ts), and its end: one stop, whatever ends it (every stream counted, a failure,
 * cancel, the caller leaving), after which nothing more is counted or published. The CPU pool
 * (cpu-pool.ts) and the GPU run (gpu/gpu-run.ts) each keep only what is theirs (workers and their
 * bridges; waves and the wave in flight) and hand every report and failure to one of these.
 */
import type { LabSettings } from '../engine/lab-settings.ts';
import type { RunLedger, RunTotals } from './run-ledger.ts';
import type { StreamsReport } from './streams-job.ts';
import { createUpdateThrottle } from './update-throttle.ts';

export type { ConvergencePoint } from './run-ledger.ts';

export type RunStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** Everything a view of the run needs, summed over the streams counted so far. */
export interface RunSnapshot extends RunTotals {
  status: RunStatus;
  settings: LabSettings;
  seed: number;
  workers: number;
  elapsedMs: number;
  /** Trials per second counted whole. */
  trialsPerSecond: number;
  /**
   * Trials of the work in flight (the GPU's wave) while running: not counted in the totals
   * until their report comes, and dropped if the run ends first; 0 once the run has ended.
   */
  inFlightTrials: number;
  error: string | null;
  /** Where its trials were computed, as the results name it: "CPU workers (3)", "GPU (WebGPU): …". */
  ranOn: string;
  /** Why it runs where it runs, when the page chose: a calibration's figures, or a fallback. */
  deviceNote: string | null;
  /** A failed GPU run that the CPU workers can finish, keeping the streams it counted. */
  continuable: boolean;
}

/** A run taken over from another device: its ledger (streams 0 … prefix − 1 counted) and time. */
export interface RunTakeover {
  ledger: RunLedger;
  elapsedMs: number;
  /** Where its counted streams ran, e.g. "GPU (WebGPU): SwiftShader Device". */
  ranOn: string;
}

/** A run as whoever started it holds it, on either device. */
export interface Run {
  cancel(): void;
  /** Settles with the final snapshot: done, cancelled or failed. */
  finished: Promise<RunSnapshot>;
  /** Everything counted so far as one report over the run's (or shard's) streams. */
  report(): StreamsReport;
}

/** What every runner takes from whoever starts a run. */
export interface RunOptions {
  settings: LabSettings;
  seed: number;
  /** Hears the run's snapshots: at most one an interval while it runs, and its end. */
  onUpdate: (snapshot: RunSnapshot) => void;
  /** Minimum time between two updates while running. */
  updateIntervalMs?: number;
  /** Said beside the device in the results. */
  deviceNote?: string | null;
  /**
   * The caller is gone (the page replaced the run, or left): when it fires, the run ends as
   * cancelled, stopping its workers, and `finished` settles, but `onUpdate` hears nothing more,
   * not even the cancellation. `cancel()` is the end that is published.
   */
  signal?: AbortSignal;
  now?: () => number;
}

export interface RunStateOptions extends RunOptions {
  ledger: RunLedger;
  workers: number;
  ranOn: string;
  /** Time the run took on another device before this one took it over. */
  elapsedBeforeMs?: number;
  /** A failed run can be finished elsewhere (the GPU's): it says so, and offers its takeover. */
  continuable?: boolean;
  /** The trials of work in flight, shown apart from the totals while the run is running. */
  inFlightTrials?: () => number;
  /** The runner's own part of the end (its workers, its call), before the last snapshot. */
  onEnd?: (status: Exclude<RunStatus, 'running'>) => void;
}

export interface RunState {
  readonly running: boolean;
  /** Counts a report: the run is done when its last stream is counted, else an update is due. */
  count(report: StreamsReport): void;
  /** Something shown changed (the work in flight): an update is due. */
  changed(): void;
  /** Ends the run as done when every stream is counted already (a run with nothing to run). */
  finishIfComplete(): void;
  fail(message: string): void;
  /** After a failure of a continuable run: the run so far, for another device; null otherwise. */
  takeover(): RunTakeover | null;
  /** The run as its starter holds it. */
  readonly run: Run;
}

/** What a run shows before its first report: running, nothing counted yet. */
export function startingSnapshot(
  settings: LabSettings,
  seed: number,
  workers: number,
  ranOn: string,
): RunSnapshot {
  return {
    status: 'running',
    settings,
    seed,
    workers,
    trials: 0,
    successes: 0,
    longestCycle: new Float64Array(settings.n + 1),
    freed: new Float64Array(settings.n + 1),
    convergence: [],
    watch: null,
    longestCycleExamples: Array.from({ length: settings.n + 1 }, () => null),
    elapsedMs: 0,
    trialsPerSecond: 0,
    inFlightTrials: 0,
    error: null,
    ranOn,
    deviceNote: null,
    continuable: false,
  };
}

export function createRunState(options: RunStateOptions): RunState {
  const { settings, seed, ledger, workers, ranOn, onUpdate, signal } = options;
  const now = options.now ?? (() => performance.now());
  const started = now() - (options.elapsedBeforeMs ?? 0);
  let status: RunStatus = 'running';
  let error: string | null = null;
  let endedAt: number | null = null;
  let settle: (snapshot: RunSnapshot) => void = () => {};
  const finished = new Promise<RunSnapshot>((resolve) => (settle = resolve));

  const snapshot = (): RunSnapshot => {
    const elapsedMs = (endedAt ?? now()) - started;
    const totals = ledger.totals();
    // Only whole reports count: the work in flight is shown apart, so that what a run has
    // counted never goes back when the run ends (or is cancelled) with that work unfinished.
    const inFlightTrials = status === 'running' ? (options.inFlightTrials?.() ?? 0) : 0;
    const seconds = elapsedMs / 1000;
    return {
      ...totals,
      status,
      settings,
      seed,
      workers,
      elapsedMs,
      trialsPerSecond: seconds > 0 ? totals.trials / seconds : 0,
      inFlightTrials,
      error,
      ranOn,
      deviceNote: options.deviceNote ?? null,
      continuable: options.continuable === true && status === 'failed',
    };
  };

  const updates = createUpdateThrottle(
    () => onUpdate(snapshot()),
    options.updateIntervalMs ?? 250,
    now,
  );

  const stop = (final: Exclude<RunStatus, 'running'>, message: string | null, told = true) => {
    if (status !== 'running') return;
    status = final;
    error = message;
    endedAt = now();
    signal?.removeEventListener('abort', left);
    options.onEnd?.(final);
    updates.cancel();
    const last = snapshot();
    if (told) onUpdate(last);
    settle(last);
  };
  const left = () => stop('cancelled', null, false);
  if (signal?.aborted) left();
  else signal?.addEventListener('abort', left, { once: true });

  const finishIfComplete = () => {
    if (ledger.complete) stop('done', null);
  };

  return {
    get running() {
      return status === 'running';
    },
    count(report) {
      if (status !== 'running') return;
      ledger.add(report);
      if (ledger.complete) stop('done', null);
      else updates.schedule();
    },
    changed() {
      if (status === 'running') updates.schedule();
    },
    finishIfComplete,
    fail: (message) => stop('failed', message),
    takeover: () =>
      options.continuable && status === 'failed'
        ? { ledger, elapsedMs: (endedAt ?? now()) - started, ranOn }
        : null,
    run: {
      cancel: () => stop('cancelled', null),
      finished,
      report: () => ledger.report(now() - started),
    },
  };
}
