// @vitest-environment node
// The order in which a lab worker's messages reach the pool: progress reports travel on the
// callback's own channel and the return value on the worker's port, so either may come first.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createNodeLabWorker } from '../../../scripts/node-workers.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { exposeWorkerApi } from '../expose-worker-api.ts';
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
  const { port1, port2 } = new MessageChannel();
  const api: LabWorkerApi = {
    run(job, onProgress) {
      const reports: Parameters<typeof onProgress>[0][] = [];
      const final = labWorkerApi.run(job, (report) => reports.push(report));
      deliver(reports, onProgress);
      return final;
    },
  };
  exposeWorkerApi(api, port2 as never);
  return Object.assign(port1 as never as WorkerPort, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  });
}

function runWith(createWorker: () => WorkerPort): Promise<LabRunSnapshot> {
  return startLabRun({
    settings,
    seed: 9,
    workers: 2,
    createWorker,
    onUpdate: () => {},
    updateIntervalMs: 10,
  }).finished;
}

/** The run's end, or 'hung' when it has not ended this long after the last message was sent. */
async function endOf(run: Promise<LabRunSnapshot>, lastSent: () => Promise<void>) {
  await lastSent();
  const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 1000));
  return Promise.race([run, hung]);
}

describe('lab pool message order', () => {
  it('ends with the exact totals when the return value arrives before the last progress report', async () => {
    const whole = await runWith(createNodeLabWorker);
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
    expect(final.successes).toBe(whole.successes);
    expect(Array.from(final.longestCycle)).toEqual(Array.from(whole.longestCycle));
    expect(Array.from(final.freed)).toEqual(Array.from(whole.freed));
  });
});
