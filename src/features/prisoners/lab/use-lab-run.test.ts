import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { nodeWorkerPort } from '../../../../cli/node-endpoint.ts';
import { runWorkerJob, type StreamsReport, type WorkerJob } from '../runtime/streams-job.ts';
import { queryOfRun, type LabSettings } from '../engine/lab-settings.ts';
import { exposeWorkerApi } from '../runtime/expose-worker-api.ts';
import type { WorkerPort } from '../runtime/worker-bridge.ts';
import type { RunSnapshot } from '../runtime/run-state.ts';
import { finishedRunFor } from './finished-run-cache.ts';
import { trialsWorkerApi } from '../runtime/trials-worker-api.ts';
import { useLabRun } from './use-lab-run.ts';
import type { GpuWorkerApi } from '../gpu/gpu-worker-api.ts';
import { requestNodeGpu, SWIFTSHADER_ICD } from '../../../../cli/node-webgpu.ts';
import { losesDeviceAfterFirstWave, testGpuWorkerApi } from '../../../testing/gpu-faults.ts';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** A worker's API on the far side of a MessageChannel: a worker without the thread. */
function channelWorker(api: unknown): WorkerPort {
  const channel = new MessageChannel();
  channels.push(channel);
  exposeWorkerApi(api, channel.port2);
  return Object.assign(channel.port1, {
    terminate: () => {
      channel.port1.close();
      channel.port2.close();
    },
  }) as unknown as WorkerPort;
}

/** The real trials worker API, in a channel worker. */
const channelLabWorker = (): WorkerPort => channelWorker(trialsWorkerApi);

const settingsA: LabSettings = {
  n: 10,
  k: 5,
  trials: 2000,
  strategy: 'cycle',
  method: 'literal',
  seed: 11,
};
const settingsB: LabSettings = { ...settingsA, n: 12, k: 6, trials: 3000, seed: 12 };

/** The hook, with every snapshot it rendered. */
function renderLabRun() {
  const seen: (RunSnapshot | null)[] = [];
  const hook = renderHook(() => {
    const run = useLabRun({ createWorker: channelLabWorker });
    seen.push(run.snapshot);
    return run;
  });
  return { hook, seen };
}

