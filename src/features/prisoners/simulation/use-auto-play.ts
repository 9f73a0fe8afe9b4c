import { useCallback, useEffect } from 'react';
import { boxesPerFrame, stepDelayMs } from '../engine/constants.ts';
import { useGameClient } from './game-client.ts';
import { WHEN_IDLE, type IdleTask } from './idle-task.ts';
import { usePrisonerStore } from './game-store.ts';
import { playOptions } from './game-state.ts';
import { useViewSettings } from './view-settings.ts';

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

/** The game worker failed: automatic play stops, and the page says why. */
const workerFailed = (message: string) => usePrisonerStore.getState().workerFailed(message);

/**
 * Connects the game store to the game worker. Every new value of the store's `run` (Start, Resume, a
 * retry, the next game of a series) hands the board as it stands to a new worker run; its batches
 * flow back into the store; speed changes reach the running worker; pausing or leaving automatic
 * play (reset, failure confirmed, new game) terminates the worker, and whatever it had still
 * under way is dropped, so the store's game is the only truth and a new run goes on from it.
 * Skip to the result with the random strategy plays the rest of the game in a worker too. Work
 * that a Reset or the next game of a series would otherwise do in the visitor's task is done
 * when the page is idle (`idle`): the spare worker is started, the next deals are made.
 */
export function useAutoPlay(idle: IdleTask = WHEN_IDLE): AutoPlay {
  const client = useGameClient({ spare: idle });

  const launch = useCallback(() => {
    const state = usePrisonerStore.getState();
    const { slips, labels, game } = state;
    const { speed } = useViewSettings.getState();
    client.play({
      slips,
      labels,
      firstPrisoner: game.prisoner,
      delayMs: stepDelayMs(speed),
      options: playOptions(state, speed),
      onBatch: (boxes) => usePrisonerStore.getState().applyBatch(boxes),
      onFailure: workerFailed,
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
      options: playOptions(state, useViewSettings.getState().speed),
      onEnd: (end) => usePrisonerStore.getState().finishWith(end),
      onFailure: workerFailed,
    });
  }, [client]);

  const pause = useCallback(() => usePrisonerStore.getState().pause(), []);
  const resume = useCallback(() => usePrisonerStore.getState().resume(), []);
  const step = useCallback(() => usePrisonerStore.getState().step(), []);

  useEffect(
    () =>
      usePrisonerStore.subscribe((state, previous) => {
        if ((state.mode !== 'auto' || state.paused) && client.running) client.cancel();
        else if (state.run !== previous.run && state.mode === 'auto' && !state.paused) launch();
      }),
    [client, launch],
  );

  // The next deals are made ahead once the page is idle after the game changed.
  useEffect(() => {
    let asked = false;
    const prepare = () => {
      if (asked) return;
      asked = true;
      idle.later(() => {
        asked = false;
        usePrisonerStore.getState().prepareDeals();
      });
    };
    prepare();
    return usePrisonerStore.subscribe(prepare);
  }, [idle]);

  useEffect(
    () =>
      useViewSettings.subscribe(({ speed }, previous) => {
        if (speed === previous.speed) return;
        client.setDelay(stepDelayMs(speed));
        client.setMinBatch(boxesPerFrame(speed));
      }),
    [client],
  );

  return { start, reset, skip, pause, resume, step };
}
