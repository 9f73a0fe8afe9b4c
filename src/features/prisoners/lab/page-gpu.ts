/**
 * The page's GPU as the lab's runs use it: whether WebGPU is there (asked once), the GPU worker
 * (started by the first run that may use it and kept from run to run, its device and compiled
 * kernels with it), and the calibration of the first run that leaves the device open (kept for
 * the runs after it, and reported with WebGPU's availability: the faster device). Choosing a device waits on the page, the worker and a calibration: a run
 * that is cancelled or replaced meanwhile aborts its signal, and the choice rejects with an
 * AbortError; an aborted calibration terminates the workers that were measuring.
 */
import { sampleRate } from '../engine/calibration.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { abortable, isAbortError } from '../runtime/abort.ts';
import type { TrialsWorkerApi } from '../runtime/trials-worker-api.ts';
import { createWorkerBridge, type WorkerPort } from '../runtime/worker-bridge.ts';
import { createGpuWorker, type GpuWorker } from '../gpu/gpu-run.ts';
import type { GpuProbe } from '../gpu/gpu-worker-api.ts';
import {
  CALIBRATION_MS,
  chooseDevice,
  choiceAfterCalibration,
  fasterDevice,
  fallbackNote,
  type Calibration,
  type DeviceChoice,
  type GpuAvailability,
} from './device-choice.ts';

/** Where the lab finds a GPU: whether the page has WebGPU, and the worker that uses it. */
export interface GpuEnvironment {
  probe(): Promise<GpuAvailability>;
  createWorker(): WorkerPort;
}

/** The device chosen for a run (a calibration, if one was needed, is over). */
export type RunDevice =
  | { device: 'cpu'; note: string | null }
  | { device: 'gpu'; adapterName: string; note: string | null; worker: GpuWorker };

export interface PageGpu {
  /** WebGPU on this page, asked for once. */
  availability(): Promise<GpuAvailability>;
  /**
   * The device for a run of `settings` on a pool of `workers` trials workers made by
   * `createTrialsWorker` (measuring both devices on the first run that leaves the choice open).
   * Rejects with an AbortError when `signal` fires first.
   */
  choose(
    settings: LabSettings,
    workers: number,
    createTrialsWorker: () => WorkerPort,
    signal: AbortSignal,
  ): Promise<RunDevice>;
  /** The next open choice measures both devices again (what was measured has changed). */
  forgetCalibration(): void;
  /** Terminates the GPU worker; the next run that uses it starts another. */
  close(): void;
  /** Replaced by another environment: says nothing more now, and closes once `after` settles. */
  retire(after: Promise<unknown>): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The page's GPU in `environment`; what it learns of WebGPU goes to `report`. */
export function createPageGpu(
  environment: GpuEnvironment,
  report: (availability: GpuAvailability) => void,
): PageGpu {
  let availability: Promise<GpuAvailability> | null = null;
  let worker: GpuWorker | null = null;
  let calibration: Calibration | null = null;
  let retired = false;
  const tell = (answer: GpuAvailability) => {
    if (!retired) report(answer);
  };

  const pageAvailability = (): Promise<GpuAvailability> =>
    (availability ??= environment.probe().then((answer) => {
      tell(answer);
      return answer;
    }));

  /** Each device's rate on these settings, one after the other (the CPU's for the whole pool). */
  async function measure(
    settings: LabSettings,
    workers: number,
    gpu: GpuWorker,
    createTrialsWorker: () => WorkerPort,
    signal: AbortSignal,
  ): Promise<Calibration> {
    const kernel = { n: settings.n, k: settings.k, strategy: settings.strategy };
    const rated = { ...kernel, method: settings.method };
    const gpuSample = await gpu.bridge.withSignal(signal).calibrate(rated, CALIBRATION_MS);
    const cpuBridge = createWorkerBridge<TrialsWorkerApi>({
      start: createTrialsWorker,
      name: 'The calibration worker',
    });
    const cpuSample = await cpuBridge
      .withSignal(signal)
      .calibrate(rated, CALIBRATION_MS)
      .finally(() => cpuBridge.terminate());
    return { gpu: sampleRate(gpuSample), cpu: sampleRate(cpuSample) * workers };
  }

  return {
    availability: pageAvailability,

    async choose(settings, workers, createTrialsWorker, signal) {
      if (settings.device === 'cpu') return { device: 'cpu', note: null };
      const page = await abortable(pageAvailability(), signal);
      if (page.state !== 'available') {
        const reason = page.state === 'missing' ? page.reason : 'WebGPU is still being checked.';
        return { device: 'cpu', note: settings.device === 'gpu' ? fallbackNote(reason) : null };
      }
      const gpu = (worker ??= createGpuWorker(environment.createWorker));
      const onGpu = (choice: Extract<DeviceChoice, { device: 'gpu' }>): RunDevice => ({
        ...choice,
        worker: gpu,
      });
      let probe: GpuProbe;
      try {
        probe = await abortable<GpuProbe>(gpu.bridge.api.probe(), signal);
      } catch (error) {
        if (isAbortError(error)) throw error;
        probe = { missing: `The GPU worker failed: ${messageOf(error)}` };
      }
      if ('missing' in probe) tell({ state: 'missing', reason: probe.missing });
      const choice = chooseDevice(settings.device, probe, calibration);
      if (choice.device === 'cpu') return choice;
      if (choice.device === 'gpu') return onGpu(choice);
      try {
        calibration = await measure(settings, workers, gpu, createTrialsWorker, signal);
        // The Device group names the device that open choices now go to.
        tell({ state: 'available', faster: fasterDevice(calibration) });
      } catch (error) {
        if (isAbortError(error)) throw error;
        return {
          device: 'cpu',
          note: `Measuring the GPU failed (${messageOf(error)}); this run uses the CPU workers.`,
        };
      }
      const measured = choiceAfterCalibration(calibration, choice.adapterName);
      return measured.device === 'gpu' ? onGpu(measured) : measured;
    },

    forgetCalibration() {
      if (calibration) tell({ state: 'available' });
      calibration = null;
    },

    close() {
      worker?.bridge.terminate();
    },

    retire(after) {
      retired = true;
      const close = () => worker?.bridge.terminate();
      void after.then(close, close);
    },
  };
}
