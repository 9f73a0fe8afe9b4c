import { paths } from '../../../config/routes.ts';
import { labArrivalSearch, runSearch } from '../simulation/address.ts';
import type { TrialExample } from '../engine/streams.ts';
import type { RunSnapshot } from '../runtime/run-state.ts';

/**
 * The simulation's address for a trial of a lab run: the board dealt from the trial's generator
 * state, with the run named for the notice above it.
 */
export function trialHref(snapshot: RunSnapshot, example: TrialExample): string {
  const { settings } = snapshot;
  const arrival = labArrivalSearch({
    seed: snapshot.seed,
    trials: settings.trials,
    k: settings.k,
    method: settings.method,
    trial: example.trial,
  });
  return `${paths.prisoner}?${runSearch({ variant: 'classic', seed: example.state })}&${arrival}`;
}
