import { PRISONER_COUNT } from '../engine/constants.ts';

/**
 * Geometry of the 3D grid, shared with the DOM twin so that every button sits exactly over its
 * box. The orthographic camera looks down at ELEVATION; an affine projection keeps the lid tops
 * on a regular screen grid: columns PITCH apart, rows PITCH·sin(ELEVATION) apart.
 *
 * A board of n boxes stands in ⌈√n⌉ columns. The stage keeps the shape of the specification's
 * 100-box frame at every n (the page does not jump when n changes): a board of another shape is
 * centred in it, with the spare room split evenly on both sides.
 */
export const PITCH = 1;
export const BOX_SIZE = 0.76;
export const BOX_HEIGHT = 0.3;
export const LID_THICKNESS = 0.06;
/** A lid overhangs its box a little on every side. */
export const LID_SIZE = BOX_SIZE + 0.03;
export const LID_TOP = BOX_HEIGHT + LID_THICKNESS;
export const ELEVATION = (58 * Math.PI) / 180;
/**
 * How far a lid swings up on its back hinge. Short of upright, so that from the camera's angle
 * the open lid is a slim panel that leaves the number of the box behind it readable.
 */
export const LID_OPEN_ANGLE = (72 * Math.PI) / 180;

const SIDE_MARGIN = 0.3;
// Open lids of the back row rise above the grid; front faces of the front row hang below it.
const VERTICAL_MARGIN = 0.55;

/** The placement of n boxes in a grid and the frame the camera shows them in. */
export interface GridLayout {
  boxes: number;
  columns: number;
  rows: number;
  /** The table the boxes stand on, in world units: columns × rows pitches. */
  tableWidth: number;
  tableDepth: number;
  /** What the camera frames, in world units across and (foreshortened) down. */
  viewWidth: number;
  viewHeight: number;
  /** Where the DOM twin goes, in percent of the stage. */
  overlay: { left: number; top: number; width: number; height: number };
}

function frameOf(columns: number, rows: number) {
  const gridWidth = columns * PITCH;
  const gridHeight = rows * PITCH * Math.sin(ELEVATION);
  return {
    gridWidth,
    gridHeight,
    width: gridWidth + 2 * SIDE_MARGIN,
    height: gridHeight + 2 * VERTICAL_MARGIN,
  };
}

/** Columns of a board of n boxes: ⌈√n⌉, exactly (no floating-point square root at the edges). */
export function columnsFor(n: number): number {
  let columns = Math.max(1, Math.ceil(Math.sqrt(n)));
  while (columns > 1 && (columns - 1) * (columns - 1) >= n) columns--;
  while (columns * columns < n) columns++;
  return columns;
}

const DEFAULT_COLUMNS = columnsFor(PRISONER_COUNT);
const DEFAULT_FRAME = frameOf(DEFAULT_COLUMNS, Math.ceil(PRISONER_COUNT / DEFAULT_COLUMNS));
/** The stage's shape, width over height: the specification's board fills it exactly. */
export const STAGE_ASPECT = DEFAULT_FRAME.width / DEFAULT_FRAME.height;

const layouts = new Map<number, GridLayout>();

/** The grid of n boxes (n ≥ 1); one object per n, so it can key caches. */
export function gridLayout(n: number): GridLayout {
  let layout = layouts.get(n);
  if (layout) return layout;
  const columns = columnsFor(n);
  const rows = Math.ceil(n / columns);
  const frame = frameOf(columns, rows);
  const viewWidth = Math.max(frame.width, frame.height * STAGE_ASPECT);
  const viewHeight = viewWidth / STAGE_ASPECT;
  layout = {
    boxes: n,
    columns,
    rows,
    tableWidth: columns * PITCH,
    tableDepth: rows * PITCH,
    viewWidth,
    viewHeight,
    overlay: {
      left: ((viewWidth - frame.gridWidth) / 2 / viewWidth) * 100,
      top: ((viewHeight - frame.gridHeight) / 2 / viewHeight) * 100,
      width: (frame.gridWidth / viewWidth) * 100,
      height: (frame.gridHeight / viewHeight) * 100,
    },
  };
  layouts.set(n, layout);
  return layout;
}

/**
 * World x and z of a box's centre. Box 0 is at the back left, seen from the camera; z grows
 * toward the camera, so each row sits one pitch nearer the viewer than the one before. The last
 * row may be short; it starts at the left like the others.
 */
export function boxPosition(layout: GridLayout, box: number): { x: number; z: number } {
  const { columns, rows } = layout;
  const column = box % columns;
  const row = Math.floor(box / columns);
  return { x: (column - (columns - 1) / 2) * PITCH, z: (row - (rows - 1) / 2) * PITCH };
}

/**
 * Where the lid of a box drawn at `scale` shows on the twin's table: the camera puts the lid tops
 * of full-size boxes (at LID_TOP) on the table's screen grid, and a smaller box's lid top is
 * lower (LID_TOP·scale), which the camera, looking down at ELEVATION, shows as far down the
 * screen as a lid at LID_TOP standing that much nearer the viewer.
 */
export function lidTopZ(z: number, scale: number): number {
  return z + (LID_TOP * (1 - scale)) / Math.tan(ELEVATION);
}

/**
 * A slip leaves a rim of its box in view round it, so an open box never looks like a closed lid,
 * however small; its number is printed as large as it fits (SLIP_NUMBER_SIZE).
 */
export const SLIP_SIZE = BOX_SIZE * 0.72;
/** The slip just read grows to this size at least (in slips), so it reads on a phone… */
const SLIP_CARD_SIZE = 1.15;
/** …and to this many times its box. */
const SLIP_CARD_GROWTH = 1.6;

/**
 * The slip of a box drawn at `scale` as it rises to be read (`lift` 0 in its box, 1 risen): its
 * size (times SLIP_SIZE), the height of its middle, and how far it comes towards the viewer. It
 * rises a little higher than it comes forward, so that the top edge of the open lid standing
 * behind it stays behind it and never shows through.
 */
export function liftedSlip(scale: number, lift: number) {
  const size = scale + lift * (Math.max(SLIP_CARD_SIZE, scale * SLIP_CARD_GROWTH) - scale);
  return {
    size,
    height: BOX_HEIGHT * scale + 0.004 + lift * (0.3 + 0.3 * size),
    forward: lift * 0.15 * size,
  };
}

/**
 * Where the risen slip of a box drawn at `scale` shows on the twin's table, from the middle of
 * the box's lid: half its width, and how far its top and bottom edges are down the table (it
 * faces the camera, so it is as tall on screen as it is wide).
 */
export function liftedSlipOnTwin(scale: number) {
  const { size, height, forward } = liftedSlip(scale, 1);
  const side = size * SLIP_SIZE;
  const middle = forward + (LID_TOP * scale - height) / Math.tan(ELEVATION);
  const halfDepth = side / 2 / Math.sin(ELEVATION);
  return { halfWidth: side / 2, top: middle - halfDepth, bottom: middle + halfDepth };
}

/** The specification's board of 100 boxes: what pre-rendered HTML and its stylesheet show. */
export const DEFAULT_LAYOUT = gridLayout(PRISONER_COUNT);
export const COLUMNS = DEFAULT_LAYOUT.columns;
export const ROWS = DEFAULT_LAYOUT.rows;
export const FRAME_WIDTH = DEFAULT_LAYOUT.viewWidth;
export const FRAME_HEIGHT = DEFAULT_LAYOUT.viewHeight;
export const overlayBox = DEFAULT_LAYOUT.overlay;
