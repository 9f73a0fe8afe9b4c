// @vitest-environment node
// The WebGL probe's worker through the worker bridge: its answer, or the page's own when the
// worker fails to start, stays silent or answers too late; the worker never outlives the probe.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  channelWorker,
  closeChannelWorkers,
  interceptedEndpoint,
} from '../../../testing/channel-worker.ts';
import type { WorkerPort } from '../runtime/worker-bridge.ts';
import { probeWebgl, type WebglSupport } from './webgl-support.ts';

afterEach(closeChannelWorkers);

/** Probe workers made by `make`, each counted as it starts and as it is terminated. */
function countedWorkers(make: () => WorkerPort) {
  const counts = { started: 0, terminated: 0 };
  const startWorker = () => {
    counts.started++;
    const port = make();
    return {
      postMessage: port.postMessage.bind(port),
      addEventListener: port.addEventListener.bind(port),
      removeEventListener: port.removeEventListener.bind(port),
      terminate: () => {
        counts.terminated++;
        port.terminate();
      },
    };
  };
  return { counts, startWorker };
}

/** The page's own probe: it answers differently from every worker here, so the tests tell them apart. */
const pageSays = () => vi.fn((): WebglSupport => 'software-webgl');

describe('probeWebgl', () => {
  it("takes the worker's answer, then terminates the worker", async () => {
    const { counts, startWorker } = countedWorkers(() =>
      channelWorker({ describeWebgl: () => 'webgl' }),
    );
    const probeOnPage = pageSays();
    expect(await probeWebgl({ startWorker, probeOnPage })).toEqual({
      support: 'webgl',
      inWorkers: true,
    });
    expect(counts).toEqual({ started: 1, terminated: 1 });
    expect(probeOnPage).not.toHaveBeenCalled();
  });

  it('asks the page where the worker has no WebGL, or where no worker can have it', async () => {
    const { counts, startWorker } = countedWorkers(() =>
      channelWorker({ describeWebgl: () => 'unavailable' }),
    );
    expect(await probeWebgl({ startWorker, probeOnPage: pageSays() })).toEqual({
      support: 'software-webgl',
      inWorkers: false,
    });
    expect(counts).toEqual({ started: 1, terminated: 1 });
    expect(await probeWebgl({ startWorker: null, probeOnPage: pageSays() })).toEqual({
      support: 'software-webgl',
      inWorkers: false,
    });
  });

  it('asks the page when the worker fails to start (its script does not load)', async () => {
    const { counts, startWorker } = countedWorkers(() => {
      const port = channelWorker(null);
      // A worker whose script fails to load fires a bare `error` event and nothing else.
      setTimeout(() => (port as unknown as EventTarget).dispatchEvent(new Event('error')), 0);
      return port;
    });
    const probeOnPage = pageSays();
    // Silence is never questioned here: only the failure to start can end the wait.
    expect(await probeWebgl({ startWorker, probeOnPage, silenceMs: Infinity })).toEqual({
      support: 'software-webgl',
      inWorkers: false,
    });
    expect(counts).toEqual({ started: 1, terminated: 1 });
    expect(probeOnPage).toHaveBeenCalledTimes(1);
  });

  it('asks the page when the worker never answers, once its silence is given up', async () => {
    const { counts, startWorker } = countedWorkers(() => channelWorker(null));
    const probeOnPage = pageSays();
    const probe = await probeWebgl({ startWorker, probeOnPage, silenceMs: 40, answerMs: 40 });
    expect(probe).toEqual({ support: 'software-webgl', inWorkers: false });
    expect(counts).toEqual({ started: 1, terminated: 1 });
    expect(probeOnPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the page’s answer when the worker’s comes after the probe gave up on it', async () => {
    // Everything the worker sends (its answer, its proof of life) is held until the test lets
    // it through, after the probe has settled.
    const held: (() => void)[] = [];
    const { counts, startWorker } = countedWorkers(() => {
      const port = channelWorker({ describeWebgl: () => 'webgl' });
      return {
        ...interceptedEndpoint(port, (event, deliver) => held.push(() => deliver(event))),
        terminate: () => port.terminate(),
      };
    });
    const probeOnPage = pageSays();
    const probe = await probeWebgl({ startWorker, probeOnPage, silenceMs: 40, answerMs: 40 });
    expect(probe).toEqual({ support: 'software-webgl', inWorkers: false });
    expect(counts).toEqual({ started: 1, terminated: 1 });
    // The answer was sent, and arrives now: nothing is started, asked or thrown again.
    expect(held.length).toBeGreaterThan(0);
    for (const deliver of held.splice(0)) deliver();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toEqual({ started: 1, terminated: 1 });
    expect(probeOnPage).toHaveBeenCalledTimes(1);
  });
});
