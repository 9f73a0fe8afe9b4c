import { SPEED_MAX, SPEED_MIN, stepDelayMs } from '../engine/constants.ts';
import { usePrisonerStore } from '../store.ts';
import buttons from '../../components/buttons.module.css';
import styles from './controls.module.css';

export interface ControlsProps {
  onStart(): void;
  onReset(): void;
}

/** Start/Reset, the speed slider and the Show cycles toggle. */
export function Controls({ onStart, onReset }: ControlsProps) {
  const mode = usePrisonerStore((state) => state.mode);
  const speed = usePrisonerStore((state) => state.speed);
  const setSpeed = usePrisonerStore((state) => state.setSpeed);
  const showCycles = usePrisonerStore((state) => state.showCycles);
  const toggleCycles = usePrisonerStore((state) => state.toggleCycles);
  const workerError = usePrisonerStore((state) => state.workerError);
  const delay = stepDelayMs(speed);

  return (
    <div className={styles.controls}>
      <div className={styles.buttonRow}>
        {mode === 'auto' ? (
          <button type="button" className={buttons.primary} onClick={onReset}>
            Reset simulation
          </button>
        ) : (
          <button type="button" className={buttons.primary} onClick={onStart}>
            Start simulation
          </button>
        )}
        <button
          type="button"
          className={buttons.toggle}
          aria-pressed={showCycles}
          onClick={toggleCycles}
        >
          Show cycles
        </button>
      </div>
      {workerError && (
        <div className={styles.workerError} role="alert">
          <p>{workerError} Automatic play has stopped; the rest of the page still works.</p>
          <button type="button" className={buttons.secondary} onClick={onStart}>
            Retry
          </button>
        </div>
      )}
      <div className={styles.speed}>
        <label htmlFor="speed">Speed</label>
        <input
          id="speed"
          type="range"
          min={SPEED_MIN}
          max={SPEED_MAX}
          step={10}
          value={speed}
          aria-valuetext={delay === 0 ? 'Fastest' : `${delay} ms between boxes`}
          onChange={(event) => setSpeed(Number(event.target.value))}
        />
        <span className={styles.speedValue} aria-hidden="true">
          {delay === 0 ? 'fastest' : `${delay} ms per box`}
        </span>
      </div>
    </div>
  );
}