describe('useLabRun', () => {
  it('shows a new run as running from the moment it starts, not the previous result', async () => {
    const { hook } = renderLabRun();
    act(() => hook.result.current.start(settingsA));
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    expect(hook.result.current.snapshot?.trials).toBe(2000);

    act(() => hook.result.current.start(settingsB));
    // Before any worker has reported: the new run, running, nothing counted.
    const starting = hook.result.current.snapshot!;
    expect([starting.status, starting.settings, starting.seed, starting.trials]).toEqual([
      'running',
      settingsB,
      12,
      0,
    ]);
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    expect(hook.result.current.snapshot?.trials).toBe(3000);
    hook.unmount();
  });

  it('never shows a replaced run again, not even its cancellation', async () => {
    const { hook, seen } = renderLabRun();
    act(() => hook.result.current.start({ ...settingsA, trials: 1_000_000 }));
    act(() => hook.result.current.start(settingsB));
    const fromB = seen.length - 1;
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    const afterB = seen.slice(fromB).map((snapshot) => [snapshot?.settings.n, snapshot?.status]);
    expect(afterB.every(([n]) => n === 12)).toBe(true);
    expect(afterB.at(-1)).toEqual([12, 'done']);
    expect(hook.result.current.snapshot?.trials).toBe(3000);
    hook.unmount();
  });

  it('drops a running run’s reports once it is replaced: its cancellation is neither shown nor kept', async () => {
    sessionStorage.clear();
    // Run A's worker reports its first stream and then keeps working (it never returns); every
    // later worker is the real trials worker.
    const createWorker = vi.fn((): WorkerPort => {
      if (createWorker.mock.calls.length > 1) return channelLabWorker();
      return channelWorker({
        run(job: WorkerJob, onProgress: (report: StreamsReport) => void) {
          let clock = 0;
          let reported = false;
          runWorkerJob(
            job,
            (report) => {
              if (!reported) onProgress(report);
              reported = true;
            },
            () => (clock += 1000),
          );
          return new Promise(() => {});
        },
      });
    });
    const seen: (RunSnapshot | null)[] = [];
    const hook = renderHook(() => {
      const run = useLabRun({ createWorker, cores: 2 });
      seen.push(run.snapshot);
      return run;
    });
    const runA = { ...settingsA, trials: 3 * 4096 };
    act(() => hook.result.current.start(runA));
    // Run A is under way on its worker: its first stream is counted and shown.
    await waitFor(() => expect(hook.result.current.snapshot?.trials).toBe(4096));
    expect(hook.result.current.snapshot?.status).toBe('running');

    const fromB = seen.length;
    act(() => hook.result.current.start(settingsB));
    // Replacing A cancelled it after B became current: its cancellation reached neither the page
    // nor the kept run of its address.
    expect(finishedRunFor(queryOfRun(runA, 11))).toBeNull();
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    const afterA = seen.slice(fromB).map((snapshot) => [snapshot?.settings.n, snapshot?.status]);
    expect(afterA.every(([n]) => n === 12)).toBe(true);
    expect(afterA.at(-1)).toEqual([12, 'done']);
    expect(hook.result.current.snapshot?.trials).toBe(3000);
    expect(finishedRunFor(queryOfRun(runA, 11))).toBeNull();
    expect(finishedRunFor(queryOfRun(settingsB, 12))?.trials).toBe(3000);
    hook.unmount();
  });

  it('takes the options of a later render for the next run', async () => {
    const { result, rerender, unmount } = renderHook(
      (cores: number) => useLabRun({ createWorker: channelLabWorker, cores }),
      { initialProps: 2 },
    );
    const threeStreams = { ...settingsA, trials: 3 * 4096 };
    act(() => result.current.start(threeStreams));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(result.current.snapshot).toMatchObject({ ranOn: 'CPU workers (1)', trials: 3 * 4096 });
    rerender(4);
    act(() => result.current.start(threeStreams));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(result.current.snapshot).toMatchObject({ ranOn: 'CPU workers (3)', trials: 3 * 4096 });
    unmount();
  });

  it('cancels a run at once, before its first report, keeping it on screen as cancelled', () => {
    const { hook } = renderLabRun();
    act(() => hook.result.current.start(settingsB));
    act(() => hook.result.current.cancel());
    const cancelled = hook.result.current.snapshot!;
    expect([cancelled.status, cancelled.settings.n, cancelled.trials]).toEqual([
      'cancelled',
      12,
      0,
    ]);
    hook.unmount();
  });
});

/** Trials workers on Node worker threads (a real thread, so terminating one stops it), counted. */
function labWorkers() {
  const terminated: number[] = [];
  const createWorker = vi.fn((): WorkerPort => {
    const index = createWorker.mock.calls.length - 1;
    // A path, not a URL: jsdom's URL class is not the one Node's Worker takes.
    const port = nodeWorkerPort(new Worker(resolve('cli/sim-worker.mjs')));
    const terminate = port.terminate.bind(port);
    port.terminate = () => {
      terminated.push(index);
      terminate();
    };
    return port;
  });
  // Threads load the engine through tsx first, seconds on a busy machine: silence is not tested
  // here (the pool's own tests check it on a fake clock).
  return { createWorker, terminated, silenceLimitMs: Infinity };
}

