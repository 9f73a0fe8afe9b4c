// @vitest-environment node
/**
 * A run on the GPU worker (Dawn on SwiftShader, the worker's API on the far side of a
 * MessageChannel) against every stream of the run on the CPU: a whole run, and a run whose device
 * is lost after its first wave and that the CPU workers finish.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LabSettings } from '../engine/lab-settings.ts';
import { streamCount, streamTrials } from '../engine/streams.ts';
import { requestNodeGpu, SWIFTSHADER_ICD } from '../../../../cli/node-webgpu.ts';
import { losesDeviceAfterFirstWave, testGpuWorkerApi } from '../../../testing/gpu-faults.ts';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';
import { channelWorker, closeChannelWorkers } from '../../../testing/channel-worker.ts';
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
    // Progress never goes backwards while the run goes on.
    const running = updates.filter((update) => update.status === 'running');
    running.forEach((update, i) => {
      expect(update.trials).toBeGreaterThanOrEqual(running[i - 1]?.trials ?? 0);
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
