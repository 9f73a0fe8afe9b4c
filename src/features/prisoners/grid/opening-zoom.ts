import { clampZoom, WHOLE_BOARD, type BoardZoom } from './board-zoom.ts';
import { CELL, LINES, TEXT_WIDTH } from './label-atlas.ts';
import type { GridView } from './grid-view.ts';
import { LID_SIZE, gridLayout, lidTopZ, type GridLayout } from './layout.ts';
import { ringLayout, type Placement } from './ring-layout.ts';

/**
 * The view a new run opens with: the whole board, until the stage (which knows its size in
 * pixels) zooms a board whose numbers cannot be read at the overview in around the current
 * prisoner's box. A value of its own, so the stage tells it from a whole board the visitor asked
 * for with Show the whole board.
 */
export const OPENING_VIEW: BoardZoom = { ...WHOLE_BOARD };

/** Numbers on lids smaller than this (font size, CSS px) cannot be read: the lids fade them out. */
export const UNREADABLE_NUMBER_PX = 8;
/** The size a board too small to read opens its numbers at. */
export const OPENING_NUMBER_PX = 12;
/**
 * A digit's advance in ems: a little more than the system fonts' tabular digits (0.55 to 0.6),
 * so that the estimate errs towards larger boxes.
 */
const DIGIT_ADVANCE = 0.6;

/**
 * The font size (CSS px) a lid `lidPx` wide prints a number of `digits` at: as the lid shader
 * lays it out, at the plain line's size unless the number must shrink to fit the lid's width.
 */
export function lidNumberPx(lidPx: number, digits: number): number {
  const em = Math.min(LINES.plain.size, TEXT_WIDTH / (digits * DIGIT_ADVANCE));
  return (em / CELL) * lidPx;
}

/** Where a box's lid is on the stage at the overview, as fractions of its width and height. */
export function boxOnStage(
  grid: GridLayout,
  placements: readonly Placement[] | null,
  box: number,
): { x: number; y: number } {
  let across: number;
  let down: number;
  if (placements) {
    const { x, z, scale } = placements[box]!;
    across = x / grid.tableWidth + 0.5;
    down = lidTopZ(z, scale) / grid.tableDepth + 0.5;
  } else {
    across = ((box % grid.columns) + 0.5) / grid.columns;
    down = (Math.floor(box / grid.columns) + 0.5) / grid.rows;
  }
  const { left, top, width, height } = grid.overlay;
  return { x: (left + across * width) / 100, y: (top + down * height) / 100 };
}

/** The scale of the smallest box of a layout: 1 in the grid, less in the rings. */
export const smallestBoxScale = (placements: readonly Placement[] | null): number =>
  placements ? placements.reduce((least, p) => Math.min(least, p.scale), 1) : 1;

/**
 * The font size (CSS px) of the board's largest number (n) on its smallest lid: a stage
 * `stageWidth` CSS px wide, boxes drawn at `boxScale`, zoomed `zoomScale` times.
 */
export function numberPxShown(
  grid: GridLayout,
  stageWidth: number,
  boxScale: number,
  zoomScale: number,
): number {
  const lidPx = (stageWidth / grid.viewWidth) * LID_SIZE * boxScale * zoomScale;
  return lidNumberPx(lidPx, String(grid.boxes).length);
}

/**
 * The zoom a board opens at: the whole board when its numbers can be read there; otherwise the
 * scale that prints them at OPENING_NUMBER_PX (within `maxScale`), centred on `focus` as far as
 * the frame allows.
 */
export function openingZoom(
  grid: GridLayout,
  stageWidth: number,
  boxScale: number,
  focus: { x: number; y: number },
  maxScale: number,
): BoardZoom {
  const overview = numberPxShown(grid, stageWidth, boxScale, 1);
  if (!(overview > 0) || overview >= UNREADABLE_NUMBER_PX) return WHOLE_BOARD;
  const scale = Math.min(maxScale, OPENING_NUMBER_PX / overview);
  // The view shows boxes edge to edge where it can: a box near the board's edge is shown near
  // the view's edge, with half a box to spare, rather than in the middle of the empty frame.
  const { left, top, width, height } = grid.overlay;
  const spare = { x: width / grid.columns / 200, y: height / grid.rows / 200 };
  const within = (value: number, from: number, to: number, margin: number) => {
    const low = from - margin + 0.5 / scale;
    const high = to + margin - 0.5 / scale;
    return low > high ? (from + to) / 2 : Math.min(Math.max(value, low), high);
  };
  return clampZoom(
    {
      scale,
      x: within(focus.x, left / 100, (left + width) / 100, spare.x),
      y: within(focus.y, top / 100, (top + height) / 100, spare.y),
    },
    maxScale,
  );
}

/**
 * How much further a view must zoom for its numbers to be read on a stage `stageWidth` CSS px
 * wide (to OPENING_NUMBER_PX), or null when they can be read as shown.
 */
export function readingZoomFactor(view: GridView, stageWidth: number): number | null {
  const grid = gridLayout(view.slips.length);
  const placements = view.rings ? ringLayout(view.cycles.cycles).placements : null;
  const shown = numberPxShown(grid, stageWidth, smallestBoxScale(placements), view.zoom.scale);
  return shown > 0 && shown < UNREADABLE_NUMBER_PX ? OPENING_NUMBER_PX / shown : null;
}
