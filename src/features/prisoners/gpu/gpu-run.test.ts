// @vitest-environment node
/**
 * A run on the GPU worker (Dawn on SwiftShader, the worker's API on the far side of a
 * MessageChannel) against every stream of the run on the CPU: a whole run, and a run whose device
 * is lost after its first wave and that the CPU workers finish.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { LabSettings } from '../engine/lab-settings.ts';
import { streamCount, streamTrials } from '../engine/streams.ts';
import { requestNodeGpu, SWIFTSHADER_ICD } from '../../../../cli/node-webgpu.ts';
import { losesDeviceAfterFirstWave, testGpuWorkerApi } from '../../../testing/gpu-faults.ts';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';
import { channelWorker, closeChannelWorkers } from '../../../testing/channel-worker.ts';
import type { WaveProgress, GpuRunMessage } from './gpu-worker-api.ts';
import { createGpuWorker, startGpuRun } from './gpu-run.ts';
import { startCpuRun } from '../runtime/cpu-pool.ts';
import type { RunSnapshot } from '../runtime/run-state.ts';
import { trialsWorkerApi } from '../runtime/trials-worker-api.ts';

const dawn = testGpuWorkerApi(() => requestNodeGpu({ icd: SWIFTSHADER_ICD }));
afterEach(closeChannelWorkers);
afterAll(() => dawn.destroyAll());

// 6 literal streams of n = 10 (4096 trials each, the last 1000), two streams per wave.
const settings: LabSettings = {
  n: 10,
  k: 5,
  trials: 5 * 4096 + 1000,
  strategy: 'cycle',
  method: 'literal',
  seed: 31,
};
const layout = { ...settings, runSeed: 31 };

describe('a run on the GPU worker', { timeout: 120_000 }, () => {
  it('counts exactly what every stream of the run counts on the CPU', async () => {
    expect(streamCount(layout)).toBe(6);
    const worker = createGpuWorker(() => channelWorker(dawn.api));
    const updates: RunSnapshot[] = [];
    const final = await startGpuRun({
      settings,
      seed: 31,
      worker,
      adapterName: 'SwiftShader',
      onUpdate: (snapshot) => updates.push(snapshot),
      updateIntervalMs: 0,
      streamsPerWave: 2,
    }).finished;
    worker.bridge.terminate();
    expect(final).toMatchObject({ status: 'done', ranOn: 'GPU (WebGPU): SwiftShader' });
    expect(totalsOf(final)).toEqual(streamSums(layout));
    // The count never goes backwards, the end included: only whole waves are counted.
    updates.forEach((update, i) => {
      expect(update.trials).toBeGreaterThanOrEqual(updates[i - 1]?.trials ?? 0);
      expect([0, 2 * 4096, 4 * 4096, settings.trials]).toContain(update.trials);
    });
  });

  it('after a lost device, stops with the reason, and the CPU workers finish the run exactly', async () => {
    const worker = createGpuWorker(() =>
      channelWorker(losesDeviceAfterFirstWave(dawn.api, dawn.devices)),
    );
    const gpuRun = startGpuRun({
      settings,
      seed: 31,
      worker,
      adapterName: 'SwiftShader',
      onUpdate: () => {},
      streamsPerWave: 2,
    });
    const failed = await gpuRun.finished;
    expect(failed).toMatchObject({
      status: 'failed',
      continuable: true,
      // The first wave, streams 0 and 1, counted whole; the wave in flight is not.
      trials: 2 * streamTrials(layout),
    });
    expect(failed.error).toMatch(/^The GPU device was lost: /);
    const takeover = gpuRun.takeover()!;
    expect([takeover.ledger.counted, takeover.ledger.prefix]).toEqual([2, 2]);

    const updates: RunSnapshot[] = [];
    const final = await startCpuRun({
      settings,
      seed: 31,
      workers: 3,
      createWorker: () => channelWorker(trialsWorkerApi),
      onUpdate: (snapshot) => updates.push(snapshot),
      takeover,
    }).finished;
    expect(final).toMatchObject({
      status: 'done',
      ranOn: 'GPU (WebGPU): SwiftShader, then CPU workers (3)',
    });
    // The same totals as the whole run on the CPU: every stream counted once.
    expect(totalsOf(final)).toEqual(streamSums(layout));
    worker.bridge.terminate();
  });
});

/**
 * A GPU worker that sends what the test says: `script` gets the run's `send` and may keep the
 * call waiting. Its port's terminations are counted.
 */
function standInWorker(script: (send: (message: GpuRunMessage) => void) => Promise<void>) {
  const ports: ReturnType<typeof channelWorker>[] = [];
  const terminated = vi.fn();
  const worker = createGpuWorker(() => {
    const port = channelWorker({
      runLayout: (_layout: unknown, _options: unknown, send: (m: GpuRunMessage) => void) =>
        script(send),
    });
    const terminate = port.terminate.bind(port);
    port.terminate = () => {
      terminated();
      terminate();
    };
    ports.push(port);
    return port;
  });
  return { worker, ports, terminated };
}

