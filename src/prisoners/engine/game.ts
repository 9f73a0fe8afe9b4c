import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';

/**
 * The game as pure data and a step function. Prisoner p (0-based) looks for slip p.
 * Opening the box with its own slip is success; every other box costs one guess, and the
 * prisoner fails when the guesses run out, so a prisoner opens at most GUESS_LIMIT boxes.
 */

export type GameStatus = 'searching' | 'found' | 'failed' | 'all-found';

export interface GameState {
  /** Current prisoner, 0-based. */
  readonly prisoner: number;
  readonly guessesLeft: number;
  /** Boxes the current prisoner has opened, in order: the path walked so far. */
  readonly opened: readonly number[];
  readonly status: GameStatus;
}

/** A prisoner starting with every box closed and all guesses. */
export function prisonerStart(prisoner: number): GameState {
  return { prisoner, guessesLeft: GUESS_LIMIT, opened: [], status: 'searching' };
}

/** The first prisoner, before any box is opened. */
export function initialGame(): GameState {
  return prisonerStart(0);
}

/** True when the current prisoner may open `box` now. */
export function canOpen(state: GameState, box: number): boolean {
  return state.status === 'searching' && !state.opened.includes(box);
}

/** The state after the current prisoner opens `box`; unchanged when that is not allowed. */
export function openBox(state: GameState, slips: ArrayLike<number>, box: number): GameState {
  if (!canOpen(state, box)) return state;
  const opened = [...state.opened, box];
  if (slips[box] === state.prisoner) {
    const last = state.prisoner === PRISONER_COUNT - 1;
    return { ...state, opened, status: last ? 'all-found' : 'found' };
  }
  const guessesLeft = state.guessesLeft - 1;
  return { ...state, opened, guessesLeft, status: guessesLeft === 0 ? 'failed' : 'searching' };
}

/** After a success: the next prisoner walks in and finds every box closed again. */
export function nextPrisoner(state: GameState): GameState {
  return state.status === 'found' ? prisonerStart(state.prisoner + 1) : state;
}

/**
 * A secret relabelling of the boxes: `labels[n]` is the box that the prisoners agreed to call n.
 * Without one (null), box n is called n.
 */
export type BoxLabels = ArrayLike<number> | null;

/**
 * The box the cycle-following strategy opens next: the box called by the prisoner's own number
 * first, then the box called by the slip just read.
 */
export function strategyBox(
  state: GameState,
  slips: ArrayLike<number>,
  labels: BoxLabels = null,
): number {
  const last = state.opened[state.opened.length - 1];
  const name = last === undefined ? state.prisoner : (slips[last] as number);
  return labels ? (labels[name] as number) : name;
}

/** The state of `prisoner` after following the strategy to the end: found, or out of guesses. */
function walkToEnd(
  slips: ArrayLike<number>,
  prisoner: number,
  labels: BoxLabels = null,
): GameState {
  let state = prisonerStart(prisoner);
  while (state.status === 'searching') {
    state = openBox(state, slips, strategyBox(state, slips, labels));
  }
  return state;
}

/** The boxes `prisoner` opens when following the strategy, in order. */
export function strategyPath(
  slips: ArrayLike<number>,
  prisoner: number,
  labels: BoxLabels = null,
): number[] {
  return [...walkToEnd(slips, prisoner, labels).opened];
}

/**
 * Automatic play from `firstPrisoner` to its end, at once: the state it ends in (the first
 * prisoner who fails, or the last one succeeding), the same as watching it box by box.
 */
export function playToEnd(
  slips: ArrayLike<number>,
  firstPrisoner: number,
  labels: BoxLabels = null,
): GameState {
  for (let prisoner = firstPrisoner; ; prisoner++) {
    const state = walkToEnd(slips, prisoner, labels);
    if (state.status !== 'found') return state;
  }
}

/** How many prisoners have found their number so far: everyone before the current one, and
 * the current one once found. */
export function freedSoFar(state: GameState): number {
  return state.prisoner + (state.status === 'found' || state.status === 'all-found' ? 1 : 0);
}
