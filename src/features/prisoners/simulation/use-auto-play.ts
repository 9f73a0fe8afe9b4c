import { useCallback, useEffect } from 'react';
import { boxesPerFrame, stepDelayMs } from '../engine/constants.ts';
import { useGameClient } from './game-client.ts';
import { playOptions, usePrisonerStore } from './game-store.ts';

export interface AutoPlay {
  start(): void;
  reset(): void;
  /** Finishes the game at once, with the outcome watching it would have had. */
  skip(): void;
  pause(): void;
  resume(): void;
  /** While paused: opens exactly one box. */
  step(): void;
}

/**
 * Connects the store to the game worker. Every new value of the store's `run` (Start, Resume, a
 * retry, the next game of a series) hands the board as it stands to a new worker run; its batches
 * flow back into the store; speed changes reach the running worker; pausing or leaving automatic
 * play (reset, failure confirmed, new game) terminates the worker, and whatever it had still
 * under way is dropped, so the store's game is the only truth and a new run goes on from it.
 * Skip to the result with the random strategy plays the rest of the game in a worker too.
 */
export function useAutoPlay(): AutoPlay {
  const client = useGameClient();

  const launch = useCallback(() => {
    const state = usePrisonerStore.getState();
    const { slips, labels, game, speed } = state;
    client.play({
      slips,
      labels,
      firstPrisoner: game.prisoner,
      delayMs: stepDelayMs(speed),
      options: playOptions(state),
      onBatch: (boxes) => usePrisonerStore.getState().applyBatch(boxes),
      onFailure: (message) => usePrisonerStore.getState().workerFailed(message),
    });
  }, [client]);

  const start = useCallback(() => usePrisonerStore.getState().startAuto(), []);

  const reset = useCallback(() => {
    client.cancel();
    usePrisonerStore.getState().reset();
  }, [client]);

  const skip = useCallback(() => {
    client.cancel();
    const state = usePrisonerStore.getState();
    if (state.board.strategy === 'cycle') {
      state.skipToResult();
      return;
    }
    if (state.mode !== 'auto') return;
    client.finish({
      slips: state.slips,
      labels: state.labels,
      firstPrisoner: state.game.prisoner,
      options: playOptions(state),
      onEnd: (end) => usePrisonerStore.getState().finishWith(end),
      onFailure: (message) => usePrisonerStore.getState().workerFailed(message),
    });
  }, [client]);

  const pause = useCallback(() => usePrisonerStore.getState().pause(), []);
  const resume = useCallback(() => usePrisonerStore.getState().resume(), []);
  const step = useCallback(() => usePrisonerStore.getState().step(), []);

  useEffect(
    () =>
      usePrisonerStore.subscribe((state, previous) => {
        if (state.speed !== previous.speed) {
          client.setDelay(stepDelayMs(state.speed));
          client.setMinBatch(boxesPerFrame(state.speed));
        }
        if ((state.mode !== 'auto' || state.paused) && client.running) client.cancel();
        else if (state.run !== previous.run && state.mode === 'auto' && !state.paused) launch();
      }),
    [client, launch],
  );

  return { start, reset, skip, pause, resume, step };
}
