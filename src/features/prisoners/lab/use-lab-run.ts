import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { sampleRate } from '../engine/calibration.ts';
import { queryOfRun, type LabSettings } from '../engine/lab-settings.ts';
import { randomSeed } from '../engine/rng.ts';
import { createWorkerBridge, type WorkerPort } from '../runtime/worker-bridge.ts';
import {
  CALIBRATION_MS,
  chooseDevice,
  choiceAfterCalibration,
  fallbackNote,
  probeWebGpu,
  type Calibration,
  type DeviceChoice,
  type GpuAvailability,
} from './device-choice.ts';
import { finishedRunFor, keepFinishedRun } from './finished-run-cache.ts';
import { createGpuWorker, startGpuLabRun, type GpuLabRun, type GpuWorker } from '../gpu/gpu-run.ts';
import type { GpuProbe } from '../gpu/gpu-worker-api.ts';
import {
  cpuWorkersLabel,
  poolSize,
  startLabRun,
  type LabRun,
  type LabRunSnapshot,
  type RunTakeover,
} from '../runtime/cpu-pool.ts';
import type { LabWorkerApi } from '../runtime/trials-worker-api.ts';

/** A device chosen for a run (a calibration, if one was needed, is over). */
type RunDevice = Exclude<DeviceChoice, { device: 'calibrate' }>;

/** A module Web Worker running the lab engine. */
function startLabWorker(): WorkerPort {
  return new Worker(new URL('../runtime/trials.worker.ts', import.meta.url), {
    type: 'module',
    name: 'lab',
  });
}

/** Where the lab finds a GPU: whether the page has WebGPU, and the worker that uses it. */
export interface GpuEnvironment {
  probe(): Promise<GpuAvailability>;
  createWorker(): WorkerPort;
}

const browserGpu: GpuEnvironment = {
  probe: () => probeWebGpu(navigator.gpu),
  createWorker: () =>
    new Worker(new URL('../gpu/gpu.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gpu',
    }),
};

export interface LabRunHookOptions {
  /** Starts a lab worker; tests hand in one of their own. */
  createWorker?: () => WorkerPort;
  /** The cores the pool sizes itself to; the browser's count unless given. */
  cores?: number;
  /** Learns each run's settings and seed as it starts (the address records them). */
  onStart?: (settings: LabSettings, seed: number) => void;
  /** WebGPU and the GPU worker; the browser's unless given. */
  gpu?: GpuEnvironment;
  /** Streams per GPU wave; sized from the measured rate unless given. */
  gpuStreamsPerWave?: number;
  /** How long a CPU worker may stay silent before it counts as hung; the pool's limit unless given. */
  silenceLimitMs?: number;
}

/** What a run shows before its first report: running, nothing counted yet. */
export function startingSnapshot(
  settings: LabSettings,
  seed: number,
  workers: number,
  ranOn = cpuWorkersLabel(workers),
): LabRunSnapshot {
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
    error: null,
    ranOn,
    deviceNote: null,
    continuable: false,
  };
}

/** The run a page start stands for: nothing yet while its device is chosen, then the run. */
interface Current {
  run: LabRun | GpuLabRun | null;
  settings: LabSettings;
  seed: number;
}

/**
 * Starts, follows and cancels lab runs, on the CPU workers or the GPU worker; the workers are
 * terminated when the page goes away. Only the current run reaches the page: a run is shown as
 * running from the moment it starts (not from its first report, nor once its device is chosen),
 * and the reports of a run replaced by a newer one (Run, Retry) are dropped, including the
 * cancellation that the replacement causes. A run that ends is kept for its address, and shown
 * again when the page opens at that address.
 */
