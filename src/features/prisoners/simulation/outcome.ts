import { GUESS_LIMIT } from '../engine/constants.ts';
import type { GameState } from '../engine/game.ts';

/** The outcome dialog on screen, if any; prisoners are 0-based here and 1-based on screen. */
export type OutcomeDialog =
  | { kind: 'prisoner-failed'; prisoner: number }
  | { kind: 'prisoner-succeeded'; prisoner: number }
  | { kind: 'all-succeeded' };

/** The state after automatic play reached `game`: its dialog, and its failure line (or none). */
export function finished(game: GameState) {
  return {
    game,
    dialog: outcomeDialog(game, false),
    failedPrisoner: game.status === 'failed' ? game.prisoner : null,
  };
}

/** The dialog a game in this state shows; a prisoner's own success is announced in manual play only. */
export function outcomeDialog(game: GameState, manual: boolean): OutcomeDialog | null {
  switch (game.status) {
    case 'failed':
      return { kind: 'prisoner-failed', prisoner: game.prisoner };
    case 'all-found':
      return { kind: 'all-succeeded' };
    case 'found':
      return manual ? { kind: 'prisoner-succeeded', prisoner: game.prisoner } : null;
    default:
      return null;
  }
}

/** What a failure dialog explains: the board and the walk that failed on it. */
export interface FailedWalk {
  prisoner: number;
  slips: ArrayLike<number>;
  /** The prisoners' secret names for the boxes (labels[n] is the box called n), or null. */
  labels: ArrayLike<number> | null;
  /** route[box]: the box the strategy opens after `box`. */
  route: ArrayLike<number>;
  /** The boxes the prisoner opened, in order. */
  opened: ArrayLike<number>;
  /** Boxes each prisoner may open: k. */
  guesses?: number;
}

/**
 * The failure dialog's explanation: where the slip was, the prisoner's own box (where following
 * the slips starts) and the length of the cycle through it, whether following the slips would
 * have found the slip, and whether the boxes opened left that path.
 */
export function failureExplanation({
  prisoner,
  slips,
  labels,
  route,
  opened,
  guesses = GUESS_LIMIT,
}: FailedWalk): string {
  const slipBox = Array.prototype.indexOf.call(slips, prisoner) as number;
  const start = labels ? (labels[prisoner] as number) : prisoner;
  // The cycle through the prisoner's own box, walked from it: it always ends at the slip's box.
  const path = [start];
  while (path[path.length - 1] !== slipBox) path.push(route[path[path.length - 1]!] as number);
  const length = path.length;
  const own = labels
    ? `box ${start + 1}, the box the prisoners call ${prisoner + 1}`
    : `box ${start + 1}`;
  const verdict =
    length <= guesses
      ? `following the slips from it would have found slip ${prisoner + 1} at the ${ordinal(length)} box`
      : `following the slips from it could not have found slip ${prisoner + 1} within ${guesses} ${guesses === 1 ? 'box' : 'boxes'}`;
  const left = Array.from(opened).findIndex((box, i) => box !== path[i]);
  const detour =
    left === -1
      ? ''
      : ` The boxes opened left that path at the ${ordinal(left + 1)} box: box ${opened[left]! + 1} instead of box ${path[left]! + 1}.`;
  const usedUp =
    guesses === 0
      ? 'With no guesses, no box can be opened'
      : guesses === 1
        ? 'The one guess is used up'
        : `All ${guesses} guesses are used up`;
  return `${usedUp}: slip ${prisoner + 1} was in box ${slipBox + 1}. Prisoner ${prisoner + 1}'s own box is ${own}, on a cycle of ${length} ${length === 1 ? 'box' : 'boxes'}: ${verdict}.${detour}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
