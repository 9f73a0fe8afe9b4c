// @vitest-environment node
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { nodeWorkerPort } from '../../../scripts/node-endpoint.ts';
import { createNodeLabWorker } from '../../../scripts/node-workers.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { streamSums, totalsOf } from '../../testing/stream-sums.ts';
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

// Worker threads compile their TypeScript as they start: slow on a busy machine.
describe('lab worker pool', { timeout: 30_000 }, () => {
  it('sizes itself to every core but one, at least one', () => {
    expect(poolSize(8, 1e6)).toBe(7);
    expect(poolSize(1, 1e6)).toBe(1);
    expect(poolSize(undefined, 1e6)).toBe(1);
    expect(poolSize(16, 3)).toBe(3);
  });

  it.each([
    ['literal', 'cycle', 5 * 4096 + 77],
    ['fast', 'swap', 9 * 4096 + 5],
  ] as const)(
    'gives every total of a %s %s run as the sum of its streams, on 1 and on 3 workers',
    async (method, strategy, trials) => {
      const run = { ...settings, method, strategy, trials };
      const expected = streamSums({ ...run, runSeed: 42 });
      for (const workers of [1, 3]) {
        const final = await startLabRun({
          settings: run,
          seed: 42,
          workers,
          createWorker: createNodeLabWorker,
          onUpdate: () => {},
        }).finished;
        expect(final).toMatchObject({ status: 'done', workers, trials });
        expect(totalsOf(final)).toEqual(expected);
      }
      if (method === 'literal') expect(expected.watch?.state).toMatch(/^[0-9a-f]{32}$/);
    },
  );

  it('runs only its shard’s streams, and ends at once for a shard that has none', async () => {
    const run = { ...settings, method: 'literal' as const, trials: 7 * 4096 + 1 }; // 8 streams
    const shardRun = (index: number, count: number) =>
      startLabRun({
        settings: run,
        seed: 42,
        workers: 2,
        createWorker: createNodeLabWorker,
        onUpdate: () => {},
        shard: { index, count },
      });
    const third = shardRun(2, 3); // streams 2 and 5
    expect((await third.finished).trials).toBe(2 * 4096);
    expect(third.report()).toMatchObject({ first: 2, step: 3, count: 2, trials: 2 * 4096 });
    const empty = await shardRun(9, 10).finished;
    expect(empty).toMatchObject({ status: 'done', trials: 0, workers: 0 });
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
      // Longer than a worker thread takes to start on a busy machine: a run call queued before
      // the thread listens is answered first, so a proof of life asked meanwhile waits for it.
      silenceLimitMs: 3000,
    });
    const final = await handle.finished;
    expect(final.status).toBe('failed');
    expect(final.error).toBe('Worker 2 stopped responding.');
    expect(final.trials).toBeGreaterThan(0);
  });
});
