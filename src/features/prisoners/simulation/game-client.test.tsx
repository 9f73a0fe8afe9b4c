import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { expose } from 'comlink';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { cycleStructure } from '../engine/cycles.ts';
import { randomArrangement } from '../engine/permutation.ts';
import { createRng } from '../engine/rng.ts';
import { exposeWorkerApi } from '../runtime/expose-worker-api.ts';
import type { WorkerPort } from '../runtime/worker-bridge.ts';
import { createGameClient, useGameClient, type GameClient } from './game-client.ts';
import { createGameWorkerApi } from './game-worker-api.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** `api` on the far side of a MessageChannel: a worker without the thread. */
function channelWorker(api: object, exposeAs: 'worker' | 'bare' = 'worker') {
  const channel = new MessageChannel();
  channels.push(channel);
  if (exposeAs === 'worker') exposeWorkerApi(api, channel.port2);
  else expose({ api }, channel.port2);
  const terminate = vi.fn(() => {
    channel.port1.close();
    channel.port2.close();
  });
  const port = Object.assign(channel.port1, { terminate }) as unknown as WorkerPort;
  return { port, terminate };
}

const frameOptions = {
  requestFrame: (callback: () => void) => setTimeout(callback, 1) as unknown as number,
};
const slips = randomArrangement(PRISONER_COUNT, createRng(119));

/** The boxes each prisoner opens by following the slips, until one fails: the expected batches. */
function expectedWalks(): number[][] {
  const walks: number[][] = [];
  for (let prisoner = 0; prisoner < PRISONER_COUNT; prisoner++) {
    const walk = [prisoner];
    while (slips[walk.at(-1)!] !== prisoner && walk.length < GUESS_LIMIT) {
      walk.push(slips[walk.at(-1)!]!);
    }
    walks.push(walk);
    if (slips[walk.at(-1)!] !== prisoner) break;
  }
  return walks;
}

