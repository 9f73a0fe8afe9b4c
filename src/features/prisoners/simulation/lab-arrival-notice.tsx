import { Link } from 'react-router-dom';
import { paths } from '../../../config/routes.ts';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { queryOfRun } from '../engine/lab-settings.ts';
import { formatCount } from './format.ts';
import { usePrisonerFields } from './game-store.ts';
import buttons from '../../../components/buttons.module.css';
import type { AutoPlay } from './use-auto-play.ts';
import styles from './lab-arrival-notice.module.css';

/**
 * Above the board when the lab opened a trial here: which lab run it comes from, which prisoner
 * will fail and on how long a cycle, with Start beside it. It stays while that deal is on the
 * board.
 */
export function LabArrivalNotice({ play }: { play: AutoPlay }) {
  const { arrival, dealt, cycles, labels } = usePrisonerFields(
    'arrival',
    'dealt',
    'cycles',
    'labels',
  );
  // The lab's trials are deals of the specification's 100 boxes.
  if (!arrival || arrival.deal !== dealt || labels || dealt.length !== PRISONER_COUNT) return null;
  // The first prisoner whose own box lies on a cycle longer than the guesses allow.
  const failing = Array.from({ length: PRISONER_COUNT }, (_, prisoner) => prisoner).find(
    (prisoner) => cycles.cycles[cycles.cycleOfBox[prisoner] as number]!.dooms,
  );
  const settings = {
    n: PRISONER_COUNT,
    k: arrival.k,
    trials: arrival.trials,
    strategy: 'cycle',
    method: arrival.method,
    seed: arrival.seed,
  } as const;
  const length =
    failing === undefined ? 0 : cycles.cycles[cycles.cycleOfBox[failing] as number]!.boxes.length;
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>
          {arrival.trial === null ? 'A trial' : `Trial ${formatCount(arrival.trial)}`} of a lab run
        </strong>{' '}
        (seed {arrival.seed}, {formatCount(arrival.trials)} {arrival.method} trials of{' '}
        {PRISONER_COUNT} prisoners with {arrival.k} guesses, following the slips).{' '}
        {failing === undefined
          ? 'No cycle here is longer than the guesses allow: everyone goes free.'
          : `Prisoner ${failing + 1} will fail: their box is on a cycle of ${length} boxes, longer than the ${GUESS_LIMIT} they may open.`}{' '}
        <Link to={`${paths.lab}?${queryOfRun(settings, arrival.seed)}`}>Back to the lab run</Link>
      </p>
      <button type="button" className={buttons.primary} onClick={play.start}>
        Start
      </button>
    </div>
  );
}
