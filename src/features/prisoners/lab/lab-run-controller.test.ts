/**
 * The lab's run controller without React: options that change between runs, the GPU environment
 * replaced while a run uses the old one, the calibration measured again, and the page going away.
 * The GPU here is a stand-in that runs the streams with the engine and sends them as waves, so
 * every total is checked against the streams run on their own (`streamSums`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelWorker, closeChannelWorkers } from '../../../testing/channel-worker.ts';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';
import { queryOfRun, type LabSettings } from '../engine/lab-settings.ts';
import type { RateSample } from '../engine/calibration.ts';
import type { RunLayout } from '../engine/streams.ts';
import { runWorkerJob, type StreamsReport, type WorkerJob } from '../runtime/streams-job.ts';
import type { RunSnapshot } from '../runtime/run-state.ts';
import { trialsWorkerApi } from '../runtime/trials-worker-api.ts';
import type { WorkerPort } from '../runtime/worker-bridge.ts';
import type { GpuLayoutOptions, GpuRunMessage } from '../gpu/gpu-worker-api.ts';
import { finishedRunFor } from './finished-run-cache.ts';
import {
  createLabRunController,
  type GpuEnvironment,
  type LabRunController,
  type LabRunView,
} from './lab-run-controller.ts';

afterEach(closeChannelWorkers);

// 3 literal streams of n = 10, 4096 trials each.
const settings: LabSettings = {
  n: 10,
  k: 5,
  trials: 3 * 4096,
  strategy: 'cycle',
  method: 'literal',
  seed: 21,
};
const expected = streamSums({ ...settings, runSeed: 21 });

/** Every stream of a layout as its own report, in stream order, from the engine. */
function streamReports(layout: RunLayout): StreamsReport[] {
  const reports: StreamsReport[] = [];
  let clock = 0;
  // A clock that moves a report interval a reading: a report after every stream.
  const job: WorkerJob = { ...layout, first: 0, step: 1 };
  const last = runWorkerJob(
    job,
    (report) => reports.push(report),
    () => (clock += 100),
  );
  return [...reports, last];
}

/**
 * A GPU worker API that counts on the CPU: each stream a wave, then `done`. It records the wave
 * size each run asked for and how often it was measured; `hold` keeps runs waiting until released.
 */
