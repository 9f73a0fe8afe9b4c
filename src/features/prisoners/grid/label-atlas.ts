/**
 * The boxes' numbers, drawn by the lid and slip shaders from one small canvas of glyphs (no font
 * files, no text library, and no texture that grows with the board): the digits 0–9 and an arrow
 * in two weights. Each instance carries the numbers it shows (`LabelValues`); the shader lays
 * them out in a cell of CELL × CELL units as a canvas would, shrinking a line to fit the lid, and
 * leaves out text too small on screen to be read. Only the alpha channel is used, as ink.
 */
export const CELL = 128;
/** Widest a line of text may be in its cell: a margin keeps it clear of the lid's edge. */
export const TEXT_WIDTH = CELL * 0.82;

/** The glyphs, in atlas order: a digit's glyph is its value; the arrow comes last. */
export const GLYPHS = '0123456789→';
export const ARROW_GLYPH = 10;
/** One atlas row per weight: numbers, and the bolder slip under the arrow. */
export const WEIGHTS = [650, 750] as const;
/** Font size the glyphs are drawn at, in atlas pixels, and the size of one glyph's cell. */
export const GLYPH_FONT = 96;
export const GLYPH_CELL = 120;
/** Where a glyph's origin sits in its cell: room on the left for ink left of the origin. */
export const GLYPH_PAD = 12;

/**
 * The lines a label shows, in cell units (y down from the cell's top): a box's own number alone,
 * or, when every slip is shown, its number above an arrow and the slip inside.
 */
export const LINES = {
  plain: { middle: CELL / 2 + 3, size: 62, weight: 0 },
  heading: { middle: 38, size: 50, weight: 0 },
  slip: { middle: 88, size: 46, weight: 1 },
} as const;
/** The frame that marks every box of the cycle that dooms the run: its inset and line width. */
export const FRAME_INSET = 6;
export const FRAME_LINE = 8;

/** What an instance's label shows: [number, slip, frame], 1-based numbers, 0 for none. */
export type LabelValues = readonly [number: number, slip: number, frame: 0 | 1];

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A page canvas, or an OffscreenCanvas when the grid is drawn in a worker. */
export type AtlasCanvas = HTMLCanvasElement | OffscreenCanvas;
type AtlasContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface GlyphAtlas {
  canvas: AtlasCanvas;
  /** advances[weight · GLYPHS.length + glyph]: how far the next glyph starts, in ems. */
  advances: number[];
}

export function createGlyphAtlas(): GlyphAtlas {
  const width = GLYPHS.length * GLYPH_CELL;
  const height = WEIGHTS.length * GLYPH_CELL;
  const canvas =
    typeof document === 'undefined'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as AtlasContext | null;
  // Without a 2D context the lids stay blank; the advances keep the shader's layout sane.
  const advances = WEIGHTS.flatMap(() => [...GLYPHS].map(() => 0.56));
  if (!context) return { canvas, advances };
  context.fillStyle = '#fff';
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  WEIGHTS.forEach((weight, row) => {
    context.font = `${weight} ${GLYPH_FONT}px ${FONT}`;
    [...GLYPHS].forEach((glyph, column) => {
      advances[row * GLYPHS.length + column] = context.measureText(glyph).width / GLYPH_FONT;
      context.fillText(glyph, column * GLYPH_CELL + GLYPH_PAD, row * GLYPH_CELL + GLYPH_CELL / 2);
    });
  });
  return { canvas, advances };
}
