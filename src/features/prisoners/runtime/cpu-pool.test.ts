// @vitest-environment node
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeWorkerPort } from '../../../../cli/node-endpoint.ts';
import { createNodeTrialsWorker } from '../../../../cli/node-workers.ts';
import { runWorkerJob, workerJob, type StreamsReport } from './streams-job.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { createRunLedger } from './run-ledger.ts';
import { channelWorker, closeChannelWorkers } from '../../../testing/channel-worker.ts';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';
import { poolSize, startCpuRun } from './cpu-pool.ts';
import type { RunSnapshot } from './run-state.ts';
import { trialsWorkerApi, type TrialsWorkerApi } from './trials-worker-api.ts';

afterEach(closeChannelWorkers);

const settings: LabSettings = {
  n: 100,
  k: 50,
  trials: 200_000,
  strategy: 'cycle',
  method: 'fast',
  seed: 42,
};

function run(overrides: Partial<Parameters<typeof startCpuRun>[0]> = {}) {
  const updates: RunSnapshot[] = [];
  const handle = startCpuRun({
    settings,
    seed: 42,
    workers: 2,
    createWorker: createNodeTrialsWorker,
    onUpdate: (snapshot) => updates.push(snapshot),
    updateIntervalMs: 50,
    // A worker thread compiles its TypeScript as it starts, for seconds on a loaded machine: only
    // the test of a hung worker questions silence, on a clock of its own.
    silenceLimitMs: Infinity,
    ...overrides,
  });
  return { handle, updates };
}

// 3 literal streams of n = 10, 4096 trials each: in-process workers (the trials worker's API on the
// far side of a MessageChannel) for what needs no thread.
const small: LabSettings = {
  n: 10,
  k: 5,
  trials: 3 * 4096,
  strategy: 'cycle',
  method: 'literal',
  seed: 7,
};
const smallSums = streamSums({ ...small, runSeed: 7 });