describe('useLabRun choosing a device', () => {
  const noWebGpu = {
    probe: async () => ({
      state: 'missing' as const,
      reason: 'This browser does not offer WebGPU.',
    }),
    createWorker: (): WorkerPort => {
      throw new Error('A page without WebGPU starts no GPU worker.');
    },
  };

  it('runs a run asked for the GPU on the CPU workers where WebGPU is missing, and says so', async () => {
    const { result, unmount } = renderHook(() =>
      useLabRun({ createWorker: channelLabWorker, cores: 3, gpu: noWebGpu }),
    );
    await waitFor(() =>
      expect(result.current.gpu).toEqual({
        state: 'missing',
        reason: 'This browser does not offer WebGPU.',
      }),
    );
    act(() => result.current.start({ ...settingsA, device: 'gpu' }));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(result.current.snapshot).toMatchObject({
      trials: 2000,
      ranOn: 'CPU workers (1)',
      deviceNote: 'This browser does not offer WebGPU. This run uses the CPU workers instead.',
      continuable: false,
    });
    // Left to the lab, the same page runs on the CPU workers without a word.
    act(() => result.current.start(settingsA));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(result.current.snapshot).toMatchObject({ ranOn: 'CPU workers (1)', deviceNote: null });
    unmount();
  });

  it('cancels a run while its device is still being chosen: nothing starts afterwards', async () => {
    let answer: (value: { state: 'available' }) => void = () => {};
    const createGpuWorker = vi.fn((): WorkerPort => {
      throw new Error('no GPU worker in this test');
    });
    const createWorker = vi.fn(channelLabWorker);
    // One environment for every render: a new object would be a new environment.
    const gpu = {
      probe: () => new Promise<{ state: 'available' }>((resolve) => (answer = resolve)),
      createWorker: createGpuWorker,
    };
    const { result, unmount } = renderHook(() => useLabRun({ createWorker, gpu }));
    act(() => result.current.start(settingsA));
    expect(result.current.snapshot).toMatchObject({
      status: 'running',
      ranOn: 'choosing a device',
    });
    act(() => result.current.cancel());
    expect(result.current.snapshot?.status).toBe('cancelled');
    await act(async () => answer({ state: 'available' }));
    expect(result.current.snapshot?.status).toBe('cancelled');
    expect(createGpuWorker).not.toHaveBeenCalled();
    expect(createWorker).not.toHaveBeenCalled();
    unmount();
  });
});

describe('useLabRun with a GPU (Dawn on SwiftShader)', { timeout: 120_000 }, () => {
  const dawn = testGpuWorkerApi(() => requestNodeGpu({ icd: SWIFTSHADER_ICD }));
  afterAll(() => dawn.destroyAll());
  const withGpu = (api: GpuWorkerApi) => ({
    probe: async () => ({ state: 'available' as const }),
    createWorker: () => channelWorker(api),
  });
  // 6 literal streams of n = 10 (4096 trials each, the last 1000).
  const run: LabSettings = { ...settingsA, trials: 5 * 4096 + 1000, seed: 31 };
  const expected = streamSums({ ...run, runSeed: 31 });

  it('measures both devices on the first run left to it, says so, and keeps the choice', async () => {
    const gpu = withGpu(dawn.api);
    const { result, unmount } = renderHook(() =>
      useLabRun({ createWorker: channelLabWorker, cores: 3, gpu }),
    );
    act(() => result.current.start(run));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'), { timeout: 60_000 });
    const rate = '[\\d.]+ (?:k |M |G )?trials/s';
    const note = result.current.snapshot!.deviceNote ?? '';
    const match = new RegExp(
      `^Measured on the first run: GPU: ${rate}, CPU: ${rate}; runs use (the GPU|the CPU workers), the faster here\\.$`,
    ).exec(note);
    expect(match, note).not.toBeNull();
    expect(result.current.snapshot!.ranOn).toMatch(
      match![1] === 'the GPU' ? /^GPU \(WebGPU\): / : /^CPU workers \(2\)$/,
    );
    expect(totalsOf(result.current.snapshot!)).toEqual(expected);
    // The Device group learns which device the open choice now goes to.
    expect(result.current.gpu).toEqual({
      state: 'available',
      faster: match![1] === 'the GPU' ? 'gpu' : 'cpu',
    });
    // The next run keeps the choice and its figures: no second measure.
    act(() => result.current.start({ ...run, seed: 32 }));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'), { timeout: 60_000 });
    expect(result.current.snapshot!.deviceNote).toBe(note);
    unmount();
  });

  it('after a lost device, Continue on the CPU workers ends with the totals of an all-CPU run', async () => {
    const gpu = withGpu(losesDeviceAfterFirstWave(dawn.api, dawn.devices));
    const { result, unmount } = renderHook(() =>
      useLabRun({ createWorker: channelLabWorker, cores: 3, gpu, gpuStreamsPerWave: 2 }),
    );
    act(() => result.current.start({ ...run, device: 'gpu' }));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('failed'), {
      timeout: 60_000,
    });
    expect(result.current.snapshot).toMatchObject({ continuable: true, trials: 2 * 4096 });
    expect(result.current.snapshot!.error).toMatch(/^The GPU device was lost: /);
    act(() => result.current.continueOnCpu());
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'), { timeout: 60_000 });
    expect(result.current.snapshot!.ranOn).toMatch(/^GPU \(WebGPU\): .+, then CPU workers \(2\)$/);
    expect(totalsOf(result.current.snapshot!)).toEqual(expected);
    unmount();
  });
});

