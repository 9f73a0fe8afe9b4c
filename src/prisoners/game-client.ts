import { useEffect, useState } from 'react';
import { proxy, wrap, type Remote } from 'comlink';
import type { Api } from '../../workers/game-worker.ts';
import type { PlayOutcome } from './engine/auto-play.ts';

/** The part of a Worker the client uses (a MessagePort with `terminate` in tests). */
export interface GameWorker {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  terminate(): void;
}

export interface GameClientOptions {
  createWorker?: () => GameWorker;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
  /** Silence after which the worker is asked whether it is still alive. */
  watchdogMs?: number;
  /** Publishes the live worker as `window.__prisonerWorker`, so a test can kill it. */
  exposeWorker?: boolean;
}

export interface PlayRequest {
  slips: Int32Array;
  firstPrisoner: number;
  delayMs: number;
  /** Called with at most one batch of openings per animation frame. */
  onBatch(boxes: Int32Array): void;
  onOutcome?(outcome: PlayOutcome): void;
  /** The worker threw, was terminated or stopped answering. */
  onFailure(message: string): void;
}

export interface GameClient {
  play(request: PlayRequest): void;
  setDelay(delayMs: number): void;
  /** Stops the run in progress by terminating its worker. */
  cancel(): void;
  /** Same as cancel; the client may still start a new worker later. */
  dispose(): void;
  readonly running: boolean;
}

declare global {
  interface Window {
    __prisonerWorker?: GameWorker;
  }
}

const PING_TIMEOUT_MS = 1000;

function createGameWorker(): GameWorker {
  return new Worker(new URL('../../workers/game-worker.ts', import.meta.url), {
    type: 'module',
    name: 'prisoner-game',
  });
}

/**
 * The only owner of the game worker. The worker is created lazily for a run and terminated
 * when the run ends, is cancelled, or the page goes away. Batches are queued and applied one
 * per animation frame; the worker waits for each to be applied, so it never runs ahead.
 */
export function createGameClient(options: GameClientOptions = {}): GameClient {
  const createWorker = options.createWorker ?? createGameWorker;
  const requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
  const watchdogMs = options.watchdogMs ?? 2000;

  let worker: GameWorker | null = null;
  let remote: Remote<Api> | null = null;
  let request: PlayRequest | null = null;
  let generation = 0;
  let delayMs = 0;
  let frame = 0;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const queue: { boxes: Int32Array; applied: () => void }[] = [];

  const onWorkerError = (event: Event) => {
    event.preventDefault?.();
    fail(generation, 'The simulation worker crashed.');
  };

  function teardown() {
    generation++;
    queue.length = 0;
    if (frame) cancelFrame(frame);
    frame = 0;
    clearTimeout(watchdog);
    if (worker) {
      worker.removeEventListener('error', onWorkerError);
      worker.terminate();
      if (options.exposeWorker && window.__prisonerWorker === worker) {
        delete window.__prisonerWorker;
      }
    }
    worker = null;
    remote = null;
    request = null;
  }

  function fail(run: number, message: string) {
    if (run !== generation || !request) return;
    const failed = request;
    teardown();
    failed.onFailure(message);
  }

  function drain() {
    frame = 0;
    const next = queue.shift();
    if (next && request) {
      request.onBatch(next.boxes);
      next.applied();
      armWatchdog(generation);
    }
    if (queue.length > 0) frame = requestFrame(drain);
  }

  function armWatchdog(run: number) {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      if (run !== generation || !remote) return;
      const timedOut = new Promise<false>((resolve) =>
        setTimeout(() => resolve(false), PING_TIMEOUT_MS),
      );
      Promise.race([remote.ping(), timedOut]).then(
        (alive) => (alive ? armWatchdog(run) : fail(run, 'The simulation worker stopped.')),
        () => fail(run, 'The simulation worker stopped.'),
      );
    }, delayMs + watchdogMs);
  }

  return {
    play(next) {
      teardown();
      const run = generation;
      request = next;
      delayMs = next.delayMs;
      worker = createWorker();
      worker.addEventListener('error', onWorkerError);
      if (options.exposeWorker) window.__prisonerWorker = worker;
      remote = wrap<Api>(worker);
      const onBatch = proxy(
        (boxes: Int32Array) =>
          new Promise<void>((applied) => {
            if (run !== generation) return;
            queue.push({ boxes, applied });
            if (!frame) frame = requestFrame(drain);
          }),
      );
      armWatchdog(run);
      remote.play(next.slips, next.firstPrisoner, next.delayMs, onBatch).then(
        (outcome) => {
          if (run !== generation) return;
          const finished = request;
          teardown();
          finished?.onOutcome?.(outcome);
        },
        (error: unknown) =>
          fail(
            run,
            `The simulation worker failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    },
    setDelay(next) {
      delayMs = next;
      remote?.setDelay(next).catch(() => {
        // A dead worker is reported by the watchdog.
      });
    },
    cancel: teardown,
    dispose: teardown,
    get running() {
      return request !== null;
    },
  };
}

/** A game client that lives as long as the component, terminating its worker on unmount. */
export function useGameClient(options?: GameClientOptions): GameClient {
  const [client] = useState(() => createGameClient(options));
  useEffect(() => () => client.dispose(), [client]);
  return client;
}
