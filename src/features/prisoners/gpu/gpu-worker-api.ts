/**
 * What the GPU worker exposes through the worker bridge: which adapter it has (or what is
 * missing), a short measure of its speed, and runs on it. The device is requested once and kept;
 * a lost device is dropped, so the next call asks for a new one.
 *
 * A lab run (`runLayout`) is one conversation on one port: every message of the run, its waves,
 * its progress and its end (done, or why it stopped), goes through the one callback in the order
 * the worker sends it, so the page never sees the end before a wave counted ahead of it
 * (docs/message-order.md: "The GPU run").
 */
import { transfer } from 'comlink';
import type { GpuKernelSettings } from './wgsl/kernel-layout.ts';
import type { StreamsReport } from '../runtime/streams-job.ts';
import type { RateSample } from '../engine/calibration.ts';
import { seedGenerator } from '../engine/sfc32.ts';
import type { RunLayout } from '../engine/streams.ts';
import type { Tally } from '../engine/tally.ts';
import { requestGpuDevice, type GpuDeviceInfo, type GpuDeviceRequest } from './gpu-device.ts';
import { runLayoutOnGpu } from './gpu-streams.ts';
import {
  createGpuTrials,
  gpuDispatchMs,
  type GpuProgress,
  type GpuRunOptions,
  type GpuRunResult,
  type GpuStreamInput,
  type GpuTrials,
} from './gpu-trials.ts';
import type { Counts } from '../engine/types.ts';

/** The adapter, or why there is none. */
export type GpuProbe = { adapterName: string; software: boolean } | { missing: string };

/** The counts of the wave in flight: provisional, replaced by its wave report when complete. */
export type WaveProgress = Counts;

/** The messages of a run on the GPU, in the order the worker sends them. */
export type GpuRunMessage =
  | { kind: 'wave'; report: StreamsReport }
  | { kind: 'progress'; wave: WaveProgress }
  | { kind: 'done' }
  | { kind: 'stopped'; message: string; deviceLost: boolean };

export interface GpuLayoutOptions {
  /** Streams per wave; by default sized from the measured rate. */
  streamsPerWave?: number;
  /** Wall time of one dispatch; by default 4 ms on a GPU, 16 ms on a software adapter. */
  dispatchMs?: number;
}

/** Progress messages of a run are at most this frequent (a dispatch takes a few ms). */
const PROGRESS_INTERVAL_MS = 100;
/** After a failed dispatch, how long the device has to report that it was lost. */
const LOSS_REPORT_MS = 1000;

export interface GpuWorkerApiOptions {
  /** Where the device comes from: the worker's `navigator.gpu`, or a test's Dawn device. */
  requestDevice(): Promise<GpuDeviceRequest>;
  now?: () => number;
}