function standInGpu(adapterName: string) {
  const asked: (number | undefined)[] = [];
  let calibrations = 0;
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};
  const api = {
    probe: async () => ({ adapterName, software: false }),
    // 1000 trials in 1 ms: 1.00 M trials/s.
    calibrate: async (): Promise<RateSample> => {
      calibrations++;
      return { trials: 1000, elapsedMs: 1 };
    },
    async runLayout(
      layout: RunLayout,
      options: GpuLayoutOptions,
      send: (m: GpuRunMessage) => void,
    ) {
      asked.push(options.streamsPerWave);
      await gate;
      for (const report of streamReports(layout)) send({ kind: 'wave', report });
      send({ kind: 'done' });
    },
  };
  const terminated = vi.fn();
  const environment: GpuEnvironment = {
    probe: vi.fn(async () => ({ state: 'available' as const })),
    createWorker: vi.fn((): WorkerPort => {
      const port = channelWorker(api);
      const terminate = port.terminate.bind(port);
      port.terminate = () => {
        terminated();
        terminate();
      };
      return port;
    }),
  };
  return {
    environment,
    asked,
    calibrations: () => calibrations,
    terminated,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

/** Trials workers on MessageChannels, counted; with `calibrate` measured at 100 k trials/s. */
function trialsWorkers() {
  const api = { ...trialsWorkerApi, calibrate: () => ({ trials: 1000, elapsedMs: 10 }) };
  return vi.fn((): WorkerPort => channelWorker(api));
}

/** A controller, opened, with every view it published. */
function opened(controller: LabRunController) {
  const views: LabRunView[] = [];
  controller.subscribe((view) => views.push(view));
  controller.open('');
  return views;
}

const ended = async (controller: LabRunController): Promise<RunSnapshot> => {
  await vi.waitUntil(() => controller.view.snapshot?.status !== 'running', { timeout: 10_000 });
  return controller.view.snapshot!;
};

const noWebGpu: GpuEnvironment = {
  probe: async () => ({ state: 'missing', reason: 'This browser does not offer WebGPU.' }),
  createWorker: () => {
    throw new Error('A page without WebGPU starts no GPU worker.');
  },
};

describe('the lab run controller', () => {
  it('applies a change of cores and worker factory to the next run, never to the one going on', async () => {
    const first = trialsWorkers();
    const controller = createLabRunController({ createWorker: first, cores: 2, gpu: noWebGpu });
    opened(controller);
    controller.start(settings);
    expect(await ended(controller)).toMatchObject({ status: 'done', ranOn: 'CPU workers (1)' });
    expect(totalsOf(controller.view.snapshot!)).toEqual(expected);
    expect(first).toHaveBeenCalledTimes(1);

    // Workers that never answer: a run that goes on until it is cancelled.
    const silent = vi.fn(() => channelWorker(null));
    controller.setOptions({ createWorker: silent, cores: 4, gpu: noWebGpu });
    controller.start(settings);
    await vi.waitUntil(() => silent.mock.calls.length === 3);
    const second = trialsWorkers();
    controller.setOptions({ createWorker: second, cores: 2, gpu: noWebGpu });
    controller.cancel();
    expect(controller.view.snapshot).toMatchObject({
      status: 'cancelled',
      workers: 3,
      ranOn: 'CPU workers (3)',
    });
    expect(second).not.toHaveBeenCalled();

    controller.start(settings);
    expect(await ended(controller)).toMatchObject({ status: 'done', ranOn: 'CPU workers (1)' });
    expect(totalsOf(controller.view.snapshot!)).toEqual(expected);
    expect([first.mock.calls.length, silent.mock.calls.length, second.mock.calls.length]).toEqual([
      1, 3, 1,
    ]);
    controller.close();
  });

  it('applies a change of the silence limit to the next run', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      const silent = () => channelWorker(null);
      const options = { createWorker: silent, cores: 2, gpu: noWebGpu };
      const controller = createLabRunController({ ...options, silenceLimitMs: Infinity });
      opened(controller);
      controller.start({ ...settings, device: 'cpu' });
      controller.setOptions({ ...options, silenceLimitMs: 4000 });
      await vi.advanceTimersByTimeAsync(20_000);
      // The run that started without a limit never questions its silent worker.
      expect(controller.view.snapshot?.status).toBe('running');

      controller.start({ ...settings, device: 'cpu' });
      // Asked at 4 s, unanswered at 5 s.
      await vi.advanceTimersByTimeAsync(4_999);
      expect(controller.view.snapshot?.status).toBe('running');
      await vi.advanceTimersByTimeAsync(1);
      expect(controller.view.snapshot).toMatchObject({
        status: 'failed',
        error: 'Worker 1 stopped responding.',
      });
      controller.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the next GPU run for the wave size given since', async () => {
    const gpu = standInGpu('Stand-in');
    const options = { createWorker: trialsWorkers(), cores: 2, gpu: gpu.environment };
    const controller = createLabRunController(options);
    opened(controller);
    controller.start({ ...settings, device: 'gpu' });
    expect(await ended(controller)).toMatchObject({
      status: 'done',
      ranOn: 'GPU (WebGPU): Stand-in',
    });
    expect(totalsOf(controller.view.snapshot!)).toEqual(expected);
    controller.setOptions({ ...options, gpuStreamsPerWave: 2 });
    controller.start({ ...settings, device: 'gpu' });
    expect((await ended(controller)).status).toBe('done');
    expect(gpu.asked).toEqual([undefined, 2]);
    controller.close();
  });

  it('asks a new GPU environment for WebGPU at once, runs there next, and closes the old worker once its run is over', async () => {
    const old = standInGpu('Old');
    const next = standInGpu('New');
    next.environment.probe = vi.fn(async () => ({
      state: 'missing' as const,
      reason: 'WebGPU found no graphics adapter on this device.',
    }));
    const options = { createWorker: trialsWorkers(), cores: 2 };
    const controller = createLabRunController({ ...options, gpu: old.environment });
    const views = opened(controller);
    await vi.waitUntil(() => controller.view.gpu.state === 'available');
    old.hold();
    controller.start({ ...settings, device: 'gpu' });
    await vi.waitUntil(() => old.asked.length === 1);

    const from = views.length;
    controller.setOptions({ ...options, gpu: next.environment });
    expect(controller.view.gpu).toEqual({ state: 'checking' });
    await vi.waitUntil(() => controller.view.gpu.state === 'missing');
    expect(views.slice(from).map((view) => view.gpu.state)).toEqual(['checking', 'missing']);
    expect(controller.view.snapshot?.status).toBe('running');
    // The run on the old GPU goes on, on the old worker.
    expect(old.terminated).not.toHaveBeenCalled();
    old.release();
    expect(await ended(controller)).toMatchObject({ status: 'done', ranOn: 'GPU (WebGPU): Old' });
    expect(totalsOf(controller.view.snapshot!)).toEqual(expected);
    await vi.waitUntil(() => old.terminated.mock.calls.length === 1);

    // The new environment has no GPU: asked for one, the run says so and uses the CPU workers.
    controller.start({ ...settings, device: 'gpu' });
    expect(await ended(controller)).toMatchObject({
      status: 'done',
      ranOn: 'CPU workers (1)',
      deviceNote:
        'WebGPU found no graphics adapter on this device. This run uses the CPU workers instead.',
    });
    expect(next.environment.createWorker).not.toHaveBeenCalled();
    expect(old.environment.createWorker).toHaveBeenCalledTimes(1);
    expect(old.environment.probe).toHaveBeenCalledTimes(1);
    controller.close();
  });

  it('measures both devices again once the cores or the worker factory change, and only then', async () => {
    const gpu = standInGpu('Stand-in');
    const options = { createWorker: trialsWorkers(), cores: 2, gpu: gpu.environment };
    const controller = createLabRunController(options);
    opened(controller);
    const note = (cpu: string) =>
      `Measured on the first run: GPU: 1.00 M trials/s, CPU: ${cpu}; runs use the GPU, the faster here.`;
    const run = async () => {
      controller.start(settings);
      const final = await ended(controller);
      expect(final).toMatchObject({ status: 'done', ranOn: 'GPU (WebGPU): Stand-in' });
      expect(totalsOf(final)).toEqual(expected);
      return [gpu.calibrations(), final.deviceNote];
    };
    // One trials worker measured at 100 k trials/s, times the pool.
    expect(await run()).toEqual([1, note('100 k trials/s')]);
    expect(await run()).toEqual([1, note('100 k trials/s')]);
    controller.setOptions({ ...options });
    expect(await run()).toEqual([1, note('100 k trials/s')]);
    controller.setOptions({ ...options, cores: 4 });
    expect(await run()).toEqual([2, note('300 k trials/s')]);
    controller.setOptions({ ...options, cores: 4, createWorker: trialsWorkers() });
    expect(await run()).toEqual([3, note('300 k trials/s')]);
    controller.close();
  });

  it('cancels the run as the page goes, keeps it for its address, and terminates the GPU worker', async () => {
    sessionStorage.clear();
    const gpu = standInGpu('Stand-in');
    const silent = vi.fn(() => channelWorker(null));
    const controller = createLabRunController({
      createWorker: silent,
      cores: 3,
      gpu: gpu.environment,
    });
    opened(controller);
    controller.start({ ...settings, device: 'gpu' });
    expect((await ended(controller)).status).toBe('done');
    const onCpu: LabSettings = { ...settings, device: 'cpu', seed: 22 };
    controller.start(onCpu);
    await vi.waitUntil(() => silent.mock.calls.length === 2);
    controller.close();
    expect(controller.view.snapshot).toMatchObject({ status: 'cancelled', seed: 22 });
    expect(finishedRunFor(queryOfRun(onCpu, 22))).toMatchObject({
      status: 'cancelled',
      ranOn: 'CPU workers (2)',
    });
    expect(gpu.terminated).toHaveBeenCalledTimes(1);
    // Opened again (React's strict mode remounts), it runs afresh.
    opened(controller);
    controller.start({ ...settings, device: 'gpu' });
    expect((await ended(controller)).status).toBe('done');
    expect(gpu.environment.createWorker).toHaveBeenCalledTimes(2);
    controller.close();
  });
});
