import type { GameState } from './engine/game.ts';

/** The outcome dialog on screen, if any; prisoners are 0-based here and 1-based on screen. */
export type OutcomeDialog =
  | { kind: 'prisoner-failed'; prisoner: number }
  | { kind: 'prisoner-succeeded'; prisoner: number }
  | { kind: 'all-succeeded' };

/** The state after automatic play reached `game`: its dialog, and the failure line. */
export function finished(game: GameState, failedPrisoner: number | null) {
  return {
    game,
    dialog: outcomeDialog(game, false),
    failedPrisoner: game.status === 'failed' ? game.prisoner : failedPrisoner,
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
