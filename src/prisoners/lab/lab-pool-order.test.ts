// @vitest-environment node
// The order in which a lab worker's messages reach the pool: progress reports travel on the
// callback's own channel and the return value on the worker's port, so either may come first.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { channelWorker, closeChannelWorkers } from '../../testing/channel-worker.ts';
import { streamSums, totalsOf } from '../../testing/stream-sums.ts';
import { runWorkerJob, type StreamsReport } from '../engine/lab-run.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import type { WorkerPort } from '../worker-bridge.ts';
import { startLabRun, type LabRunSnapshot } from './lab-pool.ts';
import { labWorkerApi, type LabWorkerApi } from './lab-worker-api.ts';

const settings: LabSettings = {
  n: 100,
  k: 50,
  trials: 1_200_000,
  strategy: 'cycle',
  method: 'literal',
  seed: 9,
};

/**
 * A lab worker on this thread around the real worker API, whose delivery the test decides:
 * `deliver` gets the reports the API sent while it ran, and the return value.
 */
function inThreadWorker(
  deliver: (
    reports: Parameters<Parameters<LabWorkerApi['run']>[1]>[0][],
    send: (report: Parameters<Parameters<LabWorkerApi['run']>[1]>[0]) => void,
  ) => void,
): WorkerPort {
  const api: LabWorkerApi = {
    run(job, onProgress) {
      const reports: Parameters<typeof onProgress>[0][] = [];
      const final = labWorkerApi.run(job, (report) => reports.push(report));
      deliver(reports, onProgress);
      return final;
    },
    calibrate: labWorkerApi.calibrate,
  };
  return channelWorker(api);
}

function runWith(createWorker: () => WorkerPort): Promise<LabRunSnapshot> {
  return startLabRun({
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
async function endOf(run: Promise<LabRunSnapshot>, lastSent: () => Promise<void>) {
  await lastSent();
  const outcome: { end: LabRunSnapshot | 'hung' } = { end: 'hung' };
  void run.then((final) => (outcome.end = final));
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  return outcome.end;
}

afterEach(closeChannelWorkers);

describe('lab pool message order', { timeout: 60_000 }, () => {
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
    const final = end as LabRunSnapshot;
    expect(final.status).toBe('done');
    expect(final.trials).toBe(settings.trials);
    expect(totalsOf(final)).toEqual(expected);
  });

  it('ends with the exact totals whatever order its workers’ reports arrive in, duplicates included', async () => {
    const layout = { ...settings, trials: 6 * 4096 + 321, runSeed: 9 };
    const expected = streamSums(layout);
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.boolean()),
        async (s, workers, twice) => {
          // Each worker runs its real job, a report after every stream, and hands every report
          // (some of them twice) and its return value to the scheduler, which picks the order.
          const createWorker = () =>
            channelWorker({
              run(job: Parameters<LabWorkerApi['run']>[0], onProgress: (r: StreamsReport) => void) {
                let clock = 0;
                const reports: StreamsReport[] = [];
                const last = runWorkerJob(
                  job,
                  (r) => reports.push(r),
                  () => (clock += 1000),
                );
                for (const report of reports) {
                  const copies = twice.next().value ? 2 : 1;
                  for (let i = 0; i < copies; i++) {
                    void s.schedule(Promise.resolve(structuredClone(report))).then(onProgress);
                  }
                }
                return s.schedule(Promise.resolve(last));
              },
            });
          const trialCounts: number[] = [];
          const run = startLabRun({
            settings: { ...settings, trials: layout.trials },
            seed: 9,
            workers,
            createWorker,
            onUpdate: (snapshot) => trialCounts.push(snapshot.trials),
            updateIntervalMs: 0,
          });
          const final = await s.waitFor(run.finished);
          expect(final.status).toBe('done');
          expect(totalsOf(final)).toEqual(expected);
          expect(trialCounts).toEqual([...trialCounts].sort((a, b) => a - b));
        },
      ),
      { numRuns: 40 },
    );
  });
});
