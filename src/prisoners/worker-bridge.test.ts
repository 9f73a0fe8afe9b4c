// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { exposeWorkerApi } from './expose-worker-api.ts';
import { createWorkerBridge, type WorkerPort } from './worker-bridge.ts';

/** A worker without the thread: `api` exposed on the far side of a MessageChannel. */
function channelWorker(api: object | null) {
  const channel = new MessageChannel();
  if (api) exposeWorkerApi(api, channel.port2);
  const port = channel.port1 as unknown as WorkerPort & EventTarget;
  const terminate = vi.fn(() => {
    channel.port1.close();
    channel.port2.close();
  });
  port.terminate = terminate;
  opened.push(channel);
  return { port, terminate, channel };
}
const opened: MessageChannel[] = [];
afterEach(() => {
  for (const channel of opened.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

const adder = { add: (a: number, b: number) => a + b };

/** A bridge to the adder that has answered one call, with a spy for its failure reports. */
async function startedAdder(name: string) {
  const worker = channelWorker(adder);
  const onFailure = vi.fn();
  const bridge = createWorkerBridge<typeof adder>({ start: () => worker.port, name, onFailure });
  await bridge.api.add(1, 2);
  return { worker, onFailure, bridge };
}

describe('worker bridge', () => {
  it('starts the worker on first use and talks to its typed API', async () => {
    const worker = channelWorker(adder);
    const start = vi.fn(() => worker.port);
    const bridge = createWorkerBridge<typeof adder>({ start, name: 'The adder' });
    expect(start).not.toHaveBeenCalled();
    expect(bridge.started).toBe(false);
    await expect(bridge.api.add(2, 3)).resolves.toBe(5);
    await expect(bridge.api.add(4, 5)).resolves.toBe(9);
    expect(start).toHaveBeenCalledTimes(1);
    expect(bridge.started).toBe(true);
  });

  it('terminates on cancel, and starts a fresh worker on the next use', async () => {
    const first = channelWorker(adder);
    const second = channelWorker(adder);
    const start = vi.fn().mockReturnValueOnce(first.port).mockReturnValueOnce(second.port);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({ start, name: 'The adder', onFailure });
    await bridge.api.add(1, 1);
    bridge.terminate();
    expect(first.terminate).toHaveBeenCalledTimes(1);
    expect(bridge.started).toBe(false);
    await expect(bridge.api.add(20, 22)).resolves.toBe(42);
    expect(start).toHaveBeenCalledTimes(2);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('reports a crash once, by name, and terminates the worker', async () => {
    const { worker, onFailure, bridge } = await startedAdder('Worker 2');
    const crash = Object.assign(new Event('error', { cancelable: true }), { message: 'boom' });
    worker.port.dispatchEvent(crash);
    worker.port.dispatchEvent(new Event('messageerror'));
    expect(onFailure.mock.calls).toEqual([['Worker 2 crashed: boom']]);
    expect(crash.defaultPrevented).toBe(true);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(bridge.started).toBe(false);
  });

  it('reports a message that cannot be read', async () => {
    const { worker, onFailure } = await startedAdder('The adder');
    worker.port.dispatchEvent(new Event('messageerror'));
    expect(onFailure.mock.calls).toEqual([['The adder sent a message that could not be read.']]);
  });

  it('reports a worker that falls silent and does not answer', async () => {
    // Nothing is exposed on the far side: the worker took the message and never answers.
    const worker = channelWorker(null);
    const failed = new Promise<string>((resolve) => {
      const bridge = createWorkerBridge<typeof adder>({
        start: () => worker.port,
        name: 'The adder',
        silenceMs: 40,
        answerMs: 40,
        onFailure: resolve,
      });
      void bridge.api.add(1, 2);
    });
    await expect(failed).resolves.toBe('The adder stopped responding.');
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('keeps a quiet worker that answers its proof of life', async () => {
    const slow = { wait: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms, ms)) };
    const worker = channelWorker(slow);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof slow>({
      start: () => worker.port,
      name: 'The sleeper',
      silenceMs: 30,
      answerMs: 100,
      onFailure,
    });
    await expect(bridge.api.wait(300)).resolves.toBe(300);
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });

  it('counts calls of its callbacks as signs of life', async () => {
    const ticker = {
      run: async (tick: () => Promise<void>) => {
        for (let i = 0; i < 10; i++) {
          await tick();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'done';
      },
    };
    // No proof of life on this side: only the progress calls show that it works.
    const channel = new MessageChannel();
    opened.push(channel);
    expose({ api: ticker }, channel.port2);
    const port = Object.assign(channel.port1, { terminate: () => channel.port1.close() });
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof ticker>({
      start: () => port as unknown as WorkerPort,
      name: 'The ticker',
      silenceMs: 60,
      answerMs: 20,
      onFailure,
    });
    const ticks = vi.fn();
    await expect(bridge.api.run(bridge.callback(async () => ticks()))).resolves.toBe('done');
    expect(ticks).toHaveBeenCalledTimes(10);
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });
});
