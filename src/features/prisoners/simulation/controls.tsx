import { formatCount } from './format.ts';
import { boxesPerFrame, SPEED_MIN, stepDelayMs } from '../engine/constants.ts';
import { usePrisonerFields, usePrisonerStore } from './game-store.ts';
import { useViewFields } from './view-settings.ts';
import buttons from '../../../components/buttons.module.css';
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
  const { variant, mode, toggleRelabelling, workerError, keepPlaying, setKeepPlaying } =
    usePrisonerFields(
      'variant',
      'mode',
      'toggleRelabelling',
      'workerError',
      'keepPlaying',
      'setKeepPlaying',
    );
  const { speed, speedMax, setSpeed, showCycles, toggleCycles, rings, toggleRings } = useViewFields(
    'speed',
    'speedMax',
    'setSpeed',
    'showCycles',
    'toggleCycles',
    'rings',
    'toggleRings',
  );
  const relabelled = usePrisonerStore((state) => state.labels !== null);
  const delay = stepDelayMs(speed);
  // Past the pause-free point the slider sets how many boxes a frame shows, at least.
  const perFrame = boxesPerFrame(speed);
  const speedText =
    delay > 0
      ? `${delay} ms per box`
      : perFrame <= 1
        ? 'fastest'
        : `${formatCount(perFrame)}+ boxes a frame`;

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
          max={speedMax}
          step={10}
          value={speed}
          aria-valuetext={
            delay > 0
              ? `${delay} ms between boxes`
              : perFrame <= 1
                ? 'Fastest'
                : `At least ${formatCount(perFrame)} boxes a frame`
          }
          onChange={(event) => setSpeed(Number(event.target.value))}
        />
        <span className={styles.speedValue} aria-hidden="true">
          {speedText}
        </span>
      </div>
      <label className={styles.keepPlaying}>
        <input
          type="checkbox"
          checked={keepPlaying}
          onChange={(event) => setKeepPlaying(event.target.checked)}
        />
        Keep playing
      </label>
    </div>
  );
}
