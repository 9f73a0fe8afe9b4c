import { GUESS_LIMIT } from './constants.ts';
import type { Rng } from './rng.ts';

/**
 * The game as pure data and a step function, for n prisoners (n = slips.length) and k guesses
 * each. Prisoner p (0-based) looks for slip p. Opening the box with its own slip is success;
 * every other box costs one guess, and the prisoner fails when the guesses run out, so a
 * prisoner opens at most k boxes.
 *
 * A step costs O(1) whatever n and k: the states of one prisoner's walk share one growing list
 * of opened boxes (each state sees its own prefix of it), and the states of one game share an
 * index of which boxes the current walk has opened. A state that is stepped from twice (an older
 * state reused) copies its prefix first, so every state stays what it was.
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

/**
 * The boxes of the game arranged as order[0..n): the current walk's opened boxes first, in the
 * order opened, the closed ones after them; place is its inverse. An entry counts only when its
 * stamp is the current walk's (`visit`); otherwise order[i] = i and place[b] = b. So a new walk
 * starts in O(1), and a closed box drawn uniformly is order[c + uniform(n − c)].
 */
interface Index {
  readonly order: Int32Array;
  readonly orderStamp: Int32Array;
  readonly place: Int32Array;
  readonly placeStamp: Int32Array;
  /** The walk whose stamps are in the arrays: the latest one begun. */
  visit: number;
}

/** One prisoner's walk: the opened boxes, shared by the states of that walk. */
interface Walk {
  /** opened boxes in order; its first `written` entries are set, capacity grows by doubling. */
  boxes: Int32Array;
  written: number;
  /** The game's index, made on the first opening (n is known then), and this walk's stamp. */
  index: Index | null;
  visit: number;
}

const FIRST_CAPACITY = 8;
const NO_BOXES = new Int32Array(0);

function newWalk(index: Index | null): Walk {
  return { boxes: NO_BOXES, written: 0, index, visit: index ? ++index.visit : 0 };
}

function stateOf(
  prisoner: number,
  guesses: number,
  guessesLeft: number,
  status: GameStatus,
  walk: Walk,
  count: number,
): GameState {
  return {
    prisoner,
    guesses,
    guessesLeft,
    opened: walk.boxes.subarray(0, count),
    status,
    [WALK]: walk,
  };
}

/**
 * A prisoner starting with every box closed and all `guesses`; with none, the prisoner has
 * failed before opening anything.
 */
export function prisonerStart(prisoner: number, guesses = GUESS_LIMIT): GameState {
  return startWalk(prisoner, guesses, null);
}

function startWalk(prisoner: number, guesses: number, index: Index | null): GameState {
  const status = guesses > 0 ? 'searching' : 'failed';
  return stateOf(prisoner, guesses, guesses, status, newWalk(index), 0);
}

/** The first prisoner, before any box is opened. */
export function initialGame(guesses = GUESS_LIMIT): GameState {
  return prisonerStart(0, guesses);
}

/** Where `box` stands in the walk's order (its place), valid for the walk holding the index. */
function placeOf(index: Index, visit: number, box: number): number {
  return index.placeStamp[box] === visit ? (index.place[box] as number) : box;
}

function orderAt(index: Index, visit: number, at: number): number {
  return index.orderStamp[at] === visit ? (index.order[at] as number) : at;
}

/**
 * True when `state` is the latest state of its walk and the walk holds the game's index: the
 * index then describes exactly its opened boxes.
 */
function isLatest(state: GameState): boolean {
  const walk = state[WALK];
  return (
    walk.index !== null && walk.index.visit === walk.visit && walk.written === state.opened.length
  );
}

/** True when the current prisoner may open `box` now. */
export function canOpen(state: GameState, box: number): boolean {
  if (state.status !== 'searching') return false;
  const count = state.opened.length;
  if (count === 0) return true;
  const walk = state[WALK];
  const index = walk.index!;
  // Boxes a later state of the same walk opened stand at places from `count` on.
  if (index.visit === walk.visit) return placeOf(index, walk.visit, box) >= count;
  // The index serves a later walk now; an older state answers from its own list.
  return !state.opened.includes(box);
}

function createIndex(n: number): Index {
  return {
    order: new Int32Array(n),
    orderStamp: new Int32Array(n),
    place: new Int32Array(n),
    placeStamp: new Int32Array(n),
    visit: 0,
  };
}

/** Moves `box` to position `count` of the order: it is the walk's next opened box. */
function markOpened(index: Index, visit: number, box: number, count: number): void {
  const from = placeOf(index, visit, box);
  const displaced = orderAt(index, visit, count);
  index.order[from] = displaced;
  index.orderStamp[from] = visit;
  index.place[displaced] = from;
  index.placeStamp[displaced] = visit;
  index.order[count] = box;
  index.orderStamp[count] = visit;
  index.place[box] = count;
  index.placeStamp[box] = visit;
}

