import { useEffect, useState } from 'react';
import type { Api } from '../../../workers/game-worker.ts';
import { createWorkerBridge, type WorkerBridge, type WorkerPort } from '../worker-bridge.ts';

export interface GameClientOptions {
  /** Starts a game worker; tests hand in one of their own. */
  createWorker?: () => WorkerPort;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
  /** Silence after which the worker must prove it is alive. */
  silenceMs?: number;
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
}

export interface GameClient {
  play(request: PlayRequest): void;
  setDelay(delayMs: number): void;
  /** Stops the run in progress by terminating its worker. */
  cancel(): void;
  readonly running: boolean;
}

function startGameWorker(): WorkerPort {
  return new Worker(new URL('../../../workers/game-worker.ts', import.meta.url), {
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

  function cancel() {
    current?.stop();
    current = null;
  }

  return {
    play(request) {
      cancel();
      const queue: { boxes: Int32Array; applied: () => void }[] = [];
      let frame = 0;
      // Once stopped, nothing of this run reaches the caller, even a message already under way.
      let stopped = false;
      const bridge = createWorkerBridge<Api>({
        start,
        silenceMs: options.silenceMs ?? 2000,
        onFailure: (message) => {
          stop();
          request.onFailure(message);
        },
        name: 'The simulation worker',
      });
      const stop = () => {
        stopped = true;
        bridge.terminate();
        queue.length = 0;
        if (frame) cancelFrame(frame);
        frame = 0;
      };
      const drain = () => {
        frame = 0;
        const next = queue.shift();
        if (next) {
          request.onBatch(next.boxes);
          next.applied();
        }
        if (queue.length > 0) frame = requestFrame(drain);
      };
      const onBatch = bridge.callback(
        (boxes: Int32Array) =>
          new Promise<void>((applied) => {
            if (stopped) return;
            queue.push({ boxes, applied });
            if (!frame) frame = requestFrame(drain);
          }),
      );
      current = { bridge, stop };
      bridge.api
        .play(request.slips, request.firstPrisoner, request.delayMs, onBatch, request.labels)
        .then(
          // The run is over: free the worker.
          () => bridge.terminate(),
          (error: unknown) => {
            if (stopped) return;
            stop();
            request.onFailure(
              `The simulation worker failed: ${error instanceof Error ? error.message : String(error)}`,
            );
          },
        );
    },
    setDelay(delayMs) {
      if (!current?.bridge.started) return;
      current.bridge.api.setDelay(delayMs).catch(() => {
        // A worker that died is reported through onFailure.
      });
    },
    cancel,
    get running() {
      return current?.bridge.started ?? false;
    },
  };
}

/** A game client that lives as long as the component, terminating its worker on unmount. */
export function useGameClient(options?: GameClientOptions): GameClient {
  const [client] = useState(() => createGameClient(options));
  useEffect(() => () => client.cancel(), [client]);
  return client;
}