export function useLabRun({
  createWorker = startLabWorker,
  cores,
  onStart,
  gpu = browserGpu,
  gpuStreamsPerWave,
  silenceLimitMs,
}: LabRunHookOptions = {}) {
  const [snapshot, setSnapshot] = useState<LabRunSnapshot | null>(null);
  const [gpuAvailability, setGpuAvailability] = useState<GpuAvailability>({ state: 'checking' });
  const currentRef = useRef<Current | null>(null);
  const factory = useRef(createWorker);
  const coresRef = useRef(cores);
  const onStartRef = useRef(onStart);
  const environment = useRef(gpu);
  const wavesRef = useRef(gpuStreamsPerWave);
  const silenceRef = useRef(silenceLimitMs);
  const availability = useRef<Promise<GpuAvailability> | null>(null);
  const gpuWorker = useRef<GpuWorker | null>(null);
  const calibration = useRef<Calibration | null>(null);
  useEffect(() => {
    onStartRef.current = onStart;
  }, [onStart]);

  const pageGpu = useCallback((): Promise<GpuAvailability> => {
    availability.current ??= environment.current.probe().then((answer) => {
      setGpuAvailability(answer);
      return answer;
    });
    return availability.current;
  }, []);

  /** The device for a run (measuring both on the first run that leaves the choice open). */
  const choose = useCallback(
    async (settings: LabSettings, workers: number, wanted: () => boolean): Promise<RunDevice> => {
      if (settings.device === 'cpu') return { device: 'cpu', note: null };
      const page = await pageGpu();
      // A run cancelled or replaced meanwhile starts no worker (its answer is not used).
      if (!wanted()) return { device: 'cpu', note: null };
      if (page.state !== 'available') {
        const reason = page.state === 'missing' ? page.reason : 'WebGPU is still being checked.';
        return { device: 'cpu', note: settings.device === 'gpu' ? fallbackNote(reason) : null };
      }
      gpuWorker.current ??= createGpuWorker(environment.current.createWorker);
      const { bridge } = gpuWorker.current;
      let probe: GpuProbe;
      try {
        probe = await bridge.api.probe();
      } catch (error) {
        probe = { missing: `The GPU worker failed: ${(error as Error).message}` };
      }
      if ('missing' in probe) setGpuAvailability({ state: 'missing', reason: probe.missing });
      const choice = chooseDevice(settings.device, probe, calibration.current);
      if (choice.device !== 'calibrate') return choice;
      if (!wanted()) return { device: 'cpu', note: null };
      try {
        const kernel = { n: settings.n, k: settings.k, strategy: settings.strategy };
        const gpuSample = await bridge.api.calibrate(
          { ...kernel, method: settings.method },
          CALIBRATION_MS,
        );
        const cpuBridge = createWorkerBridge<LabWorkerApi>({
          start: factory.current,
          name: 'The calibration worker',
        });
        const cpuSample = await cpuBridge.api
          .calibrate({ ...kernel, method: settings.method }, CALIBRATION_MS)
          .finally(() => cpuBridge.terminate());
        calibration.current = { gpu: sampleRate(gpuSample), cpu: sampleRate(cpuSample) * workers };
      } catch (error) {
        return {
          device: 'cpu',
          note: `Measuring the GPU failed (${(error as Error).message}); this run uses the CPU workers.`,
        };
      }
      return choiceAfterCalibration(calibration.current, choice.adapterName);
    },
    [pageGpu],
  );

  /** Follows a run's reports while `current` is the page's run. */
  const follower = useCallback((current: Current, query: string) => {
    return (next: LabRunSnapshot) => {
      if (currentRef.current !== current) return;
      // Kept for Back, where the run's ledger is gone: nothing to continue from there.
      if (next.status !== 'running') keepFinishedRun(query, { ...next, continuable: false });
      // Updates render as transitions, so React can split the work and keep frames coming;
      // only a cancel or a failure shows at once.
      if (next.status === 'running' || next.status === 'done') {
        startTransition(() => setSnapshot(next));
      } else setSnapshot(next);
    };
  }, []);

  const startOnCpu = useCallback(
    (current: Current, note: string | null, takeover?: RunTakeover) => {
      const { settings, seed } = current;
      current.run = startLabRun({
        settings,
        seed,
        workers: poolSize(coresRef.current ?? navigator.hardwareConcurrency, settings.trials),
        createWorker: factory.current,
        onUpdate: follower(current, queryOfRun(settings, seed)),
        updateIntervalMs: 250,
        silenceLimitMs: silenceRef.current,
        deviceNote: note,
        takeover,
      });
    },
    [follower],
  );

  const start = useCallback(
    (settings: LabSettings) => {
      const seed = settings.seed ?? randomSeed();
      const workers = poolSize(coresRef.current ?? navigator.hardwareConcurrency, settings.trials);
      const current: Current = { run: null, settings, seed };
      const replaced = currentRef.current;
      currentRef.current = current;
      // Cancelled once it is no longer current: its follower drops the cancellation it reports.
      replaced?.run?.cancel();
      setSnapshot(startingSnapshot(settings, seed, workers, 'choosing a device'));
      onStartRef.current?.(settings, seed);
      void choose(settings, workers, () => currentRef.current === current).then((choice) => {
        if (currentRef.current !== current) return;
        if (choice.device === 'cpu') {
          startOnCpu(current, choice.note);
          return;
        }
        current.run = startGpuLabRun({
          settings,
          seed,
          worker: gpuWorker.current!,
          adapterName: choice.adapterName,
          onUpdate: follower(current, queryOfRun(settings, seed)),
          updateIntervalMs: 250,
          streamsPerWave: wavesRef.current,
          deviceNote: choice.note,
        });
      });
    },
    [choose, follower, startOnCpu],
  );

  /** Cancels the run, or the choice of its device when it has not started yet. */
  const cancel = useCallback(() => {
    const current = currentRef.current;
    if (!current) return;
    if (current.run) {
      current.run.cancel();
      return;
    }
    currentRef.current = null;
    setSnapshot(
      (shown) =>
        shown && { ...shown, status: 'cancelled', ranOn: 'none, cancelled before it began' },
    );
  }, []);

  /** Finishes a failed GPU run on the CPU workers, keeping every stream the GPU counted. */
  const continueOnCpu = useCallback(() => {
    const previous = currentRef.current;
    const run = previous?.run;
    const takeover = run && 'takeover' in run ? run.takeover() : null;
    if (!previous || !takeover) return;
    const current: Current = { run: null, settings: previous.settings, seed: previous.seed };
    currentRef.current = current;
    startOnCpu(current, null, takeover);
  }, [startOnCpu]);

  useEffect(() => {
    void pageGpu();
    // After hydration (pre-rendered HTML shows no run): the run this address was left with.
    const kept = finishedRunFor(window.location.search);
    if (kept && !currentRef.current) setSnapshot(kept);
    return () => {
      currentRef.current?.run?.cancel();
      currentRef.current = null;
      gpuWorker.current?.bridge.terminate();
    };
  }, [pageGpu]);

  return { snapshot, start, cancel, continueOnCpu, gpu: gpuAvailability };
}