const forever = () => new Promise<void>(() => {});
const inFlight: WaveProgress = {
  trials: 100,
  successes: 40,
  longestCycle: new Float64Array(11),
  freed: new Float64Array(11),
};

describe("a GPU run's end, on a stand-in GPU worker", () => {
  const start = (worker: ReturnType<typeof createGpuWorker>, signal?: AbortSignal) => {
    const updates: RunSnapshot[] = [];
    const run = startGpuRun({
      settings,
      seed: 31,
      worker,
      adapterName: 'Stand-in',
      onUpdate: (snapshot) => updates.push(snapshot),
      updateIntervalMs: 0,
      signal,
    });
    return { run, updates };
  };

  it('cancel aborts its call, which terminates the worker, and drops the wave in flight', async () => {
    const { worker, terminated } = standInWorker(async (send) => {
      send({ kind: 'progress', wave: inFlight });
      return forever();
    });
    const { run, updates } = start(worker);
    await vi.waitUntil(() => updates.length === 1);
    // The wave in flight is shown apart, never counted: the count cannot go back at Cancel.
    expect([updates[0]!.status, updates[0]!.trials, updates[0]!.inFlightTrials]).toEqual([
      'running',
      0,
      100,
    ]);
    run.cancel();
    expect(terminated).toHaveBeenCalledTimes(1);
    expect(worker.bridge.started).toBe(false);
    const final = await run.finished;
    expect([final.status, final.trials, final.inFlightTrials, final.continuable]).toEqual([
      'cancelled',
      0,
      0,
      false,
    ]);
    expect(updates.at(-1)).toBe(final);
    expect(run.takeover()).toBeNull();
  });

  it('ends without a word when its caller leaves through the signal, terminating the worker', async () => {
    const { worker, terminated } = standInWorker(async (send) => {
      send({ kind: 'progress', wave: inFlight });
      return forever();
    });
    const leave = new AbortController();
    const { run, updates } = start(worker, leave.signal);
    await vi.waitUntil(() => updates.length === 1);
    leave.abort();
    expect(terminated).toHaveBeenCalledTimes(1);
    expect((await run.finished).status).toBe('cancelled');
    expect(updates.map((update) => update.status)).toEqual(['running']);
    // Gone before it began: the worker is not even started.
    const gone = start(worker, AbortSignal.abort());
    expect((await gone.run.finished).status).toBe('cancelled');
    expect([worker.bridge.started, gone.updates.length]).toEqual([false, 0]);
  });

  it('keeps the worker after a lost device, and offers the run to the CPU pool', async () => {
    const { worker, terminated } = standInWorker(async (send) => {
      send({ kind: 'stopped', message: 'The GPU device was lost: reset', deviceLost: true });
    });
    const { run } = start(worker);
    const final = await run.finished;
    expect(final).toMatchObject({
      status: 'failed',
      error: 'The GPU device was lost: reset',
      continuable: true,
      trials: 0,
      ranOn: 'GPU (WebGPU): Stand-in',
    });
    expect([run.takeover()!.ledger.counted, run.takeover()!.ranOn]).toEqual([
      0,
      'GPU (WebGPU): Stand-in',
    ]);
    expect(terminated).not.toHaveBeenCalled();
    expect(worker.bridge.started).toBe(true);
  });

  it('fails a run that the worker ends before every stream is counted', async () => {
    const { worker } = standInWorker(async (send) => send({ kind: 'done' }));
    expect(await start(worker).run.finished).toMatchObject({
      status: 'failed',
      error: 'The GPU finished without counting every stream of the run.',
    });
  });

  it('tells a crash of the worker to the run using it, and to no run that has ended', async () => {
    let calls = 0;
    // The first run's device is lost (its worker stays); the second run waits.
    const { worker, ports } = standInWorker(async (send) => {
      if (calls++ > 0) return forever();
      send({ kind: 'stopped', message: 'The GPU device was lost: reset', deviceLost: true });
    });
    const crash = () =>
      (ports.at(-1) as unknown as EventTarget).dispatchEvent(
        Object.assign(new Event('error', { cancelable: true }), { message: 'boom' }),
      );
    const first = start(worker);
    expect((await first.run.finished).status).toBe('failed');
    crash();
    expect(first.updates.map((update) => [update.status, update.error])).toEqual([
      ['failed', 'The GPU device was lost: reset'],
    ]);
    const second = start(worker);
    await vi.waitUntil(() => ports.length === 2 && calls === 2);
    crash();
    expect(await second.run.finished).toMatchObject({
      status: 'failed',
      error: 'The GPU worker crashed: boom',
      continuable: true,
    });
    expect(first.updates).toHaveLength(1);
  });
});
