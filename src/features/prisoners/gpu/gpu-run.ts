/**
 * A lab run on the GPU worker: the run's streams in waves on one WebGPU device, each complete
 * wave counted by the run's ledger as a CPU worker's report is; the wave in flight shown as
 * provisional progress; cancel terminates the worker at once. When the device is lost (or the
 * GPU fails otherwise) the run stops as failed but `continuable`: `takeover()` hands its ledger
 * (streams 0 … p − 1 counted, waves are counted in order) to the CPU pool, which runs the rest.
 *
 * Message order: the whole run is one conversation on one port, the `send` callback of the GPU
 * worker's `runLayout` (gpu-worker-api.ts): waves, progress and the end arrive in the order sent.
 * The call's own return value, on the worker's port, carries nothing and is not waited for.
 */
import type { LabSettings } from '../engine/lab-settings.ts';
import { createRunLedger } from '../runtime/run-ledger.ts';
import type { RunLayout } from '../engine/streams.ts';
import {
  createWorkerBridge,
  type WorkerBridge,
  type WorkerPort,
} from '../runtime/worker-bridge.ts';
import type { GpuRunMessage, GpuWorkerApi, WaveProgress } from './gpu-worker-api.ts';
import type { LabRun, LabRunSnapshot, LabRunStatus, RunTakeover } from '../runtime/cpu-pool.ts';
import { createUpdateThrottle } from '../runtime/update-throttle.ts';

/** How the results name a GPU. */
export function gpuLabel(adapterName: string): string {
  return `GPU (WebGPU): ${adapterName}`;
}

/**
 * The page's GPU worker: one bridge, kept from run to run (its device and compiled kernels with
 * it); a failure of the worker goes to the run that is using it.
 */
export interface GpuWorker {
  bridge: WorkerBridge<GpuWorkerApi>;
  /** Told when the worker crashes or falls silent; set by the run in progress. */
  onFailure: ((message: string) => void) | null;
}

export function createGpuWorker(start: () => WorkerPort, silenceMs = 4000): GpuWorker {
  const worker: GpuWorker = {
    onFailure: null,
    bridge: createWorkerBridge<GpuWorkerApi>({
      start,
      name: 'The GPU worker',
      silenceMs,
      onFailure: (message) => worker.onFailure?.(message),
    }),
  };
  return worker;
}

export interface GpuLabRunOptions {
  settings: LabSettings;
  seed: number;
  worker: GpuWorker;
  adapterName: string;
  onUpdate: (snapshot: LabRunSnapshot) => void;
  /** Minimum time between two updates while running. */
  updateIntervalMs?: number;
  /** Streams per wave; by default sized by the GPU runner from the measured rate. */
  streamsPerWave?: number;
  deviceNote?: string | null;
  now?: () => number;
}

export interface GpuLabRun extends LabRun {
  /** After a failure: the run so far, for the CPU pool to finish; null otherwise. */
  takeover(): RunTakeover | null;
}

export function startGpuLabRun(options: GpuLabRunOptions): GpuLabRun {
  const { settings, seed, worker, onUpdate } = options;
  const now = options.now ?? (() => performance.now());
  const updateIntervalMs = options.updateIntervalMs ?? 250;
  const started = now();
  const layout: RunLayout = { ...settings, runSeed: seed };
  const ledger = createRunLedger(layout);
  const ranOn = gpuLabel(options.adapterName);
  let status: LabRunStatus = 'running';
  let error: string | null = null;
  let continuable = false;
  let inFlight: WaveProgress | null = null;
  let endedAt: number | null = null;
  let settle: (snapshot: LabRunSnapshot) => void = () => {};
  const finished = new Promise<LabRunSnapshot>((resolve) => (settle = resolve));

  const snapshot = (): LabRunSnapshot => {
    const elapsedMs = (endedAt ?? now()) - started;
    const totals = ledger.totals();
    // While running, the wave in flight counts provisionally; a run that has ended shows only
    // the streams counted whole.
    if (inFlight && status === 'running') {
      totals.trials += inFlight.trials;
      totals.successes += inFlight.successes;
      inFlight.longestCycle.forEach((count, i) => (totals.longestCycle[i]! += count));
      inFlight.freed.forEach((count, i) => (totals.freed[i]! += count));
      if (inFlight.trials > 0) {
        totals.convergence.push({ trials: totals.trials, successes: totals.successes });
      }
    }
    const seconds = elapsedMs / 1000;
    return {
      ...totals,
      status,
      settings,
      seed,
      workers: 0,
      elapsedMs,
      trialsPerSecond: seconds > 0 ? totals.trials / seconds : 0,
      error,
      ranOn,
      deviceNote: options.deviceNote ?? null,
      continuable,
    };
  };

  const updates = createUpdateThrottle(() => onUpdate(snapshot()), updateIntervalMs, now);

  const stop = (final: LabRunStatus, message: string | null = null): void => {
    if (status !== 'running') return;
    status = final;
    error = message;
    endedAt = now();
    continuable = final === 'failed';
    if (worker.onFailure === fail) worker.onFailure = null;
    // Cancel ends the worker (and its dispatch in flight); a crash has ended it already; after a
    // lost device it stays, and asks for a new device on its next call.
    if (final === 'cancelled') worker.bridge.terminate();
    updates.cancel();
    const last = snapshot();
    onUpdate(last);
    settle(last);
  };

  const fail = (message: string): void => stop('failed', message);

  const receive = (message: GpuRunMessage): void => {
    if (status !== 'running') return;
    switch (message.kind) {
      case 'wave':
        ledger.add(message.report);
        inFlight = null;
        if (ledger.complete) stop('done');
        else updates.schedule();
        return;
      case 'progress':
        inFlight = message.wave;
        updates.schedule();
        return;
      case 'done':
        // Every wave came before `done` on this port: a run not complete now never will be.
        if (!ledger.complete) fail('The GPU finished without counting every stream of the run.');
        return;
      case 'stopped':
        fail(message.message);
    }
  };

  worker.onFailure = fail;
  worker.bridge.api
    .runLayout(layout, { streamsPerWave: options.streamsPerWave }, worker.bridge.callback(receive))
    .catch((reason: unknown) => {
      fail(reason instanceof Error ? reason.message : String(reason));
    });
  if (ledger.complete) stop('done');

  return {
    cancel: () => stop('cancelled'),
    finished,
    report: () => ledger.report(now() - started),
    takeover: () =>
      status === 'failed' ? { ledger, elapsedMs: (endedAt ?? now()) - started, ranOn } : null,
  };
}
