import { freedSoFar } from '../engine/game.ts';
import { PRISONER_COUNT } from '../engine/constants.ts';
import { usePrisonerFields } from '../store.ts';
import buttons from '../../components/buttons.module.css';
import type { AutoPlay } from './use-auto-play.ts';
import styles from './status-bar.module.css';

function Readout({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className={styles.readout}>
      <label htmlFor={id}>{label}</label>
      <output id={id}>{value}</output>
    </div>
  );
}

/**
 * Whose turn it is and how it goes: current prisoner, guesses left, the slip just read and how
 * many are free so far, with Start or Reset (and Skip to the result). On a phone it stays in
 * view while the boxes are.
 */
export function StatusBar({ play }: { play: AutoPlay }) {
  const { game, slips, mode, failedPrisoner } = usePrisonerFields(
    'game',
    'slips',
    'mode',
    'failedPrisoner',
  );
  const last = game.opened.at(-1);
  const slip = last === undefined ? '–' : String((slips[last] as number) + 1);
  const over = game.status === 'failed' || game.status === 'all-found';

  return (
    <div className={styles.bar}>
      <div className={styles.readouts}>
        <Readout id="readout-prisoner" label="Current prisoner" value={String(game.prisoner + 1)} />
        <Readout id="readout-guesses" label="Guesses left" value={String(game.guessesLeft)} />
        <Readout id="readout-slip" label="Current slip" value={slip} />
        <Readout
          id="readout-freed"
          label="Freed so far"
          value={`${freedSoFar(game)} of ${PRISONER_COUNT}`}
        />
      </div>
      <div className={styles.actions}>
        {mode === 'auto' ? (
          <>
            <button type="button" className={buttons.primary} onClick={play.reset}>
              Reset simulation
            </button>
            <button type="button" className={buttons.secondary} onClick={play.skip} disabled={over}>
              Skip to the result
            </button>
          </>
        ) : (
          <button type="button" className={buttons.primary} onClick={play.start}>
            Start simulation
          </button>
        )}
      </div>
      <p className={styles.failedLine} role="status">
        {failedPrisoner !== null && `Prisoner ${failedPrisoner + 1} failed`}
      </p>
    </div>
  );
}
