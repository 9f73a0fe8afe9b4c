import type { RunAddress } from './address.ts';
import { usePrisonerStore } from './game-store.ts';
import { useViewSettings } from './view-settings.ts';

/** What the visitor does that changes both the game and how it is shown. */

/** Starts the run the address describes: a new game, and the view settings a new run has. */
export function startRun(run: RunAddress): void {
  usePrisonerStore.getState().initialise(run);
  useViewSettings.getState().startRun(run.board.n, run.variant);
}

/** Study this arrangement: the failed board stays, its cycles shown in rings, until Reset. */
export function studyArrangement(): void {
  const game = usePrisonerStore.getState();
  if (game.dialog?.kind !== 'prisoner-failed') return;
  game.studyArrangement();
  useViewSettings.getState().showCycleRings();
}
