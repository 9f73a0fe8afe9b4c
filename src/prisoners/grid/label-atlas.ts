import { PRISONER_COUNT } from '../engine/constants.ts';
import type { CycleStructure } from '../engine/cycles.ts';

/**
 * Numbers for the boxes, drawn on one canvas (no font files, no text library): one cell per box
 * holds its plain number, then one more per box holds its label when every slip is shown: its
 * number and, below an arrow, the slip inside. Only the alpha channel is used, as ink.
 */
export const CYCLE_LABEL_OFFSET = PRISONER_COUNT;
const ATLAS_CELLS = 2 * PRISONER_COUNT;
/** Twice as wide as tall (20 × 10 cells for 100 boxes). */
export const ATLAS_COLUMNS = Math.ceil(Math.sqrt(2 * ATLAS_CELLS));
export const ATLAS_ROWS = Math.ceil(ATLAS_CELLS / ATLAS_COLUMNS);
export const CELL = 128;
/** Widest a line of text may be in its cell: a margin keeps it clear of the lid's edge. */
const TEXT_WIDTH = CELL * 0.82;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A page canvas, or an OffscreenCanvas when the grid is drawn in a worker. */
export type AtlasCanvas = HTMLCanvasElement | OffscreenCanvas;

type AtlasContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
const context2d = (canvas: AtlasCanvas) => canvas.getContext('2d') as AtlasContext | null;

export function createAtlasCanvas(): AtlasCanvas {
  const width = ATLAS_COLUMNS * CELL;
  const height = ATLAS_ROWS * CELL;
  const canvas =
    typeof document === 'undefined'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = context2d(canvas);
  if (!context) return canvas;
  context.fillStyle = '#fff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (let box = 0; box < PRISONER_COUNT; box++) {
    const [x, y] = cellOrigin(box);
    fitFont(context, String(box + 1), 650, 62);
    context.fillText(String(box + 1), x + CELL / 2, y + CELL / 2 + 3);
  }
  return canvas;
}

/**
 * Redraws the labels that show each box's slip and its cycle, for a new board. Under the secret
 * relabelling a box is headed by its name (`names[box]`): the slip names the next box by it.
 */
export function drawCycleLabels(
  canvas: AtlasCanvas,
  slips: ArrayLike<number>,
  structure: CycleStructure,
  names: ArrayLike<number> | null = null,
): void {
  const context = context2d(canvas);
  if (!context) return;
  context.fillStyle = '#fff';
  context.strokeStyle = '#fff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (let box = 0; box < PRISONER_COUNT; box++) {
    const [x, y] = cellOrigin(CYCLE_LABEL_OFFSET + box);
    context.clearRect(x, y, CELL, CELL);
    const heading = String((names ? (names[box] as number) : box) + 1);
    fitFont(context, heading, 650, 50);
    context.fillText(heading, x + CELL / 2, y + 38);
    const slip = `→${(slips[box] as number) + 1}`;
    fitFont(context, slip, 750, 46);
    context.fillText(slip, x + CELL / 2, y + 88);
    if (structure.cycles[structure.cycleOfBox[box] as number]?.dooms) {
      // A frame marks every box of the cycle that dooms the run.
      context.lineWidth = 8;
      context.strokeRect(x + 6, y + 6, CELL - 12, CELL - 12);
    }
  }
}

/** Sets the largest font up to `size` px in which `text` fits a cell's text width. */
function fitFont(context: AtlasContext, text: string, weight: number, size: number): void {
  context.font = `${weight} ${size}px ${FONT}`;
  const width = context.measureText(text).width;
  if (width > TEXT_WIDTH)
    context.font = `${weight} ${Math.floor((size * TEXT_WIDTH) / width)}px ${FONT}`;
}

function cellOrigin(cell: number): [number, number] {
  return [(cell % ATLAS_COLUMNS) * CELL, Math.floor(cell / ATLAS_COLUMNS) * CELL];
}
