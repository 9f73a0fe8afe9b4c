/**
 * A run on the GPU worker: the run's streams in waves on one WebGPU device, each complete
 * wave counted by the run's ledger as a CPU worker's report is; the trials of the wave in flight
 * shown apart, never counted until the wave is whole (so the count never goes back when a run
 * ends with a wave unfinished); cancel terminates the worker at once. When the device is lost (or the
 * GPU fails otherwise) the run stops as failed but `continuable`: `takeover()` hands its ledger
 * (streams 0 … p − 1 counted, waves are counted in order) to the CPU pool, which runs the rest.
 *
 * Message order: the whole run is one conversation on one port, the `send` callback of the GPU
 * worker's `runLayout` (gpu-worker-api.ts): waves, progress and the end arrive in the order sent.
 * The call's own return value, on the worker's port, carries nothing and is not waited for.
 * Cancel aborts the call (its AbortSignal, at the worker bridge), which terminates the worker
 * (docs/message-order.md: "The GPU run").
 */
import { isAbortError } from '../runtime/abort.ts';
import { createRunLedger } from '../runtime/run-ledger.ts';
import type { RunLayout } from '../engine/streams.ts';
import {
  createWorkerBridge,
  type WorkerBridge,
  type WorkerPort,
} from '../runtime/worker-bridge.ts';
import type { GpuRunMessage, GpuWorkerApi, WaveProgress } from './gpu-worker-api.ts';
import {
  createRunState,
  type Run,
  type RunOptions,
  type RunTakeover,
} from '../runtime/run-state.ts';

/** How the results name a GPU. */
export function gpuLabel(adapterName: string): string {
  return `GPU (WebGPU): ${adapterName}`;
}

/**
 * The page's GPU worker: one bridge, kept from run to run (its device and compiled kernels with
 * it); a failure of the worker (a crash, silence) goes to the run that is using it.
 */
export interface GpuWorker {
  bridge: WorkerBridge<GpuWorkerApi>;
  /** Sends the worker's failures to `onFailure` until the returned release is called. */
  use(onFailure: (message: string) => void): () => void;
}

export function createGpuWorker(start: () => WorkerPort, silenceMs = 4000): GpuWorker {
  let user: ((message: string) => void) | null = null;
  return {
    bridge: createWorkerBridge<GpuWorkerApi>({
      start,
      name: 'The GPU worker',
      silenceMs,
      onFailure: (message) => user?.(message),
    }),
    use(onFailure) {
      user = onFailure;
      return () => {
        // A later run may have taken the worker since: its failures stay its own.
        if (user === onFailure) user = null;
      };
    },
  };
}

export interface StartGpuRunOptions extends RunOptions {
  worker: GpuWorker;
  adapterName: string;
  /** Streams per wave; by default sized by the GPU runner from the measured rate. */
  streamsPerWave?: number;
}

export interface GpuRun extends Run {
  /** After a failure: the run so far, for the CPU pool to finish; null otherwise. */
  takeover(): RunTakeover | null;
}

export function startGpuRun(options: StartGpuRunOptions): GpuRun {
  const { settings, seed, worker } = options;
  const layout: RunLayout = { ...settings, runSeed: seed };
  let inFlight: WaveProgress | null = null;
  let release = () => {};
  // Aborted by cancel alone: the worker is terminated with its dispatch in flight. A crash has
  // ended it already; after a lost device it stays, and asks for a new device on its next call.
  const call = new AbortController();
  const state = createRunState({
    ...options,
    ledger: createRunLedger(layout),
    workers: 0,
    ranOn: gpuLabel(options.adapterName),
    continuable: true,
    inFlightTrials: () => inFlight?.trials ?? 0,
    onEnd: (status) => {
      release();
      if (status === 'cancelled') call.abort();
    },
  });

  const receive = (message: GpuRunMessage): void => {
    if (!state.running) return;
    switch (message.kind) {
      case 'wave':
        inFlight = null;
        state.count(message.report);
        return;
      case 'progress':
        inFlight = message.wave;
        state.changed();
        return;
      case 'done':
        // Every wave came before `done` on this port: a run not complete now never will be.
        state.fail('The GPU finished without counting every stream of the run.');
        return;
      case 'stopped':
        state.fail(message.message);
    }
  };

  if (state.running) {
    release = worker.use(state.fail);
    worker.bridge
      .withSignal(call.signal)
      .runLayout(
        layout,
        { streamsPerWave: options.streamsPerWave },
        worker.bridge.callback(receive),
      )
      .catch((reason: unknown) => {
        if (isAbortError(reason)) return; // cancelled: the run has ended already
        state.fail(reason instanceof Error ? reason.message : String(reason));
      });
  }
  state.finishIfComplete();
  return { ...state.run, takeover: state.takeover };
}
