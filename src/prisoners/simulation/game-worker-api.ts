import { autoPlay, type PlayOutcome } from '../engine/auto-play.ts';

/**
 * What the game worker exposes: automatic play of the engine, with real sleeps between openings.
 * `prepareBatch` lets the worker entry mark batches as transferable.
 */
export function createGameWorkerApi(prepareBatch: (boxes: Int32Array) => Int32Array = (b) => b) {
  let delay = 0;
  return {
    /** Runs automatic play, handing each batch of openings to `onBatch`. */
    play(
      slips: Int32Array,
      firstPrisoner: number,
      delayMs: number,
      onBatch: (boxes: Int32Array) => Promise<unknown> | unknown,
      labels: Int32Array | null = null,
    ): Promise<PlayOutcome> {
      delay = delayMs;
      return autoPlay(
        slips,
        firstPrisoner,
        {
          emit: (boxes) => onBatch(prepareBatch(boxes)),
          delayMs: () => delay,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        },
        labels,
      );
    },
    /** Changes the pause between openings of the run in progress. */
    setDelay(delayMs: number): void {
      delay = delayMs;
    },
  };
}