describe('game client', () => {
  it('starts its worker only for a run, streams every opening, and frees the worker after', async () => {
    const worker = channelWorker(createGameWorkerApi());
    const createWorker = vi.fn(() => worker.port);
    const client = createGameClient({ createWorker, ...frameOptions });
    expect(createWorker).not.toHaveBeenCalled();
    const batches: number[][] = [];
    client.play({
      slips,
      labels: null,
      firstPrisoner: 0,
      delayMs: 0,
      onBatch: (boxes) => batches.push(Array.from(boxes)),
      onFailure: (message) => batches.push([-1, message.length]),
    });
    expect(client.running).toBe(true);
    await vi.waitFor(() => expect(worker.terminate).toHaveBeenCalledTimes(1));
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(client.running).toBe(false);
    // Without a pause, each prisoner's whole walk is one batch, up to the first failure.
    expect(batches).toEqual(expectedWalks());
    // Seed 119 deals one cycle of 54 boxes whose lowest box is 7: prisoners 1 to 7 go free first.
    expect(batches).toHaveLength(8);
    expect(cycleStructure(slips).cycles[0]!.boxes.length).toBe(54);
  });

  it('asked to play again, ends the run in progress and delivers only the new one', async () => {
    const workers = [channelWorker(createGameWorkerApi()), channelWorker(createGameWorkerApi())];
    const createWorker = vi.fn(() => workers[createWorker.mock.calls.length - 1]!.port);
    const client = createGameClient({ createWorker, ...frameOptions });
    const first = vi.fn();
    const failures = vi.fn();
    const request = { slips, labels: null, firstPrisoner: 0, onFailure: failures };
    client.play({ ...request, delayMs: 50, onBatch: first });
    await vi.waitFor(() => expect(first).toHaveBeenCalled());

    const second: number[][] = [];
    client.play({ ...request, delayMs: 0, onBatch: (boxes) => second.push(Array.from(boxes)) });
    expect(workers[0]!.terminate).toHaveBeenCalledTimes(1);
    const firstSeen = first.mock.calls.length;
    expect(client.running).toBe(true);
    await vi.waitFor(() => expect(workers[1]!.terminate).toHaveBeenCalledTimes(1));
    expect(createWorker).toHaveBeenCalledTimes(2);
    expect(client.running).toBe(false);
    // The new run plays from the start; the old one is silent from the moment it was replaced.
    expect(second).toEqual(expectedWalks());
    expect(first).toHaveBeenCalledTimes(firstSeen);
    expect(failures).not.toHaveBeenCalled();
  });

  /** A client whose spare's own task runs when the test says (`later`), over `count` workers. */
  function clientWithSpares(count: number) {
    const workers = Array.from({ length: count }, () => channelWorker(createGameWorkerApi()));
    const createWorker = vi.fn(() => workers[createWorker.mock.calls.length - 1]!.port);
    const later: (() => void)[] = [];
    const client = createGameClient({
      createWorker,
      ...frameOptions,
      spare: { later: (start) => later.push(start) },
    });
    return { workers, createWorker, later, client };
  }

  it('keeps a started worker for the next run, started in a task of its own, and stops it when disposed', async () => {
    const { workers, createWorker, later, client } = clientWithSpares(3);
    const failures = vi.fn();
    const request = { slips, labels: null, firstPrisoner: 0, delayMs: 0, onFailure: failures };
    const first: number[][] = [];
    client.play({ ...request, onBatch: (boxes) => first.push(Array.from(boxes)) });
    // The run's own worker; the spare waits for its task.
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(later).toHaveLength(1);
    later.shift()!();
    expect(createWorker).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(workers[0]!.terminate).toHaveBeenCalledTimes(1));
    expect(first).toEqual(expectedWalks());

    // The next run starts no worker: it takes the spare, and a new spare is asked for.
    const second: number[][] = [];
    client.play({ ...request, onBatch: (boxes) => second.push(Array.from(boxes)) });
    expect(createWorker).toHaveBeenCalledTimes(2);
    expect(later).toHaveLength(1);
    await vi.waitFor(() => expect(workers[1]!.terminate).toHaveBeenCalledTimes(1));
    expect(second).toEqual(expectedWalks());
    later.shift()!();
    expect(createWorker).toHaveBeenCalledTimes(3);
    expect(workers[2]!.terminate).not.toHaveBeenCalled();
    client.dispose();
    expect(workers[2]!.terminate).toHaveBeenCalledTimes(1);
    expect(failures).not.toHaveBeenCalled();
  });

  it('starts the spare worker before the first run when asked, and the first run takes it', async () => {
    const { workers, createWorker, later, client } = clientWithSpares(2);
    client.prepare();
    client.prepare();
    // Asked for once, and started only in its own task.
    expect(later).toHaveLength(1);
    expect(createWorker).not.toHaveBeenCalled();
    later.shift()!();
    expect(createWorker).toHaveBeenCalledTimes(1);
    const batches: number[][] = [];
    const failures = vi.fn();
    client.play({
      slips,
      labels: null,
      firstPrisoner: 0,
      delayMs: 0,
      onFailure: failures,
      onBatch: (boxes) => batches.push(Array.from(boxes)),
    });
    // The run took the spare: no worker was started for it, and the next spare is asked for.
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(later).toHaveLength(1);
    await vi.waitFor(() => expect(workers[0]!.terminate).toHaveBeenCalledTimes(1));
    expect(batches).toEqual(expectedWalks());
    expect(failures).not.toHaveBeenCalled();
    client.dispose();
  });

  it('drops a spare worker that fails before a run takes it, and starts the run on a new one', async () => {
    const broken = channelWorker({}, 'bare');
    const healthy = channelWorker(createGameWorkerApi());
    const ports = [healthy.port, broken.port, channelWorker(createGameWorkerApi()).port];
    const createWorker = vi.fn(() => ports[createWorker.mock.calls.length - 1]!);
    const later: (() => void)[] = [];
    const client = createGameClient({
      createWorker,
      ...frameOptions,
      silenceMs: 40,
      spare: { later: (start) => later.push(start) },
    });
    const failures = vi.fn();
    const request = { slips, labels: null, firstPrisoner: 0, delayMs: 0, onFailure: failures };
    client.play({ ...request, onBatch: () => {} });
    later.shift()!();
    // The spare answers no sign of life: it is stopped, and nobody is told. It is asked after
    // 40 ms of silence and given the bridge's 1 s to answer: longer than waitFor's own default.
    await vi.waitFor(() => expect(broken.terminate).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await vi.waitFor(() => expect(healthy.terminate).toHaveBeenCalledTimes(1));
    const batches: number[][] = [];
    client.play({ ...request, onBatch: (boxes) => batches.push(Array.from(boxes)) });
    expect(createWorker).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(batches).toEqual(expectedWalks()));
    expect(failures).not.toHaveBeenCalled();
    client.dispose();
  });

  it('cancels the run and terminates the worker when the component unmounts', async () => {
    const worker = channelWorker(createGameWorkerApi());
    let client: GameClient | undefined;
    function Probe() {
      client = useGameClient({ createWorker: () => worker.port, ...frameOptions });
      return null;
    }
    const view = render(<Probe />);
    const onBatch = vi.fn();
    client?.play({
      slips,
      labels: null,
      firstPrisoner: 0,
      delayMs: 50,
      onBatch,
      onFailure: vi.fn(),
    });
    await vi.waitFor(() => expect(onBatch).toHaveBeenCalled());
    view.unmount();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(client?.running).toBe(false);
    const seen = onBatch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onBatch).toHaveBeenCalledTimes(seen);
  });

  it('reports a worker that stops answering', async () => {
    // A worker stuck in a loop: it took the run and answers nothing, not even a proof of life.
    const never = () => new Promise<never>(() => {});
    const worker = channelWorker({ play: never, setDelay: () => {} }, 'bare');
    const client = createGameClient({
      createWorker: () => worker.port,
      silenceMs: 20,
      ...frameOptions,
    });
    const failure = new Promise<string>((resolve) =>
      client.play({
        slips,
        labels: null,
        firstPrisoner: 0,
        delayMs: 10,
        onBatch: vi.fn(),
        onFailure: resolve,
      }),
    );
    await expect(failure).resolves.toBe('The simulation worker stopped responding.');
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(client.running).toBe(false);
  });

  it('reports a worker whose run throws', async () => {
    const worker = channelWorker({
      play: () => Promise.reject(new Error('out of memory')),
      setDelay: () => {},
    });
    const client = createGameClient({ createWorker: () => worker.port, ...frameOptions });
    const failure = new Promise<string>((resolve) =>
      client.play({
        slips,
        labels: null,
        firstPrisoner: 0,
        delayMs: 0,
        onBatch: vi.fn(),
        onFailure: resolve,
      }),
    );
    await expect(failure).resolves.toBe('The simulation worker failed: out of memory');
    expect(client.running).toBe(false);
  });

  // Message order (docs/message-order.md, "The game worker"): batches come on a callback's own
  // port, so one can be on its way when the run is cancelled or replaced.
  it('drops a batch already queued when the run is cancelled', async () => {
    const worker = channelWorker(createGameWorkerApi());
    const frames: (() => void)[] = [];
    const client = createGameClient({
      createWorker: () => worker.port,
      requestFrame: (callback) => frames.push(callback),
      cancelFrame: () => {},
    });
    const onBatch = vi.fn();
    const onFailure = vi.fn();
    client.play({ slips, labels: null, firstPrisoner: 0, delayMs: 0, onBatch, onFailure });
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    client.cancel();
    for (const frame of frames.splice(0)) frame();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onBatch).not.toHaveBeenCalled();
    expect(onFailure).not.toHaveBeenCalled();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('lets nothing of a replaced run reach the new one', async () => {
    const first = channelWorker(createGameWorkerApi());
    const second = channelWorker(createGameWorkerApi());
    const createWorker = vi.fn().mockReturnValueOnce(first.port).mockReturnValueOnce(second.port);
    const client = createGameClient({ createWorker, ...frameOptions });
    const old = { onBatch: vi.fn(), onFailure: vi.fn() };
    client.play({ slips, labels: null, firstPrisoner: 0, delayMs: 0, ...old });
    const batches: number[][] = [];
    const onFailure = vi.fn();
    client.play({
      slips,
      labels: null,
      firstPrisoner: 0,
      delayMs: 0,
      onBatch: (boxes) => batches.push(Array.from(boxes)),
      onFailure,
    });
    await vi.waitFor(() => expect(second.terminate).toHaveBeenCalledTimes(1));
    expect(batches).toEqual(expectedWalks());
    expect([old.onBatch.mock.calls.length, old.onFailure.mock.calls.length]).toEqual([0, 0]);
    expect(onFailure).not.toHaveBeenCalled();
    expect(first.terminate).toHaveBeenCalledTimes(1);
  });
});
