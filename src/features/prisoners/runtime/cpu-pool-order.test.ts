// @vitest-environment node
// The order in which a trials worker's messages reach the CPU pool: progress reports travel on the
// callback's own channel and the return value on the worker's port, so either may come first.
import { expose, transferHandlers } from 'comlink';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  channelWorker,
  closeChannelWorkers,
  interceptedEndpoint,
} from '../../../testing/channel-worker.ts';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';
import { runWorkerJob, type StreamsReport } from './streams-job.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import type { WorkerPort } from './worker-bridge.ts';
import { startCpuRun } from './cpu-pool.ts';
import type { RunSnapshot } from './run-state.ts';
import { trialsWorkerApi, type TrialsWorkerApi } from './trials-worker-api.ts';

const settings: LabSettings = {
  n: 100,
  k: 50,
  trials: 1_200_000,
  strategy: 'cycle',
  method: 'literal',
  seed: 9,
};

/**
 * A trials worker on this thread around the real worker API, whose delivery the test decides:
 * `deliver` gets the reports the API sent while it ran, and the return value.
 */
function inThreadWorker(
  deliver: (
    reports: Parameters<Parameters<TrialsWorkerApi['run']>[1]>[0][],
    send: (report: Parameters<Parameters<TrialsWorkerApi['run']>[1]>[0]) => void,
  ) => void,
): WorkerPort {
  const api: TrialsWorkerApi = {
    run(job, onProgress) {
      const reports: Parameters<typeof onProgress>[0][] = [];
      const final = trialsWorkerApi.run(job, (report) => reports.push(report));
      deliver(reports, onProgress);
      return final;
    },
    calibrate: trialsWorkerApi.calibrate,
  };
  return channelWorker(api);
}

function runWith(createWorker: () => WorkerPort): Promise<RunSnapshot> {
  return startCpuRun({
    settings,
    seed: 9,
    workers: 2,
    createWorker,
    onUpdate: () => {},
    updateIntervalMs: 10,
    // Worker threads take seconds to start on a loaded machine: silence is not what this tests.
    silenceLimitMs: Infinity,
  }).finished;
}

/**
 * The run's end, or 'hung' when it has not ended once the messages sent have all been delivered
 * (a few turns of the event loop: the workers are on this thread).
 */
async function endOf(run: Promise<RunSnapshot>, lastSent: () => Promise<void>) {
  await lastSent();
  const outcome: { end: RunSnapshot | 'hung' } = { end: 'hung' };
  void run.then((final) => (outcome.end = final));
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  return outcome.end;
}

/**
 * Workers (each reporting after every stream) whose messages reach the pool when the scheduler
 * says: every message that arrives on a worker's port (the return value of `run`) or on a
 * progress callback's own channel waits for the scheduler, some of them are delivered twice,
 * and the deliveries then run the pool's listeners at once. Delivery is scheduled where the pool
 * receives, so the pool sees exactly the order the scheduler picks, whatever the two channels'
 * own message paths. Comlink makes a callback's channel in its `proxy` transfer handler, so that
 * handler is replaced while the run lasts (`restore` puts it back).
 */
function scheduledDelivery(s: fc.Scheduler, twice: Iterator<boolean>) {
  const returned = new Set<number>();
  let lateProgress = 0;
  // The callback channels made so far, by the far port that goes to a worker.
  const callbackWorker = new Map<unknown, { worker: number }>();
  const release = (label: string, event: MessageEvent, deliver: (event: MessageEvent) => void) => {
    const copies = twice.next().value ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const message =
        copy === 0 ? event : new MessageEvent('message', { data: structuredClone(event.data) });
      void s.schedule(Promise.resolve(label), label).then(() => deliver(message));
    }
  };
  const original = transferHandlers.get('proxy')!;
  transferHandlers.set('proxy', {
    ...original,
    serialize(callback: unknown) {
      const { port1, port2 } = new MessageChannel();
      callbackPorts.push(port1);
      const owner = { worker: -1 };
      callbackWorker.set(port2, owner);
      expose(
        callback,
        interceptedEndpoint(port1, (event, deliver) =>
          release(`worker ${owner.worker + 1} progress`, event, (message) => {
            if (returned.has(owner.worker)) lateProgress++;
            deliver(message);
          }),
        ),
      );
      return [port2, [port2]];
    },
  });
  let started = 0;
  const createWorker = (): WorkerPort => {
    const worker = started++;
    const port = channelWorker({
      run(job: Parameters<TrialsWorkerApi['run']>[0], onProgress: (r: StreamsReport) => void) {
        let clock = 0;
        return runWorkerJob(job, onProgress, () => (clock += 1000));
      },
    });
    const endpoint = interceptedEndpoint(port, (event, deliver) =>
      release(`worker ${worker + 1} return`, event, (message) => {
        returned.add(worker);
        deliver(message);
      }),
    );
    return {
      ...endpoint,
      postMessage(message: unknown, transfer: Transferable[] = []) {
        for (const item of transfer) {
          const owner = callbackWorker.get(item);
          if (owner) owner.worker = worker;
        }
        endpoint.postMessage(message, transfer);
      },
      terminate: () => port.terminate(),
    };
  };
  return {
    createWorker,
    lateProgress: () => lateProgress,
    restore: () => transferHandlers.set('proxy', original),
  };
}

