import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { PRISONER_COUNT } from '../engine/constants.ts';
import { usePrisonerStore } from '../store.ts';
import { COLUMNS } from './layout.ts';
import { CYCLE_COLOURS } from './palette.ts';
import styles from './box-grid.module.css';

const BOXES = Array.from({ length: PRISONER_COUNT }, (_, box) => box);

/** The accessible name of a box: what a screen reader says, and what tests look for. */
export function boxLabel(box: number, slip: number | null, cycleLength: number | null): string {
  if (slip === null) return `Box ${box + 1}`;
  if (cycleLength === null) return `Box ${box + 1}, slip ${slip + 1}`;
  return `Box ${box + 1}, slip ${slip + 1}, cycle of length ${cycleLength}`;
}

/**
 * 100 real buttons in the layout of the grid. Over the canvas they are transparent and carry
 * all interaction; without WebGL they are the grid. One tab stop: arrows move within the grid.
 */
export function DomGrid({ visible }: { visible: boolean }) {
  const slips = usePrisonerStore((state) => state.slips);
  const game = usePrisonerStore((state) => state.game);
  const cycles = usePrisonerStore((state) => state.cycles);
  const showCycles = usePrisonerStore((state) => state.showCycles);
  const interactive = usePrisonerStore((state) => state.mode === 'manual' && !state.dialog);
  const openManually = usePrisonerStore((state) => state.openManually);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const found = game.status === 'found' || game.status === 'all-found';
  const last = game.opened[game.opened.length - 1];

  const moveTo = useCallback((box: number) => {
    const target = Math.max(0, Math.min(PRISONER_COUNT - 1, box));
    setActive(target);
    buttons.current[target]?.focus();
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, box: number) => {
      const column = box % COLUMNS;
      const moves: Record<string, number> = {
        ArrowRight: column < COLUMNS - 1 ? box + 1 : box,
        ArrowLeft: column > 0 ? box - 1 : box,
        ArrowDown: box + COLUMNS < PRISONER_COUNT ? box + COLUMNS : box,
        ArrowUp: box - COLUMNS >= 0 ? box - COLUMNS : box,
        Home: event.ctrlKey ? 0 : box - column,
        End: event.ctrlKey ? PRISONER_COUNT - 1 : box - column + COLUMNS - 1,
      };
      const target = moves[event.key];
      if (target === undefined) return;
      event.preventDefault();
      moveTo(target);
    },
    [moveTo],
  );

  const register = useCallback((box: number, element: HTMLButtonElement | null) => {
    buttons.current[box] = element;
  }, []);

  return (
    <div
      role="group"
      aria-label="Boxes"
      className={`${styles.domGrid} ${visible ? styles.domGridVisible : styles.domGridOverlay}`}
    >
      {BOXES.map((box) => {
        const isOpen = game.opened.includes(box);
        const slip = slips[box] as number;
        const revealed = isOpen || showCycles;
        const cycleIndex = cycles.cycleOfBox[box] as number;
        const cycle = cycles.cycles[cycleIndex];
        const label = boxLabel(
          box,
          revealed ? slip : null,
          showCycles ? (cycle?.boxes.length ?? null) : null,
        );
        const disabled = isOpen || !interactive;
        const state = found && box === last ? 'found' : isOpen ? 'open' : 'closed';
        return (
          <BoxButton
            key={box}
            box={box}
            label={label}
            state={state}
            dooms={showCycles && cycle?.dooms === true}
            cycleColour={showCycles && visible ? cycleIndex % CYCLE_COLOURS.length : null}
            disabled={disabled}
            tabbable={box === active}
            number={visible ? box + 1 : null}
            slip={visible && revealed ? slip + 1 : null}
            register={register}
            onFocusBox={setActive}
            onKeyDown={onKeyDown}
            onOpen={openManually}
          />
        );
      })}
    </div>
  );
}

interface BoxButtonProps {
  box: number;
  label: string;
  state: 'closed' | 'open' | 'found';
  dooms: boolean;
  /** Index of the cycle colour that outlines the box, when cycles are shown. */
  cycleColour: number | null;
  disabled: boolean;
  tabbable: boolean;
  /** Visible text, only when the DOM grid is the grid. */
  number: number | null;
  slip: number | null;
  register(box: number, element: HTMLButtonElement | null): void;
  onFocusBox(box: number): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>, box: number): void;
  onOpen(box: number): void;
}

/** One box; memoised so that a batch of openings re-renders only the boxes it changed. */
const BoxButton = memo(function BoxButton(props: BoxButtonProps) {
  const { box, disabled } = props;
  return (
    <button
      ref={(element) => props.register(box, element)}
      type="button"
      className={styles.box}
      data-state={props.state}
      data-dooms={props.dooms ? 'true' : undefined}
      data-cycle-colour={props.cycleColour ?? undefined}
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
