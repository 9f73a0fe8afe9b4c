/**
 * The lab's runs as the page sees them: starts, follows and cancels them on the CPU workers or the
 * GPU worker, finishes a failed GPU run on the CPU workers, and terminates the workers when the
 * page goes away. Only the current run reaches the page: a run is shown as running from the
 * moment it starts (not from its first report, nor once its device is chosen), and a run replaced
 * by a newer one (Run, Retry) is aborted through its signal, which ends it without a word, so
 * none of its reports, nor the cancellation that the replacement causes, is shown or kept. A run
 * that ends is kept for its address and shown again when the page opens at that address.
 *
 * Options are read when a run starts: a change applies to the next run, never to the one going
 * on; a new GPU environment is asked for WebGPU at once, and a new environment, worker factory
 * or core count measures the devices again on the next open choice.
 */
import type { LabSettings } from '../engine/lab-settings.ts';
import { queryOfRun } from '../engine/lab-settings.ts';
import { randomSeed } from '../engine/rng.ts';
import { isAbortError } from '../runtime/abort.ts';
import { poolSize, startCpuRun, type CpuRun } from '../runtime/cpu-pool.ts';
import { startingSnapshot, type RunSnapshot, type RunTakeover } from '../runtime/run-state.ts';
import type { WorkerPort } from '../runtime/worker-bridge.ts';
import { startGpuRun, type GpuRun } from '../gpu/gpu-run.ts';
import type { GpuAvailability } from './device-choice.ts';
import { browserGpu, startTrialsWorker } from './browser-workers.ts';
import { finishedRunFor, keepFinishedRun } from './finished-run-cache.ts';
import { createPageGpu, type GpuEnvironment } from './page-gpu.ts';

export type { GpuEnvironment } from './page-gpu.ts';

export interface LabRunOptions {
  /** Starts a trials worker; tests hand in one of their own. */
  createWorker?: () => WorkerPort;
  /** The cores the pool sizes itself to; the browser's count unless given. */
  cores?: number;
  /** Learns each run's settings and seed as it starts (the address records them). */
  onStart?: (settings: LabSettings, seed: number) => void;
  /** WebGPU and the GPU worker; the browser's unless given. A new object is a new environment. */
  gpu?: GpuEnvironment;
  /** Streams per GPU wave; sized from the measured rate unless given. */
  gpuStreamsPerWave?: number;
  /** How long a CPU worker may stay silent before it counts as hung; the pool's unless given. */
  silenceLimitMs?: number;
}

/** What the page shows: the current run (or the one kept for its address), and WebGPU. */
export interface LabRunView {
  snapshot: RunSnapshot | null;
  gpu: GpuAvailability;
}

/**
 * Hears every new view. `urgent` marks what must show at once (a start, a cancel, a failure,
 * what is known of WebGPU); a run's progress and its success may wait for a transition.
 */
export type LabRunListener = (view: LabRunView, urgent: boolean) => void;

export interface LabRunController {
  readonly view: LabRunView;
  subscribe(listener: LabRunListener): () => void;
  /** Options for the runs started from now on. */
  setOptions(options: LabRunOptions): void;
  /** The page is open at `query`: asks for WebGPU, and shows the run kept for that address. */
  open(query: string): void;
  start(settings: LabSettings): void;
  /** Cancels the run, or the choice of its device when it has not started yet. */
  cancel(): void;
  /** Finishes a failed GPU run on the CPU workers, keeping every stream the GPU counted. */
  continueOnCpu(): void;
  /** The page goes away: its run is cancelled, its workers terminated (a start begins anew). */
  close(): void;
}

type Options = LabRunOptions & Required<Pick<LabRunOptions, 'createWorker' | 'gpu'>>;
const withDefaults = (options: LabRunOptions): Options => ({
  ...options,
  createWorker: options.createWorker ?? startTrialsWorker,
  gpu: options.gpu ?? browserGpu,
});

/** A run the page started: nothing yet while its device is chosen, then the run. */
interface PageRun {
  settings: LabSettings;
  seed: number;
  /** Fires when the page no longer shows this run: replaced, cancelled before it began, gone. */
  leave: AbortController;
  run: CpuRun | GpuRun | null;
  /** Settles once the run is over (its device's workers are free then). */
  over: Promise<void>;
}

