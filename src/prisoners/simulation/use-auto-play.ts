import { useCallback, useEffect } from 'react';
import { stepDelayMs } from '../engine/constants.ts';
import { useGameClient } from './game-client.ts';
import { usePrisonerStore } from '../store.ts';

export interface AutoPlay {
  start(): void;
  reset(): void;
  /** Finishes the run at once, with the outcome watching it would have had. */
  skip(): void;
}

/**
 * Connects the store to the game worker: Start hands the arrangement (and any relabelling) to
 * the worker, its batches flow back into the store, speed changes reach the running worker, and
 * leaving automatic play (reset, failure confirmed, new seed) terminates the worker.
 */
export function useAutoPlay(): AutoPlay {
  const client = useGameClient();

  const start = useCallback(() => {
    usePrisonerStore.getState().startAuto();
    const { slips, labels, game, speed } = usePrisonerStore.getState();
    client.play({
      slips,
      labels,
      firstPrisoner: game.prisoner,
      delayMs: stepDelayMs(speed),
      onBatch: (boxes) => usePrisonerStore.getState().applyBatch(boxes),
      onFailure: (message) => usePrisonerStore.getState().workerFailed(message),
    });
  }, [client]);

  const reset = useCallback(() => {
    client.cancel();
    usePrisonerStore.getState().reset();
  }, [client]);

  const skip = useCallback(() => {
    client.cancel();
    usePrisonerStore.getState().skipToResult();
  }, [client]);

  useEffect(
    () =>
      usePrisonerStore.subscribe((state, previous) => {
        if (state.speed !== previous.speed) client.setDelay(stepDelayMs(state.speed));
        if (state.mode !== 'auto' && client.running) client.cancel();
      }),
    [client],
  );

  return { start, reset, skip };
}
