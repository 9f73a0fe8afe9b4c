import { SPEED_MAX, SPEED_MIN, stepDelayMs } from '../engine/constants.ts';
import { usePrisonerFields, usePrisonerStore } from '../store.ts';
import buttons from '../../components/buttons.module.css';
import type { AutoPlay } from './use-auto-play.ts';
import styles from './controls.module.css';

interface ToggleProps {
  pressed: boolean;
  onToggle(): void;
  label: string;
  disabled?: boolean;
}

function Toggle({ pressed, onToggle, label, disabled }: ToggleProps) {
  return (
    <button
      type="button"
      className={buttons.toggle}
      aria-pressed={pressed}
      onClick={onToggle}
      disabled={disabled}
    >
      {label}
    </button>
  );
}

/** What the board shows (cycles, rings, the secret relabelling) and how fast it plays. */
export function Controls({ play }: { play: AutoPlay }) {
  const {
    variant,
    mode,
    speed,
    setSpeed,
    showCycles,
    toggleCycles,
    rings,
    toggleRings,
    toggleRelabelling,
    workerError,
  } = usePrisonerFields(
    'variant',
    'mode',
    'speed',
    'setSpeed',
    'showCycles',
    'toggleCycles',
    'rings',
    'toggleRings',
    'toggleRelabelling',
    'workerError',
  );
  const relabelled = usePrisonerStore((state) => state.labels !== null);
  const delay = stepDelayMs(speed);

  return (
    <div className={styles.controls}>
      <div className={styles.buttonRow}>
        <Toggle pressed={showCycles} onToggle={toggleCycles} label="Show cycles" />
        <Toggle pressed={rings} onToggle={toggleRings} label="Arrange in rings" />
        {variant === 'warden' && (
          <Toggle
            pressed={relabelled}
            onToggle={toggleRelabelling}
            label="Secret relabelling"
            disabled={mode === 'auto'}
          />
        )}
      </div>
      {workerError && (
        <div className={styles.workerError} role="alert">
          <p>{workerError} Automatic play has stopped; the rest of the page still works.</p>
          <button type="button" className={buttons.secondary} onClick={play.start}>
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
