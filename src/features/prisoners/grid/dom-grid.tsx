import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { namesOfBoxes } from '../engine/variants.ts';
import { isStudying, usePrisonerFields, usePrisonerStore } from '../simulation/game-store.ts';
import { BOX_SIZE, DEFAULT_LAYOUT, gridLayout, lidTopZ, type GridLayout } from './layout.ts';
import { CYCLE_COLOURS } from './palette.ts';
import { ringLayout, type Placement } from './ring-layout.ts';
import { gridKeyTarget, ringKeyTarget } from './twin-keys.ts';
import { boxAtPoint, boxesInView } from './twin-window.ts';
import { BoxCallouts, LEGIBLE_BOX_PX, calloutsFor, useLayoutWidth } from './box-callouts.tsx';
import styles from './box-grid.module.css';

/**
 * Boards up to this size have a button for every box. Larger ones render the focused box and,
 * once zoomed in far enough, the boxes in view (at most TWIN_WINDOW_MAX): the document never
 * holds thousands of buttons, and a click anywhere still reaches the box under it.
 */
export const TWIN_ALL_BUTTONS_UP_TO = 400;
export const TWIN_WINDOW_MAX = 400;

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
function placementStyle({ x, z, scale }: Placement, grid: GridLayout) {
  const size = BOX_SIZE * scale;
  return {
    left: `${((x - size / 2) / grid.tableWidth + 0.5) * 100}%`,
    top: `${((z - size / 2) / grid.tableDepth + 0.5) * 100}%`,
    width: `${(size / grid.tableWidth) * 100}%`,
    height: `${(size / grid.tableDepth) * 100}%`,
  };
}

/** Where a box of a windowed grid sits: its cell, in percent of the grid. */
function cellStyle(box: number, grid: GridLayout) {
  return {
    left: `${((box % grid.columns) / grid.columns) * 100}%`,
    top: `${(Math.floor(box / grid.columns) / grid.rows) * 100}%`,
    width: `${100 / grid.columns}%`,
    height: `${100 / grid.rows}%`,
  };
}

