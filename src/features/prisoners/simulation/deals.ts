import { initialGame } from '../engine/game.ts';
import { createRng, stateSeed, type Rng } from '../engine/rng.ts';
import { setGenerator, type Sfc32 } from '../engine/sfc32.ts';
import type { Variant } from '../engine/types.ts';
import { bestSwap, dealFor, swapSlips } from '../engine/variants.ts';
import type { BoardSize } from './address.ts';
import { boardOf, isOver, type Board, type RunState } from './game-state.ts';

/** An exchange of two boxes' slips by the helper. */
export type Swap = readonly [number, number];

/** The board with the helper's exchange (or none) applied to the deal; nothing picked. */
export function exchanged(
  dealt: Int32Array,
  labels: Int32Array | null,
  guesses: number,
  swap: Swap | null,
): Board & { swap: Swap | null; picked: null } {
  const slips = swap ? swapSlips(dealt, swap[0], swap[1]) : dealt;
  return { ...boardOf(slips, labels, guesses), swap, picked: null };
}

/**
 * A new deal for the variant from the run's generator: the arrangement, (warden) the secret
 * relabelling, read through it when `relabelled`, and the first prisoner at the door.
 */
export function newDeal(variant: Variant, relabelled: boolean, board: BoardSize, rng: Rng) {
  const { slips: dealt, secret } = dealFor(variant, board.n, rng);
  return {
    dealt,
    secret,
    ...exchanged(dealt, relabelled ? secret : null, board.k, null),
    game: initialGame(board.k),
    helperTurn: variant === 'helper',
  };
}

/**
 * The next deal of a series (Keep playing): in the helper variant the helper makes the best
 * exchange in every deal, as the exact odds assume, and the prisoners come straight in.
 */
export function nextDealInSeries(
  variant: Variant,
  relabelled: boolean,
  board: BoardSize,
  rng: Rng,
) {
  const next = newDeal(variant, relabelled, board, rng);
  const swap = variant === 'helper' ? bestSwap(next.dealt) : null;
  return swap
    ? { ...next, ...exchanged(next.dealt, next.labels, board.k, swap), helperTurn: false }
    : { ...next, helperTurn: false };
}

/** A deal made ahead: a new one (Reset, the next game by hand) or the next of a series. */
export type DealKind = 'new' | 'series';

type Deal = ReturnType<typeof newDeal>;

/** The game a deal is for: its variant, how the slips are read (labels), and its board. */
export type DealGame = Pick<RunState, 'variant' | 'labels' | 'board'>;

export interface DealsAhead {
  /**
   * Makes the deal of `kind` for `game` that `rng` would deal now, from a copy of it (`rng` does
   * not move); returns it. Made already for the same generator state and game, it is not made
   * again.
   */
  prepare(kind: DealKind, game: DealGame, rng: Rng): Deal;
  /**
   * Makes ahead the deals `run` may ask for next: a new one, and in a series the next game's.
   * None while the random player plays: it draws from the generator with every box.
   */
  prepareNext(run: RunState): void;
  /**
   * The deal of `kind` for `game` from `rng`, which moves on as dealing moves it: the deal made
   * ahead when it was made from this very state for this game, else one made now.
   */
  take(kind: DealKind, game: DealGame, rng: Rng): Deal;
}

/**
 * Deals made ahead while the page is idle. A deal at 10,000 boxes (the shuffle, the relabelling,
 * the cycles) is milliseconds of code that runs too seldom to be compiled, which on a phone made
 * the Reset asking for it a long task. A deal is a function of the generator's state and the
 * game alone, so one made from a copy of the generator is the deal the run would make: it is
 * taken only for that state and game, and the run's generator is then set where dealing would
 * have left it. Each deal made ahead is taken once.
 */
export function createDealsAhead(): DealsAhead {
  const made = new Map<DealKind, { key: string; after: Sfc32; deal: Deal }>();
  const keyOf = ({ variant, labels, board }: DealGame, rng: Rng) =>
    [variant, labels !== null, board.n, board.k, stateSeed(rng.generator)].join(' ');
  const deal = (kind: DealKind, { variant, labels, board }: DealGame, rng: Rng): Deal =>
    (kind === 'series' ? nextDealInSeries : newDeal)(variant, labels !== null, board, rng);
  const prepare = (kind: DealKind, game: DealGame, rng: Rng) => {
    const key = keyOf(game, rng);
    const ready = made.get(kind);
    if (ready?.key === key) return ready.deal;
    const copy = createRng(stateSeed(rng.generator));
    const next = { key, deal: deal(kind, game, copy), after: copy.generator };
    made.set(kind, next);
    return next.deal;
  };
  return {
    prepare,
    prepareNext(run) {
      const { board, mode, paused, game } = run;
      if (board.strategy === 'random' && mode === 'auto' && !paused && !isOver(game)) return;
      prepare('new', run, run.rng);
      if (run.keepPlaying) prepare('series', run, run.rng);
    },
    take(kind, game, rng) {
      const ready = made.get(kind);
      made.delete(kind);
      if (ready?.key !== keyOf(game, rng)) return deal(kind, game, rng);
      setGenerator(rng.generator, ready.after);
      return ready.deal;
    },
  };
}
