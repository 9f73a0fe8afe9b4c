import { GUESS_LIMIT } from './constants.ts';
import type { Rng } from './rng.ts';
import {
  appendBox,
  closedBoxAt,
  isClosed,
  newWalk,
  walkToExtend,
  type Walk,
} from './walk-index.ts';

/**
 * The game as pure data and a step function, for n prisoners (n = slips.length) and k guesses
 * each. Prisoner p (0-based) looks for slip p. Opening the box with its own slip is success;
 * every other box costs one guess, and the prisoner fails when the guesses run out, so a
 * prisoner opens at most k boxes.
 *
 * A step costs O(1) whatever n and k: the states share their opened boxes (walk-index.ts).
 */

export type GameStatus = 'searching' | 'found' | 'failed' | 'all-found';

/** The shared bookkeeping of a game's states; a symbol key, so copies made for workers skip it. */
const WALK = Symbol('walk');

export interface GameState {
  /** Current prisoner, 0-based. */
  readonly prisoner: number;
  /** Boxes each prisoner may open: k. */
  readonly guesses: number;
  readonly guessesLeft: number;
  /** Boxes the current prisoner has opened, in order: the path walked so far. Never written. */
  readonly opened: Int32Array;
  readonly status: GameStatus;
  readonly [WALK]: Walk;
}

function stateOf(
  prisoner: number,
  guesses: number,
  guessesLeft: number,
  status: GameStatus,
  walk: Walk,
  opened: Int32Array,
): GameState {
  return { prisoner, guesses, guessesLeft, opened, status, [WALK]: walk };
}

/**
 * A prisoner starting with every box closed and all `guesses`; with none, the prisoner has
 * failed before opening anything.
 */
export function prisonerStart(prisoner: number, guesses = GUESS_LIMIT): GameState {
  return startWalk(prisoner, guesses, null);
}

/** A prisoner's walk begun after `before` (the game's earlier walk, sharing its index), or afresh. */
function startWalk(prisoner: number, guesses: number, before: Walk | null): GameState {
  const status = guesses > 0 ? 'searching' : 'failed';
  const walk = newWalk(before);
  return stateOf(prisoner, guesses, guesses, status, walk, walk.boxes.subarray(0, 0));
}

/** The first prisoner, before any box is opened. */
export function initialGame(guesses = GUESS_LIMIT): GameState {
  return prisonerStart(0, guesses);
}

/** True when the current prisoner may open `box` now. */
export function canOpen(state: GameState, box: number): boolean {
  return state.status === 'searching' && isClosed(state[WALK], state.opened, box);
}

/**
 * True when the current prisoner has opened `box`: O(1) for the latest state of a walk, so a view
 * asks it of the boxes it shows rather than building a set of a long walk on every step.
 */
export function hasOpened(state: GameState, box: number): boolean {
  return !isClosed(state[WALK], state.opened, box);
}

/** The state after the current prisoner opens `box`; unchanged when that is not allowed. */
export function openBox(state: GameState, slips: ArrayLike<number>, box: number): GameState {
  if (!canOpen(state, box)) return state;
  const walk = walkToExtend(state[WALK], state.opened, slips.length);
  const opened = appendBox(walk, box, state.guesses);
  const { prisoner, guesses } = state;
  if (slips[box] === prisoner) {
    const status = prisoner === slips.length - 1 ? 'all-found' : 'found';
    return stateOf(prisoner, guesses, state.guessesLeft, status, walk, opened);
  }
  const guessesLeft = state.guessesLeft - 1;
  const status = guessesLeft === 0 ? 'failed' : 'searching';
  return stateOf(prisoner, guesses, guessesLeft, status, walk, opened);
}

/**
 * A later prisoner of the same game starting with every box closed, sharing the game's index:
 * for jumping over walks already known to have succeeded.
 */
export function laterPrisonerStart(state: GameState, prisoner: number): GameState {
  return startWalk(prisoner, state.guesses, state[WALK]);
}

/** After a success: the next prisoner walks in and finds every box closed again. */
export function nextPrisoner(state: GameState): GameState {
  if (state.status !== 'found') return state;
  return startWalk(state.prisoner + 1, state.guesses, state[WALK]);
}

/**
 * A secret relabelling of the boxes: `labels[n]` is the box that the prisoners agreed to call n.
 * Without one (null), box n is called n.
 */
export type BoxLabels = ArrayLike<number> | null;

/** How automatic play chooses boxes: the strategy, with the labels or the generator it needs. */
export type Play = { strategy: 'cycle'; labels: BoxLabels } | { strategy: 'random'; rng: Rng };