export function createLabRunController(initial: LabRunOptions = {}): LabRunController {
  let options = withDefaults(initial);
  let view: LabRunView = { snapshot: null, gpu: { state: 'checking' } };
  const listeners = new Set<LabRunListener>();
  let current: PageRun | null = null;
  let opened = false;

  const publish = (next: LabRunView, urgent: boolean) => {
    view = next;
    for (const listener of listeners) listener(view, urgent);
  };
  const show = (snapshot: RunSnapshot | null, urgent: boolean) =>
    publish({ ...view, snapshot }, urgent);
  const gpuFor = (environment: GpuEnvironment) =>
    createPageGpu(environment, (gpu) => publish({ ...view, gpu }, true));
  let pageGpu = gpuFor(options.gpu);

  const poolFor = (settings: LabSettings, { cores }: Options) =>
    poolSize(cores ?? navigator.hardwareConcurrency, settings.trials);

  /** Shows a run's updates, and keeps it for its address once it ends. */
  const follow = (query: string) => (snapshot: RunSnapshot) => {
    // Kept for Back, where the run's ledger is gone: nothing to continue from there.
    if (snapshot.status !== 'running') keepFinishedRun(query, { ...snapshot, continuable: false });
    show(snapshot, snapshot.status === 'cancelled' || snapshot.status === 'failed');
  };

  const pageRun = (settings: LabSettings, seed: number): PageRun => ({
    settings,
    seed,
    leave: new AbortController(),
    run: null,
    over: Promise.resolve(),
  });

  const startOnCpu = (
    page: PageRun,
    runOptions: Options,
    note: string | null,
    takeover?: RunTakeover,
  ): CpuRun =>
    startCpuRun({
      settings: page.settings,
      seed: page.seed,
      workers: poolFor(page.settings, runOptions),
      createWorker: runOptions.createWorker,
      onUpdate: follow(queryOfRun(page.settings, page.seed)),
      updateIntervalMs: 250,
      silenceLimitMs: runOptions.silenceLimitMs,
      deviceNote: note,
      takeover,
      signal: page.leave.signal,
    });

  /** Chooses the run's device, then runs it there until it is over. */
  async function begin(page: PageRun, runOptions: Options, workers: number): Promise<void> {
    const { settings, seed, leave } = page;
    const choice = await pageGpu.choose(settings, workers, runOptions.createWorker, leave.signal);
    page.run =
      choice.device === 'cpu'
        ? startOnCpu(page, runOptions, choice.note)
        : startGpuRun({
            settings,
            seed,
            worker: choice.worker,
            adapterName: choice.adapterName,
            onUpdate: follow(queryOfRun(settings, seed)),
            updateIntervalMs: 250,
            streamsPerWave: runOptions.gpuStreamsPerWave,
            deviceNote: choice.note,
            signal: leave.signal,
          });
    await page.run.finished;
  }

  return {
    get view() {
      return view;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setOptions(next) {
      const previous = options;
      options = withDefaults(next);
      if (options.gpu !== previous.gpu) {
        // The old GPU worker closes once the run that may use it is over.
        pageGpu.retire(current?.over ?? Promise.resolve());
        pageGpu = gpuFor(options.gpu);
        if (opened) {
          publish({ ...view, gpu: { state: 'checking' } }, true);
          void pageGpu.availability();
        }
      } else if (
        options.createWorker !== previous.createWorker ||
        options.cores !== previous.cores
      ) {
        pageGpu.forgetCalibration();
      }
    },

    open(query) {
      opened = true;
      void pageGpu.availability();
      // After hydration (pre-rendered HTML shows no run): the run this address was left with.
      const kept = finishedRunFor(query);
      if (kept && !current) show(kept, true);
    },

    start(settings) {
      const runOptions = options;
      const seed = settings.seed ?? randomSeed();
      const workers = poolFor(settings, runOptions);
      // Replaced: it ends, and nothing it says reaches the page.
      current?.leave.abort();
      const page = pageRun(settings, seed);
      current = page;
      show(startingSnapshot(settings, seed, workers, 'choosing a device'), true);
      runOptions.onStart?.(settings, seed);
      page.over = begin(page, runOptions, workers).catch((error: unknown) => {
        if (!isAbortError(error)) throw error;
      });
    },

    cancel() {
      const page = current;
      if (!page) return;
      if (page.run) {
        page.run.cancel();
        return;
      }
      current = null;
      page.leave.abort();
      const shown = view.snapshot;
      show(
        shown && { ...shown, status: 'cancelled', ranOn: 'none, cancelled before it began' },
        true,
      );
    },

    continueOnCpu() {
      const previous = current;
      const run = previous?.run;
      const takeover = run && 'takeover' in run ? run.takeover() : null;
      if (!previous || !takeover) return;
      const page = pageRun(previous.settings, previous.seed);
      current = page;
      const cpuRun = startOnCpu(page, options, null, takeover);
      page.run = cpuRun;
      page.over = cpuRun.finished.then(() => {});
    },

    close() {
      const page = current;
      current = null;
      // Cancelled as the page leaves, so that coming back shows what it had counted.
      page?.run?.cancel();
      page?.leave.abort();
      pageGpu.close();
    },
  };
}
