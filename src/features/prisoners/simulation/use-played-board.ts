import { useMemo } from 'react';
import { cycleSuccessProbability } from '../engine/exact.ts';
import { usePrisonerStore } from './game-store.ts';

/** The board in play, for text that names it. */
export interface PlayedBoard {
  /** Prisoners and boxes. */
  n: number;
  /** Guesses per prisoner. */
  k: number;
  /** The exact chance that everyone goes free following the slips, with n boxes and k guesses. */
  loopOdds: number;
}

/** The board in play: the same object until n or k changes. */
export function usePlayedBoard(): PlayedBoard {
  const { n, k } = usePrisonerStore((state) => state.board);
  return useMemo(() => ({ n, k, loopOdds: cycleSuccessProbability(n, k) }), [n, k]);
}
