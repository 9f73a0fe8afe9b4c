import { autoPlay, type PlayOutcome } from '../engine/auto-play.ts';
import { GUESS_LIMIT } from '../engine/constants.ts';
import type { GameStrategy, Play } from '../engine/game.ts';
import { createRng, type StateSeed } from '../engine/rng.ts';

/** How the prisoners of a run choose their boxes, beyond the specification's game. */
export interface PlayOptions {
  /** Boxes each prisoner may open. */
  guesses?: number;
  strategy?: GameStrategy;
  /** Random strategy: the state of the run's generator where the first prisoner starts. */
  generator?: StateSeed;
  /** Without a pause, the fewest boxes a batch holds. */
  minBatch?: number;
}

/**
 * What the game worker exposes: automatic play of the engine, with real sleeps between openings.
 * `prepareBatch` lets the worker entry mark batches as transferable.
 */
export function createGameWorkerApi(prepareBatch: (boxes: Int32Array) => Int32Array = (b) => b) {
  let delay = 0;
  let minBatch = 1;
  return {
    /** Runs automatic play, handing each batch of openings to `onBatch`. */
    play(
      slips: Int32Array,
      firstPrisoner: number,
      delayMs: number,
      onBatch: (boxes: Int32Array) => Promise<unknown> | unknown,
      labels: Int32Array | null = null,
      options: PlayOptions = {},
    ): Promise<PlayOutcome> {
      delay = delayMs;
      minBatch = options.minBatch ?? 1;
      const play: Play =
        options.strategy === 'random'
          ? { strategy: 'random', rng: createRng(options.generator ?? 0) }
          : { strategy: 'cycle', labels };
      return autoPlay(
        slips,
        firstPrisoner,
        {
          emit: (boxes) => onBatch(prepareBatch(boxes)),
          delayMs: () => delay,
          minBatch: () => minBatch,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        },
        play,
        options.guesses ?? GUESS_LIMIT,
      );
    },
    /** Changes the pause between openings of the run in progress. */
    setDelay(delayMs: number): void {
      delay = delayMs;
    },
    /** Changes the fewest boxes a pause-free batch of the run in progress holds. */
    setMinBatch(boxes: number): void {
      minBatch = boxes;
    },
  };
}