const callbackPorts: MessagePort[] = [];

/**
 * Lets the workers' messages arrive (until none has arrived for a few turns of the event loop),
 * then releases the waiting deliveries in the scheduler's order, and again until nothing is left:
 * the run's end, or 'hung' when it has not ended.
 */
async function endUnder(s: fc.Scheduler, finished: Promise<RunSnapshot>) {
  const outcome: { end: RunSnapshot | 'hung' } = { end: 'hung' };
  void finished.then((final) => (outcome.end = final));
  for (let quiet = 0; quiet < 10 && outcome.end === 'hung';) {
    const waiting = s.count();
    await new Promise((resolve) => setImmediate(resolve));
    if (s.count() !== waiting) quiet = 0;
    else if (++quiet >= 3 && waiting > 0) {
      await s.waitAll();
      quiet = 0;
    }
  }
  return outcome.end;
}

afterEach(() => {
  closeChannelWorkers();
  for (const port of callbackPorts.splice(0)) port.close();
});

describe('CPU pool message order', { timeout: 60_000 }, () => {
  it('ends with the exact totals when the return value arrives before the last progress report', async () => {
    // Every stream run on its own and added up: what the run must end with, however it arrives.
    const expected = streamSums({ ...settings, runSeed: 9 });
    let late = 0;
    const sent: Promise<void>[] = [];
    const run = runWith(() =>
      inThreadWorker((reports, send) => {
        late += reports.length;
        // The return value goes now; the progress reports follow it, in order, 50 ms later.
        sent.push(
          new Promise((resolve) =>
            setTimeout(() => {
              for (const report of reports) send(report);
              resolve();
            }, 50),
          ),
        );
      }),
    );
    const end = await endOf(run, async () => {
      while (sent.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all(sent);
    });
    expect(late).toBeGreaterThan(0);
    expect(end).not.toBe('hung');
    const final = end as RunSnapshot;
    expect(final.status).toBe('done');
    expect(final.trials).toBe(settings.trials);
    expect(totalsOf(final)).toEqual(expected);
  });

  it('ends with the exact totals whatever order its workers’ reports reach the pool in, duplicates included', async () => {
    const layout = { ...settings, trials: 6 * 4096 + 321, runSeed: 9 };
    const expected = streamSums(layout);
    let runsWithLateProgress = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.boolean()),
        async (s, workers, twice) => {
          const delivery = scheduledDelivery(s, twice);
          try {
            const trialCounts: number[] = [];
            const run = startCpuRun({
              settings: { ...settings, trials: layout.trials },
              seed: 9,
              workers,
              createWorker: delivery.createWorker,
              onUpdate: (snapshot) => trialCounts.push(snapshot.trials),
              updateIntervalMs: 0,
              // No proof of life asked: every message on a worker's port is then `run`'s return.
              silenceLimitMs: Infinity,
            });
            const end = await endUnder(s, run.finished);
            if (delivery.lateProgress() > 0) runsWithLateProgress++;
            expect(end).not.toBe('hung');
            const final = end as RunSnapshot;
            expect(final.status).toBe('done');
            expect(totalsOf(final)).toEqual(expected);
            expect(trialCounts).toEqual([...trialCounts].sort((a, b) => a - b));
          } finally {
            delivery.restore();
          }
        },
      ),
      { numRuns: 40 },
    );
    // The order this test is about: a progress report reaching the pool after its worker's return.
    expect(runsWithLateProgress).toBeGreaterThan(0);
  });
});
