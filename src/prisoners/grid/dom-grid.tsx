import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { PRISONER_COUNT } from '../engine/constants.ts';
import { namesOfBoxes } from '../engine/variants.ts';
import { isStudying, usePrisonerFields, usePrisonerStore } from '../store.ts';
import { BOX_SIZE, COLUMNS, PITCH, ROWS } from './layout.ts';
import { CYCLE_COLOURS } from './palette.ts';
import { ringLayout, type Placement } from './ring-layout.ts';
import styles from './box-grid.module.css';

const BOXES = Array.from({ length: PRISONER_COUNT }, (_, box) => box);

/** The accessible name of a box: what a screen reader says, and what tests look for. */
function boxLabel(
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

/** The accessible name of a ring. */
const ringLabel = (length: number) =>
  length === 1 ? 'Cycle of 1 box' : `Cycle of ${length} boxes`;

/** Where a box of the rings view sits over the table, in percent of the table's width and depth. */
function placementStyle({ x, z, scale }: Placement) {
  const size = BOX_SIZE * scale;
  return {
    left: `${((x - size / 2) / (COLUMNS * PITCH) + 0.5) * 100}%`,
    top: `${((z - size / 2) / (ROWS * PITCH) + 0.5) * 100}%`,
    width: `${(size / (COLUMNS * PITCH)) * 100}%`,
    height: `${(size / (ROWS * PITCH)) * 100}%`,
  };
}

/**
 * 100 real buttons laid out as the boxes are: a grid, or rings (one group per cycle, the boxes
 * in the order the slips lead). Over the canvas they are transparent and carry all interaction;
 * without WebGL they are the boxes. One tab stop: arrow keys move within the grid or along a
 * ring (Page Up and Page Down to the previous or next ring).
 */
export function DomGrid({ visible }: { visible: boolean }) {
  const { slips, labels, game, cycles, showCycles, rings, helperTurn, picked } = usePrisonerFields(
    'slips',
    'labels',
    'game',
    'cycles',
    'showCycles',
    'rings',
    'helperTurn',
    'picked',
  );
  const interactive = usePrisonerStore(
    (state) => state.mode === 'manual' && !state.dialog && !isStudying(state),
  );
  const openManually = usePrisonerStore((state) => state.openManually);
  const pickForSwap = usePrisonerStore((state) => state.pickForSwap);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const layout = useMemo(() => (rings ? ringLayout(cycles.cycles) : null), [rings, cycles]);
  const names = useMemo(() => (labels ? namesOfBoxes(labels) : null), [labels]);

  const found = game.status === 'found' || game.status === 'all-found';
  const last = game.opened[game.opened.length - 1];

  const moveTo = useCallback((box: number) => {
    setActive(box);
    buttons.current[box]?.focus();
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, box: number) => {
      let target: number | undefined;
      if (layout) {
        const ringIndex = cycles.cycleOfBox[box] as number;
        const ring = layout.rings[ringIndex]!.boxes;
        const position = ring.indexOf(box);
        const along = (step: number) => ring[(position + step + ring.length) % ring.length];
        const otherRing = (step: number) => layout.rings[ringIndex + step]?.boxes[0];
        target = {
          ArrowRight: along(1),
          ArrowDown: along(1),
          ArrowLeft: along(-1),
          ArrowUp: along(-1),
          Home: ring[0],
          End: ring[ring.length - 1],
          PageDown: otherRing(1),
          PageUp: otherRing(-1),
        }[event.key];
      } else {
        const column = box % COLUMNS;
        target = {
          ArrowRight: column < COLUMNS - 1 ? box + 1 : box,
          ArrowLeft: column > 0 ? box - 1 : box,
          ArrowDown: box + COLUMNS < PRISONER_COUNT ? box + COLUMNS : box,
          ArrowUp: box - COLUMNS >= 0 ? box - COLUMNS : box,
          Home: event.ctrlKey ? 0 : box - column,
          End: event.ctrlKey ? PRISONER_COUNT - 1 : box - column + COLUMNS - 1,
        }[event.key];
      }
      if (target === undefined) return;
      event.preventDefault();
      moveTo(target);
    },
    [moveTo, layout, cycles],
  );

  // A box opened or picked from the keyboard keeps focus, even when the board is laid out anew
  // under it (a helper's exchange re-forms the rings, and with them every ring's group).
  const refocus = useRef<number | null>(null);
  const open = useCallback(
    (box: number) => {
      if (buttons.current[box] === document.activeElement) refocus.current = box;
      if (helperTurn) pickForSwap(box);
      else openManually(box);
    },
    [helperTurn, pickForSwap, openManually],
  );
  useLayoutEffect(() => {
    const box = refocus.current;
    refocus.current = null;
    const element = box === null ? null : buttons.current[box];
    if (element && document.activeElement !== element) element.focus();
  });

  const register = useCallback((box: number, element: HTMLButtonElement | null) => {
    buttons.current[box] = element;
  }, []);

  const button = (box: number) => {
    const isOpen = game.opened.includes(box);
    const slip = slips[box] as number;
    // In the helper's turn every slip is in view.
    const revealed = isOpen || showCycles || helperTurn;
    const cycleIndex = cycles.cycleOfBox[box] as number;
    const cycle = cycles.cycles[cycleIndex];
    const name = names ? (names[box] as number) : null;
    const label = boxLabel(
      box,
      name,
      revealed ? slip : null,
      showCycles ? (cycle?.boxes.length ?? null) : null,
    );
    return (
      <BoxButton
        key={box}
        box={box}
        label={label}
        state={found && box === last ? 'found' : isOpen ? 'open' : 'closed'}
        dooms={showCycles && cycle?.dooms === true}
        cycleColour={(showCycles || rings) && visible ? cycleIndex % CYCLE_COLOURS.length : null}
        picked={helperTurn ? picked === box : null}
        disabled={helperTurn ? false : isOpen || !interactive}
        tabbable={box === active}
        number={visible ? (name ?? box) + 1 : null}
        slip={visible && revealed ? slip + 1 : null}
        placement={layout?.placements[box] ?? null}
        register={register}
        onFocusBox={setActive}
        onKeyDown={onKeyDown}
        onOpen={open}
      />
    );
  };

  const mode = visible ? styles.domGridVisible : styles.domGridOverlay;
  if (layout) {
    return (
      <div role="group" aria-label="Boxes" className={`${styles.domRings} ${mode}`}>
        {layout.rings.map((ring) => (
          <div
            key={ring.boxes[0]}
            role="group"
            aria-label={ringLabel(ring.boxes.length)}
            className={styles.ring}
          >
            {ring.boxes.map(button)}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div role="group" aria-label="Boxes" className={`${styles.domGrid} ${mode}`}>
      {BOXES.map(button)}
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
  /** In the helper's turn: whether the box is picked for an exchange (a toggle button then). */
  picked: boolean | null;
  disabled: boolean;
  tabbable: boolean;
  /** Visible text, only when the DOM grid is the grid. */
  number: number | null;
  slip: number | null;
  /** Where the box stands in the rings view; null in the grid. */
  placement: Placement | null;
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
      aria-pressed={props.picked ?? undefined}
      // Only the rings view places boxes one by one; it is never part of pre-rendered HTML.
      style={props.placement ? placementStyle(props.placement) : undefined}
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
