import { initialGame } from '../engine/game.ts';
import type { Rng } from '../engine/rng.ts';
import type { Variant } from '../engine/types.ts';
import { bestSwap, dealFor, swapSlips } from '../engine/variants.ts';
import type { BoardSize } from './address.ts';
import { boardOf, type Board } from './game-state.ts';

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