/**
 * The box the cycle-following strategy opens next: the box called by the prisoner's own number
 * first, then the box called by the slip just read.
 */
export function strategyBox(
  state: GameState,
  slips: ArrayLike<number>,
  labels: BoxLabels = null,
): number {
  const count = state.opened.length;
  const name = count === 0 ? state.prisoner : (slips[state.opened[count - 1] as number] as number);
  return labels ? (labels[name] as number) : name;
}

/**
 * A box the prisoner has not opened yet, uniformly at random: one draw from `rng` with bound
 * n − (boxes opened). k such draws are a uniform choice of k different boxes in random order
 * (a partial Fisher–Yates shuffle of the box numbers, started afresh for every prisoner).
 */
export function randomBox(state: GameState, slips: ArrayLike<number>, rng: Rng): number {
  const n = slips.length;
  const count = state.opened.length;
  return closedBoxAt(state[WALK], state.opened, n, count + rng.nextBelow(n - count));
}

/** The box `play` opens next. */
export function playBox(state: GameState, slips: ArrayLike<number>, play: Play): number {
  return play.strategy === 'cycle'
    ? strategyBox(state, slips, play.labels)
    : randomBox(state, slips, play.rng);
}

/** The state of the current prisoner after choosing by `play` to the end: found, or failed. */
function walkOn(state: GameState, slips: ArrayLike<number>, play: Play): GameState {
  let at = state;
  while (at.status === 'searching') at = openBox(at, slips, playBox(at, slips, play));
  return at;
}

/** Following the slips, read through the prisoners' labels when they use them. */
export function followTheSlips(labels: BoxLabels = null): Play {
  return { strategy: 'cycle', labels };
}

/** The boxes `prisoner` opens when following the strategy, in order. */
export function strategyPath(
  slips: ArrayLike<number>,
  prisoner: number,
  labels: BoxLabels = null,
  guesses = GUESS_LIMIT,
): number[] {
  return Array.from(walkOn(prisonerStart(prisoner, guesses), slips, followTheSlips(labels)).opened);
}

/**
 * Play from `state` to the end of the game, at once: the state it ends in (the first prisoner
 * who fails, or the last one succeeding), the same as watching it box by box, with the same
 * draws from a random player's generator. Following the slips, only the current prisoner and the
 * last one are walked: every other prisoner's fate is the length of their cycle (O(n) in all).
 */
export function playOn(state: GameState, slips: ArrayLike<number>, play: Play): GameState {
  let at = walkOn(state, slips, play);
  if (at.status !== 'found') return at;
  if (play.strategy === 'cycle') {
    const { labels } = play;
    const lengths = routeCycleLengths(slips, labels);
    const last = slips.length - 1;
    let prisoner = at.prisoner + 1;
    // A prisoner's walk starts at the box called by their own number.
    while (
      prisoner < last &&
      (lengths[labels ? labels[prisoner]! : prisoner] as number) <= at.guesses
    )
      prisoner++;
    return walkOn(laterPrisonerStart(at, prisoner), slips, play);
  }
  for (;;) {
    at = walkOn(nextPrisoner(at), slips, play);
    if (at.status !== 'found') return at;
  }
}

/** lengths[box]: the length of the cycle through `box` of the walk through the labels. */
function routeCycleLengths(slips: ArrayLike<number>, labels: BoxLabels): Int32Array {
  const n = slips.length;
  const lengths = new Int32Array(n);
  const after = (box: number) => {
    const slip = slips[box] as number;
    return labels ? (labels[slip] as number) : slip;
  };
  for (let start = 0; start < n; start++) {
    if (lengths[start] !== 0) continue;
    let length = 1;
    for (let box = after(start); box !== start; box = after(box)) length++;
    lengths[start] = length;
    for (let box = after(start); box !== start; box = after(box)) lengths[box] = length;
  }
  return lengths;
}

/**
 * Automatic play of the cycle-following strategy from `firstPrisoner` to its end, at once: the
 * state it ends in, the same as watching it box by box.
 */
export function playToEnd(
  slips: ArrayLike<number>,
  firstPrisoner: number,
  labels: BoxLabels = null,
  guesses = GUESS_LIMIT,
): GameState {
  return playOn(prisonerStart(firstPrisoner, guesses), slips, followTheSlips(labels));
}

/** How many prisoners have found their number so far: everyone before the current one, and
 * the current one once found. */
export function freedSoFar(state: GameState): number {
  return state.prisoner + (state.status === 'found' || state.status === 'all-found' ? 1 : 0);
}
