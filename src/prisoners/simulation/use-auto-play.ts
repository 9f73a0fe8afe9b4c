import { useCallback, useEffect } from 'react';
import { stepDelayMs } from '../engine/constants.ts';
import { useGameClient } from './game-client.ts';
import { usePrisonerStore } from '../store.ts';

/**
 * Connects the store to the game worker: Start hands the arrangement to the worker, its batches
 * flow back into the store, speed changes reach the running worker, and leaving automatic play
 * (reset, failure confirmed, new seed) terminates the worker.
 */
export function useAutoPlay(): { start(): void; reset(): void } {
  const client = useGameClient();

  const start = useCallback(() => {
    usePrisonerStore.getState().startAuto();
    const { slips, game, speed } = usePrisonerStore.getState();
    client.play({
      slips,
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

  useEffect(
    () =>
      usePrisonerStore.subscribe((state, previous) => {
        if (state.speed !== previous.speed) client.setDelay(stepDelayMs(state.speed));
        if (state.mode !== 'auto' && client.running) client.cancel();
      }),
    [client],
  );

  return { start, reset };
}
