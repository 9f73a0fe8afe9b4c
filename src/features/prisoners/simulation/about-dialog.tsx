import { useRef, type MouseEvent } from 'react';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { CYCLE_SUCCESS } from './format.ts';
import { LoopOddsFigure } from './loop-odds-figure.tsx';
import buttons from '../../../components/buttons.module.css';
import modal from '../../../components/modal.module.css';
import styles from './about-dialog.module.css';

/** The button that explains the puzzle, and the modal it opens. */
export function AboutDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Start reading at the top: focus the title rather than the Close button at the bottom.
  const open = () => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.scrollTop = 0;
    heading.current?.focus();
  };

  const close = () => dialog.current?.close();
  // A click on the backdrop lands on the dialog element itself, outside its content box.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) close();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={buttons.secondary}
        aria-haspopup="dialog"
        onClick={open}
      >
        What is the 100 prisoners problem?
      </button>
      <dialog
        ref={dialog}
        className={modal.dialog}
        aria-labelledby="about-title"
        onClick={onDialogClick}
        onClose={() => opener.current?.focus()}
      >
        {/* The title and a Close button stay in view however far the text is scrolled. */}
        <div className={styles.top}>
          <h2 id="about-title" ref={heading} tabIndex={-1} className={styles.title}>
            The 100 Prisoners Problem
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={close}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M3 3l10 10M13 3L3 13"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className={modal.body}>
          <p>
            {PRISONER_COUNT} prisoners, numbered 1 to {PRISONER_COUNT}, get one chance at freedom.
            In a room stand {PRISONER_COUNT} closed boxes, and each box holds a slip with one of the
            numbers 1 to {PRISONER_COUNT}, shuffled at random. One at a time, each prisoner enters
            and may open {GUESS_LIMIT} of the boxes, looking for their own number. Then the room is
            put back exactly as it was, and the prisoners cannot talk to each other once the game
            has begun.
          </p>
          <p>
            If <strong>every</strong> prisoner finds their number, all go free. If even one fails,
            all of them lose. Guessing at random, each prisoner has a one-in-two chance, so all{' '}
            {PRISONER_COUNT} succeed with probability (1/2)<sup>{PRISONER_COUNT}</sup>: practically
            never.
          </p>
          <h3>The cycle-following strategy</h3>
          <p>
            Each prisoner first opens the box with their own number, then the box whose number is on
            the slip just found, and so on. The slips link the boxes into closed loops, or cycles,
            and the box with a prisoner&apos;s number always sits just before their own box on the
            same loop. So a prisoner finds their number exactly when their loop has at most{' '}
            {GUESS_LIMIT} boxes.
          </p>
          <p>
            All prisoners go free when no loop is longer than {GUESS_LIMIT}. For {PRISONER_COUNT}{' '}
            prisoners that happens with probability 1 − (1/{GUESS_LIMIT + 1} + 1/{GUESS_LIMIT + 2} +
            … + 1/{PRISONER_COUNT}), which is <strong>{CYCLE_SUCCESS}</strong>: about 30%, against
            almost nothing for random guessing.
          </p>
          <LoopOddsFigure />
          <p>
            Try it by hand, start the automatic play, or turn on <em>Show cycles</em> to see the
            loops of the current arrangement.
          </p>
          <div className={modal.actions}>
            <button type="button" className={buttons.primary} onClick={close}>
              Close
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
