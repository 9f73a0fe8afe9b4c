import { useEffect, useRef } from 'react';
import { usePrisonerStore, type PrisonerState } from './game-store.ts';
import { isStudying } from './game-state.ts';
import { studyArrangement } from './run-actions.ts';
import { focusBoard, focusPrimaryAction } from './focus-targets.ts';
import { failureExplanation, type OutcomeDialog as Outcome } from './outcome.ts';
import buttons from '../../../components/buttons.module.css';
import modal from '../../../components/modal.module.css';
import styles from './outcome-dialog.module.css';

/** The dialog's icon: a tick on the success colour, or a cross on the danger colour. */
const OUTCOME_ICONS = {
  success: { circle: 'var(--color-success)', path: 'M14 25l7 7 13-15' },
  failure: { circle: 'var(--color-danger)', path: 'M16 16l16 16M32 16L16 32' },
} as const;

function OutcomeIcon({ kind }: { kind: keyof typeof OUTCOME_ICONS }) {
  const { circle, path } = OUTCOME_ICONS[kind];
  return (
    <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill={circle} />
      <path
        d={path}
        fill="none"
        stroke="var(--color-on-status)"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function title(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'prisoner-failed':
      return `Prisoner ${outcome.prisoner + 1} failed`;
    case 'prisoner-succeeded':
      return `Prisoner ${outcome.prisoner + 1} guessed correctly`;
    default:
      return 'All prisoners guessed correctly';
  }
}

/** What the dialog on screen explains, or '' when there is none. */
function outcomeDetail(state: PrisonerState): string {
  const { dialog, game, cycles, slips, labels, route, board } = state;
  const k = board.k;
  switch (dialog?.kind) {
    case 'prisoner-failed': {
      const walk = {
        prisoner: dialog.prisoner,
        slips,
        labels,
        route,
        opened: game.opened,
        guesses: k,
      };
      return `${failureExplanation(walk)} OK starts again with prisoner 1 and freshly shuffled slips; Study this arrangement keeps it on the board, in rings.`;
    }
    case 'prisoner-succeeded':
      return `Slip ${dialog.prisoner + 1} was in box ${(game.opened.at(-1) ?? 0) + 1}, found after ${game.opened.length} of ${k} boxes. OK closes the boxes for the next prisoner.`;
    case 'all-succeeded': {
      const longest = cycles.cycles[0]?.boxes.length ?? 0;
      if (board.strategy === 'random') {
        return `Every prisoner found their own number, opening ${k} of the ${board.n} boxes at random. Everyone goes free.`;
      }
      return `Every prisoner found their own number: the longest cycle has ${longest} ${longest === 1 ? 'box' : 'boxes'}, no more than ${k}. Everyone goes free.`;
    }
    default:
      return '';
  }
}

/** The dialog after a prisoner's attempt: OK (or Escape) confirms and moves the game on. */
export function OutcomeDialog() {
  const outcome = usePrisonerStore((state) => state.dialog);
  // A string: the dialog re-renders when its text changes, not with every box opened.
  const detail = usePrisonerStore(outcomeDetail);
  const confirm = usePrisonerStore((state) => state.confirmDialog);
  const dialog = useRef<HTMLDialogElement>(null);
  const ok = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (outcome && !element.open) {
      element.showModal();
      ok.current?.focus();
    } else if (!outcome && element.open) {
      // Closing returns focus to the control focused before the dialog opened, if it is still
      // there; a studied board takes focus itself, and otherwise Start (or Skip) does.
      element.close();
      if (isStudying(usePrisonerStore.getState())) focusBoard();
      else if (!document.activeElement || document.activeElement === document.body) {
        focusPrimaryAction();
      }
    }
  }, [outcome]);

  return (
    <dialog
      ref={dialog}
      className={`${modal.dialog} ${styles.outcome}`}
      aria-labelledby="outcome-title"
      aria-describedby="outcome-detail"
      onCancel={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      {outcome && (
        <div className={modal.body}>
          <OutcomeIcon kind={outcome.kind === 'prisoner-failed' ? 'failure' : 'success'} />
          <h2 id="outcome-title">{title(outcome)}</h2>
          <p id="outcome-detail">{detail}</p>
          <div className={`${modal.actions} ${styles.actions}`}>
            <button ref={ok} type="button" className={buttons.primary} onClick={confirm}>
              OK
            </button>
            {outcome.kind === 'prisoner-failed' && (
              <button type="button" className={buttons.secondary} onClick={studyArrangement}>
                Study this arrangement
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
