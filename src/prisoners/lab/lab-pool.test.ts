// @vitest-environment node
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { nodeWorkerPort } from '../../../scripts/node-endpoint.ts';
import { createNodeLabWorker } from '../../../scripts/node-workers.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { poolSize, startLabRun, type LabRunSnapshot } from './lab-pool.ts';

const settings: LabSettings = {
  n: 100,
  k: 50,
  trials: 200_000,
  strategy: 'cycle',
  method: 'fast',
  seed: 42,
};

function run(overrides: Partial<Parameters<typeof startLabRun>[0]> = {}) {
  const updates: LabRunSnapshot[] = [];
  const handle = startLabRun({
    settings,
    seed: 42,
    workers: 2,
    createWorker: createNodeLabWorker,
    onUpdate: (snapshot) => updates.push(snapshot),
    updateIntervalMs: 50,
    ...overrides,
  });
  return { handle, updates };
}

describe('lab worker pool', () => {
  it('sizes itself to every core but one, at least one', () => {
    expect(poolSize(8, 1e6)).toBe(7);
    expect(poolSize(1, 1e6)).toBe(1);
    expect(poolSize(undefined, 1e6)).toBe(1);
    expect(poolSize(16, 3)).toBe(3);
  });

  it('gives the same result for the same seed and worker count', async () => {
    const first = await run().handle.finished;
    const second = await run().handle.finished;
    expect(first.status).toBe('done');
    expect(first.trials).toBe(200_000);
    expect(second.successes).toBe(first.successes);
    expect(Array.from(second.longestCycle)).toEqual(Array.from(first.longestCycle));
    expect(first.watch?.state).toMatch(/^[0-9a-f]{32}$/);
    expect(first.convergence.at(-1)).toEqual({ trials: 200_000, successes: first.successes });
  });

  it('cancels at once and keeps the partial result', async () => {
    const { handle, updates } = run({ settings: { ...settings, trials: 1_000_000_000 } });
    while (!updates.some((u) => u.trials > 0)) await new Promise((r) => setTimeout(r, 20));
    handle.cancel();
    const final = await handle.finished;
    expect(final.status).toBe('cancelled');
    expect(final.trials).toBeGreaterThan(0);
    expect(final.trials).toBeLessThan(1_000_000_000);
    expect(final.successes / final.trials).toBeGreaterThan(0.3);
  });

  it('reports a worker that crashes', async () => {
    // A thread whose code throws as it starts, like a worker script that fails to load.
    const crashing = () =>
      nodeWorkerPort(new Worker("throw new Error('Injected fault')", { eval: true }));
    const { handle } = run({ createWorker: crashing });
    const final = await handle.finished;
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/^Worker [12] crashed: Injected fault$/);
    expect(final.trials).toBe(0);
  });

  it('reports a worker that hangs, keeping what the others counted', async () => {
    // The second thread never answers anything; the first runs the real engine.
    let started = 0;
    const secondHangs = () =>
      started++ === 0
        ? createNodeLabWorker()
        : nodeWorkerPort(new Worker('setInterval(() => {}, 1000)', { eval: true }));
    const { handle } = run({
      settings: { ...settings, trials: 1_000_000_000 },
      createWorker: secondHangs,
      silenceLimitMs: 1500,
    });
    const final = await handle.finished;
    expect(final.status).toBe('failed');
    expect(final.error).toBe('Worker 2 stopped responding.');
    expect(final.trials).toBeGreaterThan(0);
  });
});
