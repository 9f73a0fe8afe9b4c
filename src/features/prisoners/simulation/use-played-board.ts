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
  // Each number on its own: a new board object of the same size renders nothing again.
  const n = usePrisonerStore((state) => state.board.n);
  const k = usePrisonerStore((state) => state.board.k);
  return useMemo(() => ({ n, k, loopOdds: cycleSuccessProbability(n, k) }), [n, k]);
}
