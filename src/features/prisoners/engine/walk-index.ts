/**
 * The bookkeeping behind the game's O(1) step, whatever n and k: the states of one prisoner's
 * walk share one growing list of opened boxes (each state sees its own prefix of it), and the
 * states of one game share an index of which boxes the current walk has opened. A state that is
 * stepped from twice (an older state reused) copies its prefix first, so every state stays what
 * it was. game.ts holds the rules; this module only answers "is it closed" and "which is the
 * c-th closed box" for a walk and its prefix.
 */

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
export interface Walk {
  /** opened boxes in order; its first `written` entries are set, capacity grows by doubling. */
  boxes: Int32Array;
  written: number;
  /** The game's index, made on the first opening (n is known then), and this walk's stamp. */
  index: Index | null;
  visit: number;
}

const FIRST_CAPACITY = 8;
const NO_BOXES = new Int32Array(0);

/** A walk with nothing opened, sharing the game's index (none before the game's first opening). */
export function newWalk(after: Walk | null): Walk {
  const index = after?.index ?? null;
  return { boxes: NO_BOXES, written: 0, index, visit: index ? ++index.visit : 0 };
}

/** Where `box` stands in the walk's order (its place), valid for the walk holding the index. */
function placeOf(index: Index, visit: number, box: number): number {
  return index.placeStamp[box] === visit ? (index.place[box] as number) : box;
}

function orderAt(index: Index, visit: number, at: number): number {
  return index.orderStamp[at] === visit ? (index.order[at] as number) : at;
}

/**
 * True when `opened` is the latest prefix of `walk` and the walk holds the game's index: the index
 * then describes exactly its opened boxes.
 */
function isLatest(walk: Walk, opened: Int32Array): boolean {
  return walk.index !== null && walk.index.visit === walk.visit && walk.written === opened.length;
}

/** True when `box` is not among `opened`, the prefix of `walk` that a state sees. */
export function isClosed(walk: Walk, opened: Int32Array, box: number): boolean {
  const count = opened.length;
  if (count === 0) return true;
  const index = walk.index!;
  // Boxes a later state of the same walk opened stand at places from `count` on.
  if (index.visit === walk.visit) return placeOf(index, walk.visit, box) >= count;
  // The index serves a later walk now; an older state answers from its own list.
  return !opened.includes(box);
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
 * The walk that the state seeing `opened` of `walk` can append to in O(1): the walk itself when
 * that is its latest prefix and it holds the game's index; otherwise a copy of the prefix under a
 * fresh stamp. n boxes in the game.
 */
export function walkToExtend(walk: Walk, opened: Int32Array, n: number): Walk {
  if (walk.index === null) {
    // Fresh stamps are 0, so the first walk counts from 1.
    walk.index = createIndex(n);
    walk.visit = ++walk.index.visit;
  }
  if (isLatest(walk, opened)) return walk;
  const count = opened.length;
  const fork = newWalk(walk);
  fork.boxes = new Int32Array(Math.max(FIRST_CAPACITY, 2 * count));
  fork.boxes.set(opened);
  fork.written = count;
  for (let i = 0; i < count; i++) markOpened(walk.index, fork.visit, opened[i] as number, i);
  return fork;
}

/**
 * Appends `box` to a walk from walkToExtend, its list growing to at most `capacity` boxes (the
 * prisoner's guesses); the opened boxes as the new state sees them.
 */
export function appendBox(walk: Walk, box: number, capacity: number): Int32Array {
  const count = walk.written;
  if (count === walk.boxes.length) {
    const grown = new Int32Array(Math.min(capacity, Math.max(FIRST_CAPACITY, 2 * count)));
    grown.set(walk.boxes);
    walk.boxes = grown;
  }
  walk.boxes[count] = box;
  walk.written = count + 1;
  markOpened(walk.index!, walk.visit, box, count);
  return walk.boxes.subarray(0, count + 1);
}

/**
 * The box at place `at` (≥ opened.length) of the walk's order: the closed boxes stand at places
 * opened.length..n, so a uniform place among them is a uniform closed box.
 */
export function closedBoxAt(walk: Walk, opened: Int32Array, n: number, at: number): number {
  if (opened.length === 0) return at;
  // An older state rebuilds its walk's order first: the order follows from the opened boxes.
  const latest = isLatest(walk, opened) ? walk : walkToExtend(walk, opened, n);
  return orderAt(latest.index!, latest.visit, at);
}
