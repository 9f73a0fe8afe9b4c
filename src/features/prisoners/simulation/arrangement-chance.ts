/**
 * What the helper's arrangement on the board gives, followed with the cycle strategy: its chance
 * is certain (every prisoner's walk is fixed once the slips lie), so it either frees everyone or
 * dooms the run. Named apart from the exact chance over every deal with the helper's best
 * exchange, which the board does not always show: the visitor may have made another exchange.
 */
import type { CycleStructure } from '../engine/cycles.ts';
import { bestSwap } from '../engine/variants.ts';
import { countOf } from './format.ts';

export interface ArrangementChance {
  /** 1 when no cycle is longer than the guesses, else 0. */
  chance: 0 | 1;
  /** Which arrangement it is: "as dealt", "after the helper’s best exchange", … */
  which: string;
  /** Why: the longest cycle against the guesses. */
  reason: string;
}

const sameExchange = (a: readonly number[], b: readonly number[]) =>
  (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

/**
 * The board's arrangement (`dealt`, then `swap` if one was made; boxes 0-based) with its
 * `cycles` and k guesses each.
 */
export function arrangementChance(
  dealt: ArrayLike<number>,
  swap: readonly [number, number] | null,
  cycles: CycleStructure,
  guesses: number,
): ArrangementChance {
  const best = swap && bestSwap(dealt);
  const which = !swap
    ? 'as dealt'
    : best && sameExchange(swap, best)
      ? 'after the helper’s best exchange'
      : `after the exchange of boxes ${swap[0] + 1} and ${swap[1] + 1}`;
  const dooming = cycles.cycles.find((cycle) => cycle.dooms);
  const limit = countOf(guesses, 'guess', 'guesses');
  return dooming
    ? {
        chance: 0,
        which,
        reason: `a cycle of ${countOf(dooming.boxes.length, 'box', 'boxes')} is longer than ${limit}: it dooms the run`,
      }
    : { chance: 1, which, reason: `no cycle is longer than ${limit}: everyone goes free` };
}
