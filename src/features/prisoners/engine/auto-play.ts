import {
  followTheSlips,
  nextPrisoner,
  openBox,
  playBox,
  prisonerStart,
  type GameState,
  type Play,
} from './game.ts';
import { GUESS_LIMIT } from './constants.ts';

/** How an automatic run ended: `prisoner` is 0-based. */
export type PlayOutcome = { kind: 'failed'; prisoner: number } | { kind: 'all-found' };

export interface AutoPlayHooks {
  /** Receives the next boxes opened, in order; the run waits until the promise settles. */
  emit(boxes: Int32Array): Promise<unknown> | unknown;
  /** Current pause between two openings, read before every step so speed changes apply at once. */
  delayMs(): number;
  /**
   * Without a pause, the fewest boxes a batch holds (whole walks are sent, so a batch may hold
   * more); read before every batch. One when left out: a prisoner's walk per batch.
   */
  minBatch?(): number;
  sleep(ms: number): Promise<unknown>;
}

const FOLLOW_THE_SLIPS: Play = followTheSlips();

/**
 * The state of `prisoner` after opening `opened` in order (O(k)): where a game paused, or handed
 * from one thread to another, goes on.
 */
export function walkedState(
  slips: ArrayLike<number>,
  prisoner: number,
  opened: ArrayLike<number>,
  guesses: number,
): GameState {
  let state = prisonerStart(prisoner, guesses);
  for (let i = 0; i < opened.length; i++) state = openBox(state, slips, opened[i] as number);
  return state;
}

/**
 * Plays from `firstPrisoner`, who has opened `opened` so far (none: every box closed), with
 * `play`'s strategy until a prisoner fails or all have succeeded, `guesses` boxes each. With a
 * pause, every opening is its own batch; without one, a batch ends with a prisoner's walk once it
 * holds `minBatch` boxes, so the screen shows whole walks, and at top speed many of them a frame.
 */
export async function autoPlay(
  slips: ArrayLike<number>,
  firstPrisoner: number,
  hooks: AutoPlayHooks,
  play: Play = FOLLOW_THE_SLIPS,
  guesses = GUESS_LIMIT,
  opened: ArrayLike<number> = [],
): Promise<PlayOutcome> {
  let state = walkedState(slips, firstPrisoner, opened, guesses);
  if (state.status === 'failed' && state.opened.length === 0) {
    // Lost before any box is opened (no guesses): the end is reported like any other, as an
    // empty batch, after the pause that one box would take.
    const delay = hooks.delayMs();
    if (delay > 0) await hooks.sleep(delay);
    await hooks.emit(new Int32Array(0));
    return { kind: 'failed', prisoner: state.prisoner };
  }
  let pending = new Int32Array(64);
  let count = 0;
  while (state.status === 'searching' || state.status === 'found') {
    state = nextPrisoner(state);
    state = openBox(state, slips, playBox(state, slips, play));
    if (count === pending.length) {
      const grown = new Int32Array(2 * count);
      grown.set(pending);
      pending = grown;
    }
    pending[count++] = state.opened[state.opened.length - 1] as number;
    const delay = hooks.delayMs();
    const walkEnded = state.status !== 'searching';
    if (delay > 0 || (walkEnded && count >= (hooks.minBatch?.() ?? 1))) {
      await hooks.emit(pending.slice(0, count));
      count = 0;
    }
    if (delay > 0 && (state.status === 'searching' || state.status === 'found')) {
      await hooks.sleep(delay);
    }
  }
  if (count > 0) await hooks.emit(pending.slice(0, count));
  return state.status === 'failed'
    ? { kind: 'failed', prisoner: state.prisoner }
    : { kind: 'all-found' };
}