/**
 * The walk that `state` can append to in O(1): its own when it is the walk's latest state and the
 * walk holds the game's index; otherwise a copy of its opened boxes under a fresh stamp.
 */
function walkToExtend(state: GameState, n: number): Walk {
  const walk = state[WALK];
  if (walk.index === null) {
    // Fresh stamps are 0, so the first walk counts from 1.
    walk.index = createIndex(n);
    walk.visit = ++walk.index.visit;
  }
  if (isLatest(state)) return walk;
  const count = state.opened.length;
  const fork = newWalk(walk.index);
  fork.boxes = new Int32Array(Math.max(FIRST_CAPACITY, 2 * count));
  fork.boxes.set(state.opened);
  fork.written = count;
  for (let i = 0; i < count; i++) markOpened(walk.index, fork.visit, state.opened[i] as number, i);
  return fork;
}

/** The state after the current prisoner opens `box`; unchanged when that is not allowed. */
export function openBox(state: GameState, slips: ArrayLike<number>, box: number): GameState {
  if (!canOpen(state, box)) return state;
  const walk = walkToExtend(state, slips.length);
  const count = walk.written;
  if (count === walk.boxes.length) {
    const grown = new Int32Array(Math.min(state.guesses, Math.max(FIRST_CAPACITY, 2 * count)));
    grown.set(walk.boxes);
    walk.boxes = grown;
  }
  walk.boxes[count] = box;
  walk.written = count + 1;
  markOpened(walk.index!, walk.visit, box, count);
  const { prisoner, guesses } = state;
  if (slips[box] === prisoner) {
    const status = prisoner === slips.length - 1 ? 'all-found' : 'found';
    return stateOf(prisoner, guesses, state.guessesLeft, status, walk, count + 1);
  }
  const guessesLeft = state.guessesLeft - 1;
  const status = guessesLeft === 0 ? 'failed' : 'searching';
  return stateOf(prisoner, guesses, guessesLeft, status, walk, count + 1);
}

/**
 * A later prisoner of the same game starting with every box closed, sharing the game's index:
 * for jumping over walks already known to have succeeded.
 */
export function laterPrisonerStart(state: GameState, prisoner: number): GameState {
  return startWalk(prisoner, state.guesses, state[WALK].index);
}

/** After a success: the next prisoner walks in and finds every box closed again. */
export function nextPrisoner(state: GameState): GameState {
  if (state.status !== 'found') return state;
  return startWalk(state.prisoner + 1, state.guesses, state[WALK].index);
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
  const at = count + rng.nextBelow(n - count);
  if (count === 0) return at;
  // An older state rebuilds its walk's order first: the order follows from the opened boxes.
  const walk = isLatest(state) ? state[WALK] : walkToExtend(state, n);
  return orderAt(walk.index!, walk.visit, at);
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

/** The boxes `prisoner` opens when following the strategy, in order. */
export function strategyPath(
  slips: ArrayLike<number>,
  prisoner: number,
  labels: BoxLabels = null,
  guesses = GUESS_LIMIT,
): number[] {
  return Array.from(
    walkOn(prisonerStart(prisoner, guesses), slips, { strategy: 'cycle', labels }).opened,
  );
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
    const start = (prisoner: number) =>
      play.labels ? (play.labels[prisoner] as number) : prisoner;
    const lengths = routeCycleLengths(slips, play.labels);
    const last = slips.length - 1;
    let prisoner = at.prisoner + 1;
    while (prisoner < last && (lengths[start(prisoner)] as number) <= at.guesses) prisoner++;
    at = startWalk(prisoner, at.guesses, at[WALK].index);
    return walkOn(at, slips, play);
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
  for (let start = 0; start < n; start++) {
    if (lengths[start] !== 0) continue;
    let length = 0;
    let box = start;
    do {
      length++;
      const slip = slips[box] as number;
      box = labels ? (labels[slip] as number) : slip;
    } while (box !== start);
    do {
      lengths[box] = length;
      const slip = slips[box] as number;
      box = labels ? (labels[slip] as number) : slip;
    } while (box !== start);
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
  return playOn(prisonerStart(firstPrisoner, guesses), slips, { strategy: 'cycle', labels });
}

/** How many prisoners have found their number so far: everyone before the current one, and
 * the current one once found. */
export function freedSoFar(state: GameState): number {
  return state.prisoner + (state.status === 'found' || state.status === 'all-found' ? 1 : 0);
}
