import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { expose } from 'comlink';
import { createGameApi } from './engine/auto-play.ts';
import {
  createGameClient,
  useGameClient,
  type GameClient,
  type GameWorker,
} from './game-client.ts';
import { randomArrangement } from './engine/permutation.ts';
import { createRng } from './engine/rng.ts';
import { BOX_COUNT } from './engine/constants.ts';

/** The real game api on the far side of a MessageChannel: a worker without the thread. */
function channelWorker() {
  const channel = new MessageChannel();
  expose(createGameApi(), channel.port2);
  const worker = channel.port1 as unknown as GameWorker;
  const terminate = vi.fn(() => {
    channel.port1.close();
    channel.port2.close();
  });
  worker.terminate = terminate;
  return { worker, terminate };
}

const frames = { requestFrame: (cb: () => void) => setTimeout(cb, 1) as unknown as number };
const slips = () => randomArrangement(BOX_COUNT, createRng(99));

describe('game client', () => {
  it('creates its worker only when a run starts and streams batches to the end', async () => {
    const { worker, terminate } = channelWorker();
    const createWorker = vi.fn(() => worker);
    const client = createGameClient({ createWorker, ...frames });
    expect(createWorker).not.toHaveBeenCalled();
    const batches: number[][] = [];
    const outcome = await new Promise((resolve, reject) =>
      client.play({
        slips: slips(),
        firstPrisoner: 0,
        delayMs: 0,
        onBatch: (boxes) => batches.push(Array.from(boxes)),
        onOutcome: resolve,
        onFailure: reject,
      }),
    );
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(batches.length).toBeGreaterThan(0);
    expect(outcome).toHaveProperty('kind');
    expect(terminate).toHaveBeenCalled(); // a finished run frees its worker
  });

  it('cancels the run and terminates the worker when the component unmounts', async () => {
    const { worker, terminate } = channelWorker();
    let client: GameClient | undefined;
    function Probe() {
      client = useGameClient({ createWorker: () => worker, ...frames });
      return null;
    }
    const view = render(<Probe />);
    const onBatch = vi.fn();
    const onOutcome = vi.fn();
    client?.play({
      slips: slips(),
      firstPrisoner: 0,
      delayMs: 50,
      onBatch,
      onOutcome,
      onFailure: vi.fn(),
    });
    await vi.waitFor(() => expect(onBatch).toHaveBeenCalled());
    view.unmount();
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(client?.running).toBe(false);
    const seen = onBatch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onBatch).toHaveBeenCalledTimes(seen);
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it('reports a worker that stops answering', async () => {
    // A worker stuck in a loop: it took the run and answers nothing, not even a ping.
    const channel = new MessageChannel();
    const never = () => new Promise<never>(() => {});
    expose({ play: never, ping: never, setDelay: () => {} }, channel.port2);
    const worker = channel.port1 as unknown as GameWorker;
    const terminate = vi.fn();
    worker.terminate = terminate;
    const client = createGameClient({ createWorker: () => worker, watchdogMs: 20, ...frames });
    const failure = new Promise<string>((resolve) =>
      client.play({
        slips: slips(),
        firstPrisoner: 0,
        delayMs: 10,
        onBatch: vi.fn(),
        onFailure: resolve,
      }),
    );
    await expect(failure).resolves.toMatch(/stopped/);
    expect(terminate).toHaveBeenCalled();
    expect(client.running).toBe(false);
    channel.port1.close();
  });

  it('reports a worker whose run throws', async () => {
    const channel = new MessageChannel();
    expose(
      {
        play: () => Promise.reject(new Error('out of memory')),
        ping: () => true,
        setDelay: () => {},
      },
      channel.port2,
    );
    const worker = channel.port1 as unknown as GameWorker;
    worker.terminate = () => channel.port1.close();
    const client = createGameClient({ createWorker: () => worker, ...frames });
    const failure = new Promise<string>((resolve) =>
      client.play({
        slips: slips(),
        firstPrisoner: 0,
        delayMs: 0,
        onBatch: vi.fn(),
        onFailure: resolve,
      }),
    );
    await expect(failure).resolves.toMatch(/out of memory/);
  });
});
