import { memo, type CSSProperties, type KeyboardEvent } from 'react';
import styles from './box-grid.module.css';

/** The accessible name of a box: what a screen reader says, and what tests look for. */
export function boxLabel(
  box: number,
  name: number | null,
  slip: number | null,
  cycleLength: number | null,
): string {
  const parts = [`Box ${box + 1}`];
  // Under the secret relabelling: the name the prisoners gave the box.
  if (name !== null) parts.push(`called ${name + 1}`);
  if (slip !== null) parts.push(`slip ${slip + 1}`);
  if (slip !== null && cycleLength !== null) parts.push(`cycle of length ${cycleLength}`);
  return parts.join(', ');
}

export interface BoxButtonProps {
  box: number;
  label: string;
  state: 'closed' | 'open' | 'found';
  dooms: boolean;
  /** Index of the cycle colour that outlines the box, when cycles are shown. */
  cycleColour: number | null;
  /** In the helper's turn: whether the box is picked for an exchange (a toggle button then). */
  picked: boolean | null;
  disabled: boolean;
  tabbable: boolean;
  /** Visible text, only when the DOM grid is the grid. */
  number: number | null;
  slip: number | null;
  /** Where the box stands, where the board does not lay it out itself (rings, windowed grid). */
  placement: CSSProperties | null;
  register(box: number, element: HTMLButtonElement | null): void;
  onFocusBox(box: number): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>, box: number): void;
  onOpen(box: number): void;
}

/** One box of the DOM twin; memoised so that a batch of openings re-renders only the boxes it changed. */
export const BoxButton = memo(function BoxButton(props: BoxButtonProps) {
  const { box, disabled } = props;
  return (
    <button
      ref={(element) => props.register(box, element)}
      type="button"
      className={styles.box}
      data-state={props.state}
      data-dooms={props.dooms ? 'true' : undefined}
      data-cycle-colour={props.cycleColour ?? undefined}
      aria-pressed={props.picked ?? undefined}
      // Only the rings view places boxes one by one; it is never part of pre-rendered HTML.
      style={props.placement ?? undefined}
      aria-label={props.label}
      aria-disabled={disabled ? 'true' : undefined}
      tabIndex={props.tabbable ? 0 : -1}
      onFocus={() => props.onFocusBox(box)}
      onKeyDown={(event) => props.onKeyDown(event, box)}
      onClick={() => {
        props.onFocusBox(box);
        if (!disabled) props.onOpen(box);
      }}
    >
      {props.number !== null && (
        <span className={styles.boxNumber} aria-hidden="true">
          {props.number}
        </span>
      )}
      {props.slip !== null && (
        <span className={styles.boxSlip} aria-hidden="true">
          {props.slip}
        </span>
      )}
    </button>
  );
});
