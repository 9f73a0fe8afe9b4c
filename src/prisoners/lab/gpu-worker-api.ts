/**
 * What the GPU worker exposes through the worker bridge: which adapter it has (or what is
 * missing), and runs of streams of trials on it. The device is requested once and kept; a lost
 * device is dropped, so the next call asks for a new one.
 */
import type { GpuKernelSettings } from '../engine/gpu-kernels.ts';
import { requestGpuDevice, type GpuDeviceRequest } from './gpu-device.ts';
import {
  createGpuTrials,
  type GpuProgress,
  type GpuRunOptions,
  type GpuRunResult,
  type GpuStreamInput,
  type GpuTrials,
} from './gpu-trials.ts';

/** The adapter, or why there is none. */
export type GpuProbe = { adapterName: string; software: boolean } | { missing: string };

let request: Promise<GpuDeviceRequest> | null = null;
let lostReason: string | null = null;
const kernels = new Map<string, Promise<GpuTrials>>();

function device(): Promise<GpuDeviceRequest> {
  request ??= requestGpuDevice(self.navigator.gpu).then((answer) => {
    if ('device' in answer) {
      void answer.device.lost.then((info) => {
        lostReason = info.message || info.reason;
        request = null;
        kernels.clear();
      });
    }
    return answer;
  });
  return request;
}

async function kernel(settings: GpuKernelSettings): Promise<GpuTrials> {
  const answer = await device();
  if ('missing' in answer) throw new Error(answer.missing);
  const key = JSON.stringify(settings);
  let compiled = kernels.get(key);
  if (!compiled) {
    compiled = createGpuTrials(answer.device, settings);
    kernels.set(key, compiled);
  }
  return compiled;
}

export const gpuWorkerApi = {
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
    const trials = await kernel(settings);
    try {
      return await trials.run(streams, { ...options, onProgress });
    } catch (error) {
      if (lostReason !== null)
        throw new Error(`The GPU device was lost: ${lostReason}`, { cause: error });
      throw error;
    }
  },
};

export type GpuWorkerApi = typeof gpuWorkerApi;
