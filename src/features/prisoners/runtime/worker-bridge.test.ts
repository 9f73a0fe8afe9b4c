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

  it('reports a worker whose script did not load, before it said anything', async () => {
    const worker = channelWorker(adder);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({
      start: () => worker.port,
      name: 'Worker 4',
      onFailure,
    });
    const call = outcomeOf(bridge.api.add(1, 2));
    // A module worker whose script fails to load fires a plain error event, with no message.
    worker.port.dispatchEvent(new Event('error', { cancelable: true }));
    await flushMessages();
    expect(onFailure.mock.calls).toEqual([
      ['Worker 4 could not be started: its script did not load.'],
    ]);
    expect(call()).toEqual({ rejected: 'Worker 4 was stopped before it answered.' });
  });

  it('reports a message that cannot be read', async () => {
    const { worker, onFailure } = await startedAdder('The adder');
    worker.port.dispatchEvent(new Event('messageerror'));
    expect(onFailure.mock.calls).toEqual([['The adder sent a message that could not be read.']]);
  });

  it('reports a worker that falls silent and does not answer', async () => {
    vi.useFakeTimers(clockOnly);
    // Nothing is exposed on the far side: the worker took the message and never answers.
    const worker = channelWorker(null);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({
      start: () => worker.port,
      name: 'The adder',
      silenceMs: 40,
      answerMs: 40,
      onFailure,
    });
    const call = outcomeOf(bridge.api.add(1, 2));
    // Silent for 40 ms, then 40 ms without an answer: reported between 80 and 90 ms.
    await runClock(79);
    expect(onFailure).not.toHaveBeenCalled();
    await runClock(11);
    expect(onFailure.mock.calls).toEqual([['The adder stopped responding.']]);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(call()).toEqual({ rejected: 'The adder was stopped before it answered.' });
  });

  it('keeps a quiet worker that answers its proof of life', async () => {
    vi.useFakeTimers(clockOnly);
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
    const call = outcomeOf(bridge.api.wait(300));
    await runClock(299);
    expect(call()).toBe('pending');
    await runClock(2);
    expect(call()).toEqual({ resolved: 300 });
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });

  it('counts calls of its callbacks as signs of life', async () => {
    vi.useFakeTimers(clockOnly);
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
    const call = outcomeOf(bridge.api.run(bridge.callback(async () => ticks())));
    await runClock(200);
    expect(call()).toEqual({ resolved: 'done' });
    expect(ticks).toHaveBeenCalledTimes(10);
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });

  it('counts a callback heard while a proof of life goes unanswered', async () => {
    vi.useFakeTimers(clockOnly);
    // Busy in a long run, a worker answers no proof of life, yet its progress reports come through.
    const busy = {
      run: async (tick: () => Promise<void>) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tick();
        await new Promise((resolve) => setTimeout(resolve, 45));
        return 'done';
      },
    };
    const channel = new MessageChannel();
    opened.push(channel);
    expose({ api: busy, alive: () => new Promise<never>(() => {}) }, channel.port2);
    const port = Object.assign(channel.port1, { terminate: () => channel.port1.close() });
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof busy>({
      start: () => port as unknown as WorkerPort,
      name: 'The busy worker',
      silenceMs: 40,
      answerMs: 40,
      onFailure,
    });
    // Asked at 40 ms, unanswered at 80 ms, but its callback came at 50 ms: alive.
    const call = outcomeOf(bridge.api.run(bridge.callback(async () => {})));
    await runClock(100);
    expect(call()).toEqual({ resolved: 'done' });
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });

  it('asks a quiet worker for a proof of life once per silence, at its own pace', async () => {
    vi.useFakeTimers(clockOnly);
    const started = Date.now();
    const asked: number[] = [];
    // The proof of life takes 25 ms to come back; nothing else is ever heard from this worker.
    const worker = channelWorker(null);
    expose(
      {
        api: { never: () => new Promise<void>(() => {}) },
        alive: () => {
          asked.push(Date.now() - started);
          return new Promise((resolve) => setTimeout(resolve, 25, true));
        },
      },
      worker.channel.port2,
    );
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<{ never(): Promise<void> }>({
      start: () => worker.port,
      name: 'The quiet one',
      silenceMs: 80,
      answerMs: 100,
      onFailure,
    });
    void bridge.api.never().catch(() => {});
    // Checked every 80 / 4 = 20 ms: asked at 80 (answered at 105), and again once 80 ms have
    // passed since that answer, at the next check (200); never twice while a question is open.
    await runClock(220);
    expect(asked).toEqual([80, 200]);
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });

  it('counts only a callback heard after the question, not one in the same millisecond', async () => {
    vi.useFakeTimers(clockOnly);
    // The callback comes at 40 ms, the moment the silence limit is reached and the question is
    // asked: it may have been sent before the question, so it proves nothing.
    const busy = {
      run: async (tick: () => Promise<void>) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await tick();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'done';
      },
    };
    const worker = channelWorker(null);
    expose({ api: busy, alive: () => new Promise<never>(() => {}) }, worker.channel.port2);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof busy>({
      start: () => worker.port,
      name: 'The busy worker',
      silenceMs: 40,
      answerMs: 40,
      onFailure,
    });
    const call = outcomeOf(bridge.api.run(bridge.callback(async () => {})));
    await runClock(81);
    expect(onFailure.mock.calls).toEqual([['The busy worker stopped responding.']]);
    expect(call()).toEqual({ rejected: 'The busy worker was stopped before it answered.' });
  });

  it('takes a proof of life that fails (no such method) as no answer', async () => {
    vi.useFakeTimers(clockOnly);
    const worker = channelWorker(null);
    // Only the API is exposed: asking for a proof of life fails at once.
    expose({ api: { never: () => new Promise<void>(() => {}) } }, worker.channel.port2);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<{ never(): Promise<void> }>({
      start: () => worker.port,
      name: 'Worker 5',
      silenceMs: 40,
      answerMs: 400,
      onFailure,
    });
    void bridge.api.never().catch(() => {});
    await runClock(60);
    expect(onFailure.mock.calls).toEqual([['Worker 5 stopped responding.']]);
  });

  it('never questions silence without a silence limit', async () => {
    vi.useFakeTimers(clockOnly);
    const worker = channelWorker(null);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({
      start: () => worker.port,
      name: 'The adder',
      onFailure,
    });
    const call = outcomeOf(bridge.api.add(1, 2));
    await flushMessages();
    await vi.advanceTimersByTimeAsync(10_000);
    await flushMessages();
    expect(onFailure).not.toHaveBeenCalled();
    expect(call()).toBe('pending');
    expect(bridge.started).toBe(true);
    bridge.terminate();
  });

  it('ignores a proof of life that times out after the worker was terminated', async () => {
    vi.useFakeTimers(clockOnly);
    const worker = channelWorker(null);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({
      start: () => worker.port,
      name: 'The adder',
      silenceMs: 40,
      answerMs: 40,
      onFailure,
    });
    void bridge.api.add(1, 2).catch(() => {});
    // Asked at 40 ms; terminated while the question is open; its time runs out at 80 ms.
    await runClock(50);
    bridge.terminate();
    await runClock(50);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('is quiet about a crash when nobody listens for failures', async () => {
    const worker = channelWorker(adder);
    const bridge = createWorkerBridge<typeof adder>({ start: () => worker.port, name: 'Worker 6' });
    await bridge.api.add(1, 2);
    const crash = Object.assign(new Event('error', { cancelable: true }), { message: 'boom' });
    worker.port.dispatchEvent(crash);
    await flushMessages();
    expect(crash.defaultPrevented).toBe(true);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(bridge.started).toBe(false);
  });

  it('terminates nothing before it has started, and runs a callback with no worker running', () => {
    const start = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({ start, name: 'The adder' });
    const handler = vi.fn((a: number, b: number) => a * b);
    const callback = bridge.callback(handler);
    bridge.terminate();
    expect(callback(6, 7)).toBe(42);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(start).not.toHaveBeenCalled();
    expect(bridge.started).toBe(false);
  });

  it('rejects a call whose arguments cannot be read, and answers the next', async () => {
    const worker = channelWorker(adder);
    const bridge = createWorkerBridge<typeof adder>({ start: () => worker.port, name: 'Adder' });
    // Comlink reads an argument as it sends it: this one throws when read.
    const unreadable = new Proxy(
      {},
      {
        get() {
          throw new Error('This argument cannot be read.');
        },
      },
    );
    const call = outcomeOf(bridge.api.add(unreadable as never, 1));
    await flushMessages();
    expect(call()).toEqual({ rejected: 'This argument cannot be read.' });
    await expect(bridge.api.add(2, 3)).resolves.toBe(5);
  });

  describe('settles the calls Comlink leaves waiting on a stopped worker', () => {
    const sleeper = { never: () => new Promise<void>(() => {}), add: adder.add };

    it('rejects a call pending when the worker is terminated', async () => {
      const worker = channelWorker(sleeper);
      const bridge = createWorkerBridge<typeof sleeper>({
        start: () => worker.port,
        name: 'Worker 3',
      });
      const call = outcomeOf(bridge.api.never());
      await expect(bridge.api.add(1, 1)).resolves.toBe(2);
      expect(call()).toBe('pending');
      bridge.terminate();
      await flushMessages();
      expect(call()).toEqual({ rejected: 'Worker 3 was stopped before it answered.' });
    });

    it('rejects a call pending when the worker crashes, after reporting the crash', async () => {
      const worker = channelWorker(sleeper);
      const events: string[] = [];
      const bridge = createWorkerBridge<typeof sleeper>({
        start: () => worker.port,
        name: 'Worker 1',
        onFailure: (message) => events.push(message),
      });
      bridge.api.never().catch((error: Error) => events.push(`${error.name}: ${error.message}`));
      await bridge.api.add(1, 2);
      worker.port.dispatchEvent(new Event('error'));
      await flushMessages();
      expect(events).toEqual([
        'Worker 1 crashed.',
        'WorkerStoppedError: Worker 1 was stopped before it answered.',
      ]);
    });

    it('rejects at once a call on the API of a worker already stopped', async () => {
      const worker = channelWorker(sleeper);
      const bridge = createWorkerBridge<typeof sleeper>({
        start: () => worker.port,
        name: 'Worker 2',
      });
      const { api } = bridge;
      bridge.terminate();
      const call = outcomeOf(api.add(1, 2));
      await flushMessages();
      expect(call()).toEqual({ rejected: 'Worker 2 was stopped before it answered.' });
      // Through the bridge itself, the next use starts a fresh worker instead.
      expect(bridge.started).toBe(false);
    });

    it('does not make the API itself look like a promise', async () => {
      const worker = channelWorker(adder);
      const bridge = createWorkerBridge<typeof adder>({
        start: () => worker.port,
        name: 'The adder',
      });
      expect(await Promise.resolve(bridge.api)).toBe(bridge.api);
      // Nor iterable, nor anything else a symbol asks for.
      expect((bridge.api as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
      expect(
        (bridge.api as unknown as Record<symbol, unknown>)[Symbol.toPrimitive],
      ).toBeUndefined();
      await expect(bridge.api.add(2, 2)).resolves.toBe(4);
    });
  });
});

describe('worker bridge calls with an AbortSignal', () => {
  const sleeper = { never: () => new Promise<void>(() => {}), add: adder.add };
  const abortedWith = (name: string) => ({
    rejected: `AbortError: ${name}: the call was aborted.`,
  });

  /** Like `outcomeOf`, naming the error: an abort is told apart from a stopped worker. */
  function namedOutcomeOf(promise: Promise<unknown>): () => Outcome {
    let outcome: Outcome = 'pending';
    promise.then(
      (value) => (outcome = { resolved: value }),
      (error: Error) => (outcome = { rejected: `${error.name}: ${error.message}` }),
    );
    return () => outcome;
  }

  it('sends nothing and starts no worker for a signal that fired before the call', async () => {
    const worker = channelWorker(sleeper);
    const start = vi.fn(() => worker.port);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof sleeper>({ start, name: 'Worker 7', onFailure });
    const signal = AbortSignal.abort();
    const call = namedOutcomeOf(bridge.withSignal(signal).add(1, 2));
    await flushMessages();
    expect(call()).toEqual({ rejected: 'AbortError: The call was aborted.' });
    expect(start).not.toHaveBeenCalled();
    expect(bridge.started).toBe(false);
    // A running worker is left alone too.
    await expect(bridge.api.add(2, 2)).resolves.toBe(4);
    await expect(bridge.withSignal(signal).add(3, 3)).rejects.toThrow('The call was aborted.');
    expect(worker.terminate).not.toHaveBeenCalled();
    expect(bridge.started).toBe(true);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('terminates the worker when the signal fires during the call, settling every call on it', async () => {
    const first = channelWorker(sleeper);
    const second = channelWorker(sleeper);
    const start = vi.fn().mockReturnValueOnce(first.port).mockReturnValueOnce(second.port);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof sleeper>({ start, name: 'Worker 8', onFailure });
    const controller = new AbortController();
    const aborted = namedOutcomeOf(bridge.withSignal(controller.signal).never());
    const other = namedOutcomeOf(bridge.api.never());
    await expect(bridge.api.add(1, 1)).resolves.toBe(2);
    expect([aborted(), other()]).toEqual(['pending', 'pending']);
    controller.abort();
    expect(first.terminate).toHaveBeenCalledTimes(1);
    expect(bridge.started).toBe(false);
    await flushMessages();
    expect(aborted()).toEqual(abortedWith('Worker 8'));
    expect(other()).toEqual({
      rejected: 'WorkerStoppedError: Worker 8 was stopped before it answered.',
    });
    // Not a failure; the next use starts a fresh worker, and firing again stops nothing more.
    expect(onFailure).not.toHaveBeenCalled();
    await expect(bridge.api.add(20, 22)).resolves.toBe(42);
    controller.abort();
    expect(second.terminate).not.toHaveBeenCalled();
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the signal fires after the call settled', async () => {
    const worker = channelWorker(sleeper);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof sleeper>({
      start: () => worker.port,
      name: 'Worker 9',
      onFailure,
    });
    const controller = new AbortController();
    await expect(bridge.withSignal(controller.signal).add(2, 5)).resolves.toBe(7);
    const later = namedOutcomeOf(bridge.api.never());
    controller.abort();
    await flushMessages();
    expect(worker.terminate).not.toHaveBeenCalled();
    expect(bridge.started).toBe(true);
    expect(later()).toBe('pending');
    await expect(bridge.api.add(1, 2)).resolves.toBe(3);
    expect(onFailure).not.toHaveBeenCalled();
    bridge.terminate();
  });

  it('leaves a call that its worker’s crash settled to the crash, not to a later abort', async () => {
    const worker = channelWorker(sleeper);
    const events: string[] = [];
    const bridge = createWorkerBridge<typeof sleeper>({
      start: () => worker.port,
      name: 'Worker 10',
      onFailure: (message) => events.push(message),
    });
    const controller = new AbortController();
    const call = namedOutcomeOf(bridge.withSignal(controller.signal).never());
    await bridge.api.add(1, 2);
    worker.port.dispatchEvent(new Event('error'));
    controller.abort();
    await flushMessages();
    expect(events).toEqual(['Worker 10 crashed.']);
    expect(call()).toEqual({
      rejected: 'WorkerStoppedError: Worker 10 was stopped before it answered.',
    });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('is quiet about a silent worker whose call was aborted: the abort came first', async () => {
    vi.useFakeTimers(clockOnly);
    const worker = channelWorker(null);
    const onFailure = vi.fn();
    const bridge = createWorkerBridge<typeof adder>({
      start: () => worker.port,
      name: 'Worker 11',
      silenceMs: 40,
      answerMs: 40,
      onFailure,
    });
    const controller = new AbortController();
    const call = namedOutcomeOf(bridge.withSignal(controller.signal).add(1, 2));
    await runClock(50);
    controller.abort();
    await runClock(100);
    expect(onFailure).not.toHaveBeenCalled();
    expect(call()).toEqual(abortedWith('Worker 11'));
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });
});

/**
 * Fake timers for the clock only: messages between the two ports stay real, so a stalled event
 * loop never advances the bridge's clock and no silence limit can be reached by accident.
 */
const clockOnly = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
} satisfies Parameters<typeof vi.useFakeTimers>[0];
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the messages already posted between the two ports arrive and be answered. */
async function flushMessages(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Advances the fake clock `ms` milliseconds, one at a time, letting messages through each. */
async function runClock(ms: number): Promise<void> {
  for (let t = 0; t < ms; t++) {
    await flushMessages();
    await vi.advanceTimersByTimeAsync(1);
  }
  await flushMessages();
}

type Outcome = 'pending' | { resolved: unknown } | { rejected: string };
/** Follows a promise without awaiting it: returns how it has settled so far. */
function outcomeOf(promise: Promise<unknown>): () => Outcome {
  let outcome: Outcome = 'pending';
  promise.then(
    (value) => (outcome = { resolved: value }),
    (error: Error) => (outcome = { rejected: error.message }),
  );
  return () => outcome;
}