/** Threads start slowly on a busy machine: wait for the run, not for a clock. */
const waitForRun = (check: () => void) => waitFor(check, { timeout: 30_000 });

const threadSettings: LabSettings = {
  n: 100,
  k: 50,
  trials: 20_000,
  strategy: 'cycle',
  method: 'fast',
  seed: 9,
};

// Worker threads load the engine through tsx first: a few seconds on a busy machine.
describe('useLabRun on worker threads', { timeout: 60_000 }, () => {
  it('runs the settings to the end on a pool sized to the cores given, the same result every time', async () => {
    const workers = labWorkers();
    const { result } = renderHook(() => useLabRun({ ...workers, cores: 2 }));
    expect(result.current.snapshot).toBeNull();
    act(() => result.current.start(threadSettings));
    await waitForRun(() => expect(result.current.snapshot?.status).toBe('done'));
    const first = result.current.snapshot!;
    expect(first).toMatchObject({ seed: 9, workers: 1, trials: 20_000, settings: threadSettings });
    // Every stream run on its own and added up.
    expect(totalsOf(first)).toEqual(streamSums({ ...threadSettings, runSeed: 9 }));
    expect(workers.createWorker).toHaveBeenCalledTimes(1);

    act(() => result.current.start(threadSettings));
    await waitForRun(() => expect(result.current.snapshot?.trials).toBe(20_000));
    await waitForRun(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(result.current.snapshot!.successes).toBe(first.successes);
    expect(Array.from(result.current.snapshot!.longestCycle)).toEqual(
      Array.from(first.longestCycle),
    );
  });

  it('draws a fresh seed when the settings name none', async () => {
    const { result } = renderHook(() => useLabRun({ ...labWorkers(), cores: 2 }));
    act(() => result.current.start({ ...threadSettings, seed: null }));
    await waitForRun(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(Number.isInteger(result.current.snapshot!.seed)).toBe(true);
  });

  it('cancels a run, replaces a run in progress, and ends the run when unmounted', async () => {
    const workers = labWorkers();
    const { result, unmount } = renderHook(() => useLabRun({ ...workers, cores: 2 }));
    const long = { ...threadSettings, trials: 1e12 };
    act(() => result.current.start(long));
    await waitForRun(() => expect(result.current.snapshot?.trials).toBeGreaterThan(0));
    act(() => result.current.cancel());
    await waitForRun(() => expect(result.current.snapshot?.status).toBe('cancelled'));
    expect(workers.terminated).toEqual([0]);

    act(() => result.current.start(long));
    await waitForRun(() => expect(workers.createWorker).toHaveBeenCalledTimes(2));
    act(() => result.current.start({ ...long, seed: 10 }));
    // The run in progress is terminated as the new one starts.
    expect(workers.terminated).toEqual([0, 1]);
    await waitForRun(() => expect(result.current.snapshot?.seed).toBe(10));
    unmount();
    expect(workers.terminated).toEqual([0, 1, 2]);
  });
});
