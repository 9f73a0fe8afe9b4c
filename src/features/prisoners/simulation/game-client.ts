import { useEffect, useState } from 'react';
import type { Api } from './game.worker.ts';
import {
  createWorkerBridge,
  type WorkerBridge,
  type WorkerPort,
} from '../runtime/worker-bridge.ts';
import type { GameEnd, PlayOptions } from './game-worker-api.ts';
import type { IdleTask } from './idle-task.ts';

export interface GameClientOptions {
  /** Starts a game worker; tests hand in one of their own. */
  createWorker?: () => WorkerPort;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
  /** Silence after which the worker must prove it is alive. */
  silenceMs?: number;
  /**
   * Keeps a started worker ready for the next run, started in a task of its own (`later`) once a
   * run has taken the last one: a game of a series then starts without starting a worker, whose
   * cost would otherwise fall in the task that deals the next game.
   */
  spare?: IdleTask;
}

export interface PlayRequest {
  slips: Int32Array;
  /** The prisoners' secret names for the boxes, if they read the boxes through them. */
  labels: Int32Array | null;
  firstPrisoner: number;
  delayMs: number;
  /** Called with at most one batch of openings per animation frame. */
  onBatch(boxes: Int32Array): void;
  /** The worker crashed, failed or stopped answering; automatic play has stopped. */
  onFailure(message: string): void;
  /** Guesses, strategy, the random player's generator, the boxes opened so far, batch size. */
  options?: PlayOptions;
}

export interface FinishRequest {
  slips: Int32Array;
  labels: Int32Array | null;
  firstPrisoner: number;
  options?: PlayOptions;
  /** Where the game ended. */
  onEnd(end: GameEnd): void;
  onFailure(message: string): void;
}

export interface GameClient {
  play(request: PlayRequest): void;
  /** Plays the game to its end at once in a worker (the run in progress is cancelled first). */
  finish(request: FinishRequest): void;
  setDelay(delayMs: number): void;
  setMinBatch(boxes: number): void;
  /** Stops the run in progress by terminating its worker. */
  cancel(): void;
  /**
   * Starts the spare worker ahead of the first run (in the task `spare.later` gives it), so
   * that the visitor's first Start does not pay for starting a worker.
   */
  prepare(): void;
  /** Cancels the run in progress and stops the spare worker: the client is no longer used. */
  dispose(): void;
  readonly running: boolean;
}

function startGameWorker(): WorkerPort {
  return new Worker(new URL('./game.worker.ts', import.meta.url), {
    type: 'module',
    name: 'prisoner-game',
  });
}

interface Run {
  bridge: WorkerBridge<Api>;
  stop(): void;
}

/**
 * Owns the game worker: one worker per automatic run, terminated when the run ends, is
 * cancelled or the page goes away. Batches are applied one per animation frame, and the worker
 * waits for each to be applied, so it never runs ahead of the screen. The run is the only
 * staleness token: after `cancel` (or a new `play`) none of its batches or failures is delivered.
 */
export function createGameClient(options: GameClientOptions = {}): GameClient {
  const start = options.createWorker ?? startGameWorker;
  const requestFrame = options.requestFrame ?? ((callback) => requestAnimationFrame(callback));
  const cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
  let current: Run | null = null;
  let disposed = false;

  /**
   * A bridge whose failures go to whoever holds it then: nobody while it waits as the spare (a
   * spare that fails is dropped), the run once a run takes it.
   */
  function newBridge() {
    let onFailure: (message: string) => void = () => {};
    const bridge = createWorkerBridge<Api>({
      start,
      silenceMs: options.silenceMs ?? 2000,
      onFailure: (message) => onFailure(message),
      name: 'The simulation worker',
    });
    return { bridge, reportTo: (handler: (message: string) => void) => (onFailure = handler) };
  }

  let spare: ReturnType<typeof newBridge> | null = null;
  let spareWanted = false;
  function keepSpare() {
    if (!options.spare || spareWanted || spare) return;
    spareWanted = true;
    options.spare.later(() => {
      spareWanted = false;
      if (disposed || spare) return;
      const made = newBridge();
      made.reportTo(() => {
        if (spare === made) spare = null;
      });
      // Reading the API starts the worker.
      void made.bridge.api;
      spare = made;
    });
  }

  function cancel() {
    current?.stop();
    current = null;
  }

  /** A new run with its own worker; once stopped, nothing of it reaches the caller. */
  function begin(onFailure: (message: string) => void) {
    cancel();
    let stopped = false;
    const stops: (() => void)[] = [];
    const taken = spare?.bridge.started ? spare : newBridge();
    spare = null;
    keepSpare();
    const { bridge } = taken;
    taken.reportTo((message) => {
      stop();
      onFailure(message);
    });
    const stop = () => {
      stopped = true;
      bridge.terminate();
      for (const more of stops) more();
    };
    /** The call failed: report it, unless the run was stopped meanwhile. */
    const failed = (error: unknown) => {
      if (stopped) return;
      stop();
      onFailure(
        `The simulation worker failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    };
    current = { bridge, stop };
    return {
      bridge,
      isStopped: () => stopped,
      onStop: (more: () => void) => stops.push(more),
      failed,
    };
  }

  return {
    play(request) {
      const run = begin(request.onFailure);
      const queue: { boxes: Int32Array; applied: () => void }[] = [];
      let frame = 0;
      run.onStop(() => {
        queue.length = 0;
        if (frame) cancelFrame(frame);
        frame = 0;
      });
      const drain = () => {
        frame = 0;
        const next = queue.shift();
        if (next) {
          request.onBatch(next.boxes);
          next.applied();
        }
        if (queue.length > 0) frame = requestFrame(drain);
      };
      const onBatch = run.bridge.callback(
        (boxes: Int32Array) =>
          new Promise<void>((applied) => {
            if (run.isStopped()) return;
            queue.push({ boxes, applied });
            if (!frame) frame = requestFrame(drain);
          }),
      );
      run.bridge.api
        .play(
          request.slips,
          request.firstPrisoner,
          request.delayMs,
          onBatch,
          request.labels,
          request.options ?? {},
        )
        .then(
          // The run is over: free the worker.
          () => run.bridge.terminate(),
          run.failed,
        );
    },
    finish(request) {
      const run = begin(request.onFailure);
      run.bridge.api
        .finish(request.slips, request.firstPrisoner, request.labels, request.options ?? {})
        .then((end) => {
          run.bridge.terminate();
          if (!run.isStopped()) request.onEnd(end);
        }, run.failed);
    },
    setDelay(delayMs) {
      if (!current?.bridge.started) return;
      current.bridge.api.setDelay(delayMs).catch(() => {
        // A worker that died is reported through onFailure.
      });
    },
    setMinBatch(boxes) {
      if (!current?.bridge.started) return;
      current.bridge.api.setMinBatch(boxes).catch(() => {
        // A worker that died is reported through onFailure.
      });
    },
    cancel,
    prepare: keepSpare,
    dispose() {
      disposed = true;
      cancel();
      spare?.bridge.terminate();
      spare = null;
    },
    get running() {
      return current?.bridge.started ?? false;
    },
  };
}

/** A game client that lives as long as the component, terminating its worker on unmount. */
export function useGameClient(options?: GameClientOptions): GameClient {
  const [client] = useState(() => createGameClient(options));
  useEffect(() => {
    client.prepare();
    return () => client.dispose();
  }, [client]);
  return client;
}