/** Lets the messages already posted between in-process workers and the pool arrive. */
async function delivered(): Promise<void> {
  for (let turn = 0; turn < 8; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Reports of streams 0 … count − 1 of a run, one stream each, from the engine itself. */
function firstStreams(count: number): StreamsReport[] {
  const reports: StreamsReport[] = [];
  let clock = 0;
  // A clock that moves a report interval a reading: a report after every stream.
  const last = runWorkerJob(
    workerJob({ ...small, runSeed: 7 }, 0, 1),
    (report) => reports.push(report),
    () => (clock += 100),
  );
  return [...reports, last].slice(0, count);
}

describe('CPU pool, in-process workers', () => {
  const inProcess = () => channelWorker(trialsWorkerApi);

  it('says how long it ran and how fast on its own clock, where, and with what note', async () => {
    let clock = 1_000;
    const updates: RunSnapshot[] = [];
    const handle = startCpuRun({
      settings: small,
      seed: 7,
      // Never more workers than streams.
      workers: 10,
      createWorker: inProcess,
      onUpdate: (snapshot) => updates.push(snapshot),
      now: () => clock,
      deviceNote: 'Chosen by calibration.',
    });
    clock = 3_000;
    const final = await handle.finished;
    expect(final).toMatchObject({
      status: 'done',
      settings: small,
      seed: 7,
      workers: 3,
      elapsedMs: 2_000,
      // 12 288 trials in 2 s.
      trialsPerSecond: 6_144,
      error: null,
      ranOn: 'CPU workers (3)',
      deviceNote: 'Chosen by calibration.',
      continuable: false,
    });
    expect(totalsOf(final)).toEqual(smallSums);
    expect(updates.at(-1)).toBe(final);
    expect(handle.report()).toMatchObject({ first: 0, step: 1, count: 3, trials: 3 * 4096 });
    expect(handle.report().elapsedMs).toBe(2_000);
  });

  it('runs at least one worker, says no note by default, and no speed before time has passed', async () => {
    const final = await startCpuRun({
      settings: small,
      seed: 7,
      workers: 0,
      createWorker: inProcess,
      onUpdate: () => {},
      now: () => 5,
    }).finished;
    expect(final).toMatchObject({
      workers: 1,
      ranOn: 'CPU workers (1)',
      deviceNote: null,
      elapsedMs: 0,
      trialsPerSecond: 0,
    });
    expect(totalsOf(final)).toEqual(smallSums);
  });

  it('publishes the first report at once and then at most once an interval, the end always', async () => {
    // The clock stands still: after the first update no interval ever passes.
    const still = await collect({ updateIntervalMs: 250, now: () => 0 });
    expect(still.map((update) => [update.status, update.trials])).toEqual([
      ['running', 4096],
      ['done', 3 * 4096],
    ]);
    // No interval: every report is published.
    const every = await collect({ updateIntervalMs: 0, now: () => 0 });
    expect(every.map((update) => [update.status, update.trials])).toEqual([
      ['running', 4096],
      ['running', 2 * 4096],
      ['done', 3 * 4096],
    ]);
  });

  it('holds updates to one every 250 ms by default, on its clock', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      // Each worker's answer waits until the test lets it go.
      const gates: (() => void)[] = [];
      const gated = () =>
        channelWorker({
          run(job: Parameters<TrialsWorkerApi['run']>[0]) {
            const last = trialsWorkerApi.run(job, () => {});
            return new Promise((resolve) => gates.push(() => resolve(last)));
          },
        });
      const updates: [string, number][] = [];
      const handle = startCpuRun({
        settings: small,
        seed: 7,
        workers: 3,
        createWorker: gated,
        onUpdate: (snapshot) => updates.push([snapshot.status, snapshot.trials]),
        now: () => Date.now(),
      });
      await vi.waitUntil(() => gates.length === 3, { interval: 0 });
      gates[0]!();
      await delivered();
      expect(updates).toEqual([['running', 4096]]);
      gates[1]!();
      await delivered();
      await vi.advanceTimersByTimeAsync(249);
      expect(updates).toEqual([['running', 4096]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(updates).toEqual([
        ['running', 4096],
        ['running', 2 * 4096],
      ]);
      gates[2]!();
      expect((await handle.finished).status).toBe('done');
      expect(updates.at(-1)).toEqual(['done', 3 * 4096]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a worker silent for 4 s that does not answer within 1 s for hung, by default', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      // Nothing answers on the far side of this worker.
      const handle = startCpuRun({
        settings: small,
        seed: 7,
        workers: 1,
        createWorker: () => channelWorker(null),
        onUpdate: () => {},
      });
      const outcome: { final: RunSnapshot | null } = { final: null };
      void handle.finished.then((final) => (outcome.final = final));
      // Asked at 4 s, unanswered at 5 s.
      await vi.advanceTimersByTimeAsync(4_999);
      expect(outcome.final).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome.final).toMatchObject({
        status: 'failed',
        error: 'Worker 1 stopped responding.',
        trials: 0,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a progress report still in flight when the run was cancelled', async () => {
    // The worker's progress callback has a channel of its own, which cancelling does not close.
    let sendLate = () => {};
    const late = () =>
      channelWorker({
        run(job: Parameters<TrialsWorkerApi['run']>[0], onProgress: (r: StreamsReport) => void) {
          const last = trialsWorkerApi.run(job, () => {});
          sendLate = () => onProgress(last);
          return new Promise(() => {});
        },
      });
    const updates: [string, number][] = [];
    const handle = startCpuRun({
      settings: small,
      seed: 7,
      workers: 1,
      createWorker: late,
      onUpdate: (snapshot) => updates.push([snapshot.status, snapshot.trials]),
    });
    await delivered();
    handle.cancel();
    expect(await handle.finished).toMatchObject({ status: 'cancelled', trials: 0 });
    sendLate();
    await delivered();
    expect(updates).toEqual([['cancelled', 0]]);
    expect(handle.report().trials).toBe(0);
  });

  it('ends without a word when its caller leaves through the signal, terminating every worker', async () => {
    const terminated: number[] = [];
    let started = 0;
    // Workers that never answer: only leaving ends the run.
    const silent = () => {
      const index = started++;
      const port = channelWorker(null);
      const terminate = port.terminate.bind(port);
      port.terminate = () => {
        terminated.push(index);
        terminate();
      };
      return port;
    };
    const leave = new AbortController();
    const updates: RunSnapshot[] = [];
    const handle = startCpuRun({
      settings: small,
      seed: 7,
      workers: 3,
      createWorker: silent,
      onUpdate: (snapshot) => updates.push(snapshot),
      signal: leave.signal,
    });
    expect(started).toBe(3);
    leave.abort();
    expect(terminated).toEqual([0, 1, 2]);
    expect(await handle.finished).toMatchObject({ status: 'cancelled', trials: 0, workers: 3 });
    await delivered();
    expect(updates).toEqual([]);
    // Gone before it began: no worker starts.
    const gone = startCpuRun({
      settings: small,
      seed: 7,
      workers: 3,
      createWorker: silent,
      onUpdate: (snapshot) => updates.push(snapshot),
      signal: AbortSignal.abort(),
    });
    expect((await gone.finished).status).toBe('cancelled');
    expect([started, updates.length]).toEqual([3, 0]);
  });

  it('names the worker whose run failed, and why', async () => {
    let started = 0;
    // Worker 1 never answers; worker 2's run throws.
    const secondThrows = () =>
      channelWorker(
        started++ === 0
          ? null
          : {
              run() {
                throw new Error('No such job.');
              },
            },
      );
    const final = await startCpuRun({
      settings: small,
      seed: 7,
      workers: 2,
      createWorker: secondThrows,
      onUpdate: () => {},
    }).finished;
    expect(final).toMatchObject({
      status: 'failed',
      error: 'Worker 2 failed: No such job.',
      trials: 0,
    });
  });

  async function collect(overrides: Partial<Parameters<typeof startCpuRun>[0]>) {
    const updates: RunSnapshot[] = [];
    await startCpuRun({
      settings: small,
      seed: 7,
      workers: 3,
      createWorker: inProcess,
      onUpdate: (snapshot) => updates.push(snapshot),
      ...overrides,
    }).finished;
    return updates;
  }

  it('finishes a run taken over after its counted prefix, and refuses any other', async () => {
    const ledger = createRunLedger({ ...small, runSeed: 7 });
    for (const report of firstStreams(1)) ledger.add(report);
    let clock = 0;
    const handle = startCpuRun({
      settings: small,
      seed: 7,
      workers: 4,
      createWorker: inProcess,
      onUpdate: () => {},
      now: () => clock,
      takeover: { ledger, elapsedMs: 1_500, ranOn: 'GPU (WebGPU): SwiftShader' },
    });
    clock = 500;
    const final = await handle.finished;
    // Two streams were left: two workers, and the time before the takeover counts.
    expect(final).toMatchObject({
      status: 'done',
      workers: 2,
      ranOn: 'GPU (WebGPU): SwiftShader, then CPU workers (2)',
      elapsedMs: 2_000,
    });
    expect(totalsOf(final)).toEqual(smallSums);

    const gap = createRunLedger({ ...small, runSeed: 7 });
    gap.add(firstStreams(2)[1]!); // stream 1 without stream 0
    const takeOver =
      (takeover: Parameters<typeof startCpuRun>[0]['takeover'], shard = { index: 0, count: 1 }) =>
      () =>
        startCpuRun({
          settings: small,
          seed: 7,
          workers: 1,
          createWorker: inProcess,
          onUpdate: () => {},
          shard,
          takeover,
        });
    const message = 'A run is taken over only whole, after a prefix of counted streams.';
    expect(takeOver({ ledger: gap, elapsedMs: 0, ranOn: 'GPU' })).toThrow(message);
    const whole = createRunLedger({ ...small, runSeed: 7 });
    expect(takeOver({ ledger: whole, elapsedMs: 0, ranOn: 'GPU' }, { index: 0, count: 2 })).toThrow(
      message,
    );
  });
});

// Worker threads compile their TypeScript as they start: slow on a busy machine.
describe('CPU pool', { timeout: 30_000 }, () => {
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
        const final = await startCpuRun({
          settings: run,
          seed: 42,
          workers,
          createWorker: createNodeTrialsWorker,
          onUpdate: () => {},
          silenceLimitMs: Infinity,
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
      startCpuRun({
        settings: run,
        seed: 42,
        workers: 2,
        createWorker: createNodeTrialsWorker,
        onUpdate: () => {},
        silenceLimitMs: Infinity,
        shard: { index, count },
      });
    const third = shardRun(2, 3); // streams 2 and 5
    expect((await third.finished).trials).toBe(2 * 4096);
    expect(third.report()).toMatchObject({ first: 2, step: 3, count: 2, trials: 2 * 4096 });
    const empty = await shardRun(9, 10).finished;
    expect(empty).toMatchObject({ status: 'done', trials: 0, workers: 0 });
  });

  it('cancels at once and keeps the partial result', async () => {
    let counted = () => {};
    const someCounted = new Promise<void>((resolve) => (counted = resolve));
    const { handle } = run({
      settings: { ...settings, trials: 1_000_000_000 },
      onUpdate: (snapshot) => {
        if (snapshot.trials > 0) counted();
      },
    });
    await someCounted;
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
    // The watchdogs' clock is fake and moves half a second only after the first worker has
    // reported: a thread slow to start is never taken for a hung one, and the first worker,
    // heard at every step, never falls silent, however slowly the machine runs.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      // The second thread never answers anything; the first runs the real engine.
      let started = 0;
      const secondHangs = () =>
        started++ === 0
          ? createNodeTrialsWorker()
          : nodeWorkerPort(new Worker('setInterval(() => {}, 1000)', { eval: true }));
      let heard = () => {};
      const { handle } = run({
        settings: { ...settings, trials: 1_000_000_000 },
        createWorker: secondHangs,
        // Every report is an update: the first worker's sign of life.
        updateIntervalMs: 0,
        onUpdate: () => heard(),
        silenceLimitMs: 2000,
      });
      const outcome: { final: RunSnapshot | null } = { final: null };
      void handle.finished.then((final) => (outcome.final = final));
      while (outcome.final === null) {
        await Promise.race([new Promise<void>((resolve) => (heard = resolve)), handle.finished]);
        await vi.advanceTimersByTimeAsync(500);
      }
      expect(outcome.final).toMatchObject({
        status: 'failed',
        error: 'Worker 2 stopped responding.',
      });
      expect(outcome.final.trials).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
