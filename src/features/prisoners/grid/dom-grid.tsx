import {
  memo,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { hasOpened } from '../engine/game.ts';
import { namesOfBoxes } from '../engine/variants.ts';
import { useBoardFields, type BoardSource, type BoardView } from './board-source.ts';
import { BoxButton, boxLabel } from './box-button.tsx';
import { BoxCallouts, LEGIBLE_BOX_PX, calloutsFor } from './box-callouts.tsx';
import { BOX_SIZE, DEFAULT_LAYOUT, gridLayout, lidTopZ } from './layout.ts';
import { CYCLE_COLOURS } from './palette.ts';
import { ringLayout } from './ring-layout.ts';
import { gridKeyTarget, ringKeyTarget } from './twin-keys.ts';
import { cellStyle, placementStyle } from './twin-places.ts';
import { boxAtPoint, boxesInView } from './twin-window.ts';
import { useElementWidth } from './use-element-width.ts';
import { useTwinFocus } from './use-twin-focus.ts';
import styles from './box-grid.module.css';

/**
 * Boards up to this size have a button for every box. Larger ones render the focused box and,
 * once zoomed in far enough, the boxes in view (at most TWIN_WINDOW_MAX): the document never
 * holds thousands of buttons, and a click anywhere still reaches the box under it.
 */
export const TWIN_ALL_BUTTONS_UP_TO = 400;
export const TWIN_WINDOW_MAX = 400;

/** The accessible name of a ring. */
const ringLabel = (length: number) =>
  length === 1 ? 'Cycle of 1 box' : `Cycle of ${length} boxes`;

/**
 * Real buttons laid out as the boxes are: a grid, or rings (one group per cycle, the boxes in the
 * order the slips lead). Over the canvas they are transparent and carry all interaction; without
 * WebGL they are the boxes. One tab stop: arrow keys move within the grid or along a ring (Page
 * Up and Page Down to the previous or next ring). A large board renders only some of its buttons
 * (TWIN_ALL_BUTTONS_UP_TO), the focused one always.
 */
export function DomGrid({ source, visible }: DomGridProps) {
  const fields = useBoardFields(source, ...TWIN_FIELDS);
  // A large board's buttons follow a step behind, in a render React may split across frames and
  // interrupt: a new deal at 10,000 boxes re-renders hundreds of them, which in one task kept key
  // presses waiting. A small board's buttons change in the same render as the rest of the page.
  const deferred = useDeferredValue(fields);
  const shown = fields.slips.length > TWIN_ALL_BUTTONS_UP_TO ? deferred : fields;
  return <DomGridBoxes fields={shown} source={source} visible={visible} />;
}

interface DomGridProps {
  source: BoardSource;
  visible: boolean;
}

/** What the twin's buttons show. */
const TWIN_FIELDS = [
  'slips',
  'labels',
  'game',
  'cycles',
  'showCycles',
  'rings',
  'helperTurn',
  'picked',
  'interactive',
  'zoom',
] as const;
type TwinFields = Pick<BoardView, (typeof TWIN_FIELDS)[number]>;

/** The twin's buttons for the fields given: re-rendered only when they or the props change. */
const DomGridBoxes = memo(function DomGridBoxes({
  fields,
  source,
  visible,
}: DomGridProps & { fields: TwinFields }) {
  const { slips, labels, game, cycles, showCycles, rings, helperTurn, picked, interactive, zoom } =
    fields;
  const n = slips.length;
  const grid = gridLayout(n);
  const windowed = n > TWIN_ALL_BUTTONS_UP_TO;
  const { active, setActive, moveTo, focusWhenRendered, keepFocus, register } = useTwinFocus(n);
  const board = useRef<HTMLDivElement>(null);
  const boardWidth = useElementWidth(board, 'layout');
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

  const open = useCallback(
    (box: number) => {
      keepFocus(box);
      if (helperTurn) source.pickForSwap(box);
      else source.openBox(box);
    },
    [helperTurn, source, keepFocus],
  );

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
      focusWhenRendered(box);
      if (helperTurn ? true : !hasOpened(game, box) && interactive) open(box);
    },
    [windowed, grid, placements, helperTurn, game, interactive, open, focusWhenRendered],
  );

  const button = (box: number) => {
    const isOpen = hasOpened(game, box);
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
});
