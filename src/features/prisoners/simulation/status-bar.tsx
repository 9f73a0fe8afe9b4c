import { freedSoFar } from '../engine/game.ts';
import { usePrisonerFields, usePrisonerStore } from './game-store.ts';
import { canGoOn, isStudying } from './game-state.ts';
import { PRIMARY_ACTION_ID, SECOND_ACTION_ID } from './focus-targets.ts';
import buttons from '../../../components/buttons.module.css';
import type { AutoPlay } from './use-auto-play.ts';
import styles from './status-bar.module.css';

const FIRST_SLOT = ['Start simulation', 'Skip to the result'];
const SECOND_SLOT = ['Reset simulation', 'New arrangement'];
const PAUSE_SLOT = ['Pause', 'Resume'];

/**
 * A button's label laid over the other labels its slot can show, unseen (and left out of its
 * name): the button is as large as its largest label, so nothing moves when the label changes.
 */
function SlotLabel({ label, slot }: { label: string; slot: readonly string[] }) {
  return (
    <span className={styles.slotLabel}>
      {slot.map((text) =>
        text === label ? (
          <span key={text}>{text}</span>
        ) : (
          <span key={text} className={styles.unseen} aria-hidden="true">
            {text}
          </span>
        ),
      )}
    </span>
  );
}

function Readout({
  id,
  label,
  value,
  long = false,
}: {
  id: string;
  label: string;
  value: string;
  /** The value may need two lines in a narrow readout. */
  long?: boolean;
}) {
  return (
    <div className={styles.readout}>
      <label htmlFor={id}>{label}</label>
      <output id={id} data-long={long ? 'true' : undefined}>
        {value}
      </output>
    </div>
  );
}

/**
 * Whose turn it is and how it goes: current prisoner, guesses left, the slip just read and how
 * many are free so far, with Start or Reset (and Skip to the result). On a phone it stays in
 * view while the boxes are.
 */
export function StatusBar({ play }: { play: AutoPlay }) {
  const { game, slips, mode, failedPrisoner, paused, board } = usePrisonerFields(
    'game',
    'slips',
    'mode',
    'failedPrisoner',
    'paused',
    'board',
  );
  const studying = usePrisonerStore(isStudying);
  const goesOn = usePrisonerStore(canGoOn);
  const last = game.opened.at(-1);
  const slip = last === undefined ? '–' : String((slips[last] as number) + 1);
  const over = game.status === 'failed' || game.status === 'all-found';
  const running = mode === 'auto';

  return (
    <div className={styles.bar}>
      <div className={styles.readouts}>
        <Readout id="readout-prisoner" label="Current prisoner" value={String(game.prisoner + 1)} />
        <Readout id="readout-guesses" label="Guesses left" value={String(game.guessesLeft)} />
        <Readout id="readout-slip" label="Current slip" value={slip} />
        <Readout
          id="readout-freed"
          label="Freed so far"
          value={`${freedSoFar(game)} of ${board.n}`}
          long={board.n > 100}
        />
      </div>
      {/* Two slots that keep their place from the first frame. The first is one button that
          turns from Start into Skip, so focus stays on it and the second click of a double click
          on Start never lands on Reset (Skip ignores the second click of a double click). */}
      <div className={styles.actions}>
        <button
          id={PRIMARY_ACTION_ID}
          type="button"
          className={running ? buttons.secondary : buttons.primary}
          aria-disabled={running && over ? 'true' : undefined}
          onClick={(event) => {
            if (!running) play.start();
            else if (!over && event.detail < 2) play.skip();
          }}
        >
          <SlotLabel
            label={running ? 'Skip to the result' : 'Start simulation'}
            slot={FIRST_SLOT}
          />
        </button>
        {running || studying ? (
          <button
            id={SECOND_ACTION_ID}
            type="button"
            className={buttons.secondary}
            onClick={play.reset}
          >
            <SlotLabel
              label={running ? 'Reset simulation' : 'New arrangement'}
              slot={SECOND_SLOT}
            />
          </button>
        ) : (
          // Its place is held by what comes there once a run is on the board, disabled till then.
          <button type="button" className={buttons.secondary} disabled>
            <SlotLabel label="Reset simulation" slot={SECOND_SLOT} />
          </button>
        )}
      </div>
      {/* Pause, Resume and Step during automatic play, disabled otherwise: the row keeps its place. */}
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.secondary}
          disabled={!running || (!paused && !goesOn)}
          onClick={paused ? play.resume : play.pause}
        >
          <SlotLabel label={paused ? 'Resume' : 'Pause'} slot={PAUSE_SLOT} />
        </button>
        <button
          type="button"
          className={buttons.secondary}
          disabled={!running || !paused || !goesOn}
          onClick={play.step}
        >
          Step
        </button>
      </div>
      <p className={styles.pausedLine} role="status">
        {running && paused ? 'Paused' : ''}
      </p>
      <p className={styles.failedLine} role="status">
        {failedPrisoner !== null && `Prisoner ${failedPrisoner + 1} failed`}
      </p>
    </div>
  );
}
