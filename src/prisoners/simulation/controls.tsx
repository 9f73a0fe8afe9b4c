import { SPEED_MAX, SPEED_MIN, stepDelayMs } from '../engine/constants.ts';
import { usePrisonerStore } from '../store.ts';
import buttons from '../../components/buttons.module.css';
import type { AutoPlay } from './use-auto-play.ts';
import styles from './controls.module.css';

function Toggle({
  pressed,
  onToggle,
  label,
}: {
  pressed: boolean;
  onToggle(): void;
  label: string;
}) {
  return (
    <button type="button" className={buttons.toggle} aria-pressed={pressed} onClick={onToggle}>
      {label}
    </button>
  );
}

/** What the board shows (cycles, rings, the secret relabelling) and how fast it plays. */
export function Controls({ play }: { play: AutoPlay }) {
  const variant = usePrisonerStore((state) => state.variant);
  const mode = usePrisonerStore((state) => state.mode);
  const speed = usePrisonerStore((state) => state.speed);
  const setSpeed = usePrisonerStore((state) => state.setSpeed);
  const showCycles = usePrisonerStore((state) => state.showCycles);
  const toggleCycles = usePrisonerStore((state) => state.toggleCycles);
  const rings = usePrisonerStore((state) => state.rings);
  const toggleRings = usePrisonerStore((state) => state.toggleRings);
  const relabelled = usePrisonerStore((state) => state.relabelled);
  const toggleRelabelling = usePrisonerStore((state) => state.toggleRelabelling);
  const workerError = usePrisonerStore((state) => state.workerError);
  const delay = stepDelayMs(speed);

  return (
    <div className={styles.controls}>
      <div className={styles.buttonRow}>
        <Toggle pressed={showCycles} onToggle={toggleCycles} label="Show cycles" />
        <Toggle pressed={rings} onToggle={toggleRings} label="Arrange in rings" />
        {variant === 'warden' && (
          <button
            type="button"
            className={buttons.toggle}
            aria-pressed={relabelled}
            onClick={toggleRelabelling}
            disabled={mode === 'auto'}
          >
            Secret relabelling
          </button>
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