/**
 * Real buttons laid out as the boxes are: a grid, or rings (one group per cycle, the boxes in the
 * order the slips lead). Over the canvas they are transparent and carry all interaction; without
 * WebGL they are the boxes. One tab stop: arrow keys move within the grid or along a ring (Page
 * Up and Page Down to the previous or next ring). A large board renders only some of its buttons
 * (TWIN_ALL_BUTTONS_UP_TO), the focused one always.
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
  const zoom = usePrisonerStore((state) => state.zoom);
  const n = slips.length;
  const grid = gridLayout(n);
  const windowed = n > TWIN_ALL_BUTTONS_UP_TO;
  const [activeBox, setActive] = useState(0);
  // A new board may be smaller than the last: focus stays on the board.
  const active = Math.min(activeBox, n - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const board = useRef<HTMLDivElement>(null);
  const boardWidth = useLayoutWidth(board);
  // Whether focus is on a box: its label is shown while the boxes are too small to read.
  const [focusInside, setFocusInside] = useState(false);
  const layout = useMemo(() => (rings ? ringLayout(cycles.cycles) : null), [rings, cycles]);
  const ringBoxes = useMemo(() => layout?.rings.map((ring) => ring.boxes) ?? [], [layout]);
  // Where the twin puts each box of the rings: over its lid as the camera shows it (a small box's
  // lid is lower, so it shows further down than its place on the table).
  const placements = useMemo(
    () =>
      layout?.placements.map((place) => ({ ...place, z: lidTopZ(place.z, place.scale) })) ?? null,
    [layout],
  );
  const names = useMemo(() => (labels ? namesOfBoxes(labels) : null), [labels]);
  const opened = useMemo(() => new Set(game.opened), [game.opened]);
  const shown = useMemo(
    () =>
      windowed
        ? boxesInView(grid, zoom, placements, TWIN_WINDOW_MAX)
        : Array.from({ length: n }, (_, box) => box),
    [windowed, grid, zoom, placements, n],
  );

  // Made once per layout, so that a memoised button sees the same style object every render.
  const placeStyles = useMemo(() => {
    if (placements) return placements.map((placement) => placementStyle(placement, grid));
    if (windowed) return Array.from({ length: n }, (_, box) => cellStyle(box, grid));
    return null;
  }, [placements, windowed, grid, n]);

  const found = game.status === 'found' || game.status === 'all-found';
  const last = game.opened[game.opened.length - 1];

  // How wide the smallest box is on screen now; 0 until the board has been measured.
  const boxScale = layout ? (layout.placements[0]?.scale ?? 1) * BOX_SIZE : 1;
  const boxPx = (boardWidth / grid.tableWidth) * boxScale * zoom.scale;
  const callouts = useMemo(
    () =>
      boxPx > 0 && boxPx < LEGIBLE_BOX_PX
        ? calloutsFor(game.opened, slips, focusInside ? active : null, names)
        : [],
    [boxPx, game.opened, slips, focusInside, active, names],
  );
  const calloutLayer = <BoxCallouts callouts={callouts} grid={grid} placements={placements} />;
  const focusEvents = {
    onFocus: () => setFocusInside(true),
    onBlur: () => setFocusInside(false),
  };

  // The box to focus once it is rendered: a windowed board may not have its button yet.
  const pendingFocus = useRef<number | null>(null);
  const moveTo = useCallback((box: number) => {
    setActive(box);
    const element = buttons.current[box];
    if (element) element.focus();
    else pendingFocus.current = box;
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, box: number) => {
      const target = layout
        ? ringKeyTarget(event, box, ringBoxes, cycles.cycleOfBox)
        : gridKeyTarget(event, box, n, grid.columns);
      if (target === undefined) return;
      event.preventDefault();
      moveTo(target);
    },
    [moveTo, layout, ringBoxes, cycles, n, grid],
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
    const box = refocus.current ?? pendingFocus.current;
    refocus.current = null;
    pendingFocus.current = null;
    const element = box === null ? null : buttons.current[box];
    if (element && document.activeElement !== element) element.focus();
  });

  // A windowed board has no button under most of it: a click there reaches the box under it.
  const onBoardClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (!windowed || event.target !== event.currentTarget) return;
      const rect = event.currentTarget.getBoundingClientRect();
      const box = boxAtPoint(
        grid,
        placements,
        (event.clientX - rect.left) / rect.width,
        (event.clientY - rect.top) / rect.height,
      );
      if (box === null) return;
      setActive(box);
      pendingFocus.current = box;
      if (helperTurn ? true : !opened.has(box) && interactive) open(box);
    },
    [windowed, grid, placements, helperTurn, opened, interactive, open],
  );

  const register = useCallback((box: number, element: HTMLButtonElement | null) => {
    buttons.current[box] = element;
  }, []);

  const button = (box: number) => {
    const isOpen = opened.has(box);
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
        placement={placeStyles?.[box] ?? null}
        register={register}
        onFocusBox={setActive}
        onKeyDown={onKeyDown}
        onOpen={open}
      />
    );
  };

  const mode = visible ? styles.domGridVisible : styles.domGridOverlay;
  // The focused box is always in the document, in view or not.
  const rendered = windowed && !shown.includes(active) ? [...shown, active] : shown;
  if (layout) {
    const onRing = windowed ? new Set(rendered) : null;
    return (
      <div
        role="group"
        aria-label="Boxes"
        className={`${styles.domRings} ${mode}`}
        data-windowed={windowed ? 'true' : undefined}
        onClick={onBoardClick}
        ref={board}
        {...focusEvents}
      >
        {calloutLayer}
        {layout.rings.map((ring) => {
          const boxes = onRing ? ring.boxes.filter((box) => onRing.has(box)) : ring.boxes;
          return (
            <div
              key={ring.boxes[0]}
              role="group"
              aria-label={ringLabel(ring.boxes.length)}
              className={styles.ring}
            >
              {boxes.map(button)}
            </div>
          );
        })}
      </div>
    );
  }
  // Only a board other than the specification's sets its shape here: pre-rendered HTML (the
  // default board) carries no style attribute.
  const shape =
    grid === DEFAULT_LAYOUT
      ? undefined
      : ({
          '--grid-columns': grid.columns,
          '--grid-rows': grid.rows,
          '--grid-last-row': n - (grid.rows - 1) * grid.columns,
        } as CSSProperties);
  return (
    <div
      role="group"
      aria-label="Boxes"
      className={`${windowed ? styles.domWindow : styles.domGrid} ${mode}`}
      style={shape}
      data-windowed={windowed ? 'true' : undefined}
      onClick={onBoardClick}
      ref={board}
      {...focusEvents}
    >
      {rendered.map(button)}
      {calloutLayer}
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
  /** Where the box stands, where the board does not lay it out itself (rings, windowed grid). */
  placement: CSSProperties | null;
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
