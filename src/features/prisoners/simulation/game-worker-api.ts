import { autoPlay, walkedState, type PlayOutcome } from '../engine/auto-play.ts';
import { GUESS_LIMIT } from '../engine/constants.ts';
import { playOn, type GameStatus, type Play } from '../engine/game.ts';
import { createRng, stateSeed, type Rng, type StateSeed } from '../engine/rng.ts';
import type { GameStrategy } from '../engine/types.ts';

/** How the prisoners of a run choose their boxes, beyond the specification's game. */
export interface PlayOptions {
  /** Boxes each prisoner may open. */
  guesses?: number;
  strategy?: GameStrategy;
  /** Random strategy: the state of the run's generator where the first prisoner starts. */
  generator?: StateSeed;
  /** Without a pause, the fewest boxes a batch holds. */
  minBatch?: number;
  /** The boxes the first prisoner has opened already, in order: a paused game goes on. */
  opened?: Int32Array;
}

/** Where a game played to its end at once ended, and the random player's generator after it. */
export interface GameEnd {
  prisoner: number;
  /** The boxes the last prisoner opened, in order. */
  opened: Int32Array;
  status: GameStatus;
  /** Random strategy: the generator after the last draw; null following the slips. */
  generator: StateSeed | null;
}

function playOf(labels: Int32Array | null, options: PlayOptions): { play: Play; rng: Rng | null } {
  if (options.strategy !== 'random') return { play: { strategy: 'cycle', labels }, rng: null };
  const rng = createRng(options.generator ?? 0);
  return { play: { strategy: 'random', rng }, rng };
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
      const { play } = playOf(labels, options);
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
        options.opened,
      );
    },
    /**
     * Plays the game from `firstPrisoner` (with `options.opened` opened) to its end at once, the
     * same as watching it: opening at random that is O(n·k) draws, kept off the page's thread.
     */
    finish(
      slips: Int32Array,
      firstPrisoner: number,
      labels: Int32Array | null = null,
      options: PlayOptions = {},
    ): GameEnd {
      const guesses = options.guesses ?? GUESS_LIMIT;
      const { play, rng } = playOf(labels, options);
      const start = walkedState(slips, firstPrisoner, options.opened ?? [], guesses);
      const end = playOn(start, slips, play);
      return {
        prisoner: end.prisoner,
        opened: end.opened.slice(),
        status: end.status,
        generator: rng ? stateSeed(rng.generator) : null,
      };
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
