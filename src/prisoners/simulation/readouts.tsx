import { usePrisonerStore } from '../store.ts';
import styles from './readouts.module.css';

/** Current prisoner, guesses left and the slip just read, plus the failure line. */
export function Readouts() {
  const game = usePrisonerStore((state) => state.game);
  const slips = usePrisonerStore((state) => state.slips);
  const failedPrisoner = usePrisonerStore((state) => state.failedPrisoner);
  const last = game.opened.at(-1);
  const slip = last === undefined ? '–' : String((slips[last] as number) + 1);

  return (
    <div className={styles.readoutBlock}>
      <div className={styles.readouts}>
        <div className={styles.readout}>
          <label htmlFor="readout-prisoner">Current prisoner</label>
          <output id="readout-prisoner">{game.prisoner + 1}</output>
        </div>
        <div className={styles.readout}>
          <label htmlFor="readout-guesses">Guesses left</label>
          <output id="readout-guesses">{game.guessesLeft}</output>
        </div>
        <div className={styles.readout}>
          <label htmlFor="readout-slip">Current slip</label>
          <output id="readout-slip">{slip}</output>
        </div>
      </div>
      <p className={styles.failedLine} role="status">
        {failedPrisoner !== null && `Prisoner ${failedPrisoner + 1} failed`}
      </p>
    </div>
  );
}