/** The GPU worker's API over a source of devices. */
export function createGpuWorkerApi({
  requestDevice,
  now = () => performance.now(),
}: GpuWorkerApiOptions) {
  let request: Promise<GpuDeviceRequest> | null = null;
  let lost: Promise<string> | null = null;
  const kernels = new Map<string, Promise<GpuTrials>>();

  function device(): Promise<GpuDeviceRequest> {
    request ??= requestDevice().then((answer) => {
      if ('device' in answer) {
        lost = answer.device.lost.then((info) => {
          request = null;
          kernels.clear();
          return info.message || info.reason;
        });
      }
      return answer;
    });
    return request;
  }

  async function kernel(settings: GpuKernelSettings): Promise<[GpuTrials, GpuDeviceInfo]> {
    const answer = await device();
    if ('missing' in answer) throw new Error(answer.missing);
    const key = JSON.stringify(settings);
    let compiled = kernels.get(key);
    if (!compiled) {
      compiled = createGpuTrials(answer.device, settings);
      kernels.set(key, compiled);
    }
    return [await compiled, answer];
  }

  /** Why the device was lost, if it reports the loss soon after a failure; null otherwise. */
  async function lossReason(): Promise<string | null> {
    const reported = lost;
    if (!reported) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>(
      (resolve) => (timer = setTimeout(resolve, LOSS_REPORT_MS, null)),
    );
    try {
      return await Promise.race([reported, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async probe(): Promise<GpuProbe> {
      const answer = await device();
      if ('missing' in answer) return answer;
      return { adapterName: answer.adapterName, software: answer.software };
    },

    /** Runs the streams to their end; `onProgress` hears after every dispatch. */
    async runStreams(
      settings: GpuKernelSettings,
      streams: GpuStreamInput[],
      options: Pick<GpuRunOptions, 'slice' | 'dispatchMs' | 'streamsPerWave' | 'checkpoints'>,
      onProgress?: (progress: GpuProgress) => void,
    ): Promise<GpuRunResult> {
      const [trials] = await kernel(settings);
      try {
        return await trials.run(streams, { ...options, onProgress });
      } catch (error) {
        const reason = await lossReason();
        if (reason !== null)
          throw new Error(`The GPU device was lost: ${reason}`, { cause: error });
        throw error;
      }
    },

    /**
     * Trials per second of these settings on the GPU: dispatches sized as a run sizes them, for
     * `budgetMs` once the kernel is compiled; the sample is the fastest stretch from one dispatch
     * to a later one, as the first dispatches are kept small on purpose.
     */
    async calibrate(settings: GpuKernelSettings, budgetMs: number): Promise<RateSample> {
      const [trials, info] = await kernel(settings);
      const streams = Array.from({ length: 4096 }, (_, s) => ({
        state: seedGenerator(s + 1),
        trials: 0xfffff,
      }));
      const controller = new AbortController();
      const started = now();
      let best: RateSample = { trials: 0, elapsedMs: 0 };
      let before = { trials: 0, at: started };
      try {
        await trials.run(streams, {
          dispatchMs: gpuDispatchMs(info.software),
          signal: controller.signal,
          onProgress: ({ tally }) => {
            const at = now();
            const sample = { trials: tally.trials - before.trials, elapsedMs: at - before.at };
            if (sample.trials * best.elapsedMs >= best.trials * sample.elapsedMs) best = sample;
            before = { trials: tally.trials, at };
            if (at - started >= budgetMs) controller.abort();
          },
        });
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      }
      return best;
    },

    /**
     * Runs every stream of a run: each complete wave as a report of its streams, the wave in
     * flight as progress at most every 100 ms, then `done`, or `stopped` with the reason (a lost
     * device says so). All through `send`, so all in order; the call itself returns nothing.
     */
    async runLayout(
      layout: RunLayout,
      options: GpuLayoutOptions,
      send: (message: GpuRunMessage) => void,
    ): Promise<void> {
      let counted: Tally | null = null;
      let lastProgress = -Infinity;
      try {
        const [trials, info] = await kernel(layout);
        await runLayoutOnGpu(
          trials,
          layout,
          (report) => {
            counted = addCounts(counted, report);
            send(transfer({ kind: 'wave', report }, reportBuffers(report)));
          },
          {
            dispatchMs: options.dispatchMs ?? gpuDispatchMs(info.software),
            streamsPerWave: options.streamsPerWave,
            onProgress: ({ tally }) => {
              const at = now();
              if (at - lastProgress < PROGRESS_INTERVAL_MS) return;
              lastProgress = at;
              const wave = waveOf(tally, counted);
              send(
                transfer({ kind: 'progress', wave }, [wave.longestCycle.buffer, wave.freed.buffer]),
              );
            },
          },
        );
        send({ kind: 'done' });
      } catch (error) {
        const reason = await lossReason();
        const message =
          reason !== null
            ? `The GPU device was lost: ${reason}`
            : `The GPU failed: ${error instanceof Error ? error.message : String(error)}`;
        send({ kind: 'stopped', message, deviceLost: reason !== null });
      }
    },
  };
}

function reportBuffers(report: StreamsReport): ArrayBuffer[] {
  return [
    report.longestCycle.buffer,
    report.freed.buffer,
    report.convergence.buffer,
  ] as ArrayBuffer[];
}

/** The counts of the complete waves so far, with `report`'s added. */
function addCounts(counted: Tally | null, report: StreamsReport): Tally {
  const sum = counted ?? {
    trials: 0,
    successes: 0,
    longestCycle: new Float64Array(report.longestCycle.length),
    freed: new Float64Array(report.freed.length),
    examples: null,
  };
  sum.trials += report.trials;
  sum.successes += report.successes;
  report.longestCycle.forEach((count, i) => (sum.longestCycle[i]! += count));
  report.freed.forEach((count, i) => (sum.freed[i]! += count));
  return sum;
}

/** The run's counts so far less those of its complete waves: the wave in flight. */
function waveOf(tally: Tally, counted: Tally | null): WaveProgress {
  return {
    trials: tally.trials - (counted?.trials ?? 0),
    successes: tally.successes - (counted?.successes ?? 0),
    longestCycle: tally.longestCycle.map((count, i) => count - (counted?.longestCycle[i] ?? 0)),
    freed: tally.freed.map((count, i) => count - (counted?.freed[i] ?? 0)),
  };
}

export const gpuWorkerApi = createGpuWorkerApi({
  requestDevice: () => requestGpuDevice(self.navigator.gpu),
});

export type GpuWorkerApi = typeof gpuWorkerApi;
