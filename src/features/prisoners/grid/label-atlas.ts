/**
 * The boxes' numbers, drawn by the lid and slip shaders from one small canvas of glyphs (no font
 * files, no text library, and no texture that grows with the board): the digits 0–9 and an arrow
 * in two weights. Each instance carries the numbers it shows (`LabelValues`); the shader lays
 * them out in a cell of CELL × CELL units as a canvas would, shrinking a line to fit the lid, and
 * leaves out text too small on screen to be read. Only the alpha channel is used, as ink.
 *
 * Every glyph is placed in its atlas cell from its measured ink, not from the font's idea of a
 * baseline (engines place 'middle' differently, and a font's ink may pass its advance): all of
 * its ink lies inside its cell with GLYPH_MARGIN to spare, so the shader can sample a cell
 * whole, and mipmaps of the atlas never mix two glyphs.
 */
export const CELL = 128;
/** Widest a line of text may be in its cell: a margin keeps it clear of the lid's edge. */
export const TEXT_WIDTH = CELL * 0.82;

/** The glyphs, in atlas order: a digit's glyph is its value; the arrow comes last. */
export const GLYPHS = '0123456789→';
export const ARROW_GLYPH = 10;
/** One atlas row per weight: numbers, and the bolder slip under the arrow. */
export const WEIGHTS = [650, 750] as const;
/** Largest font size the glyphs are drawn at, in atlas pixels, and the side of a glyph's cell. */
export const GLYPH_FONT = 96;
export const GLYPH_CELL = 128;
/**
 * Clear room round every glyph's ink in its cell, in atlas pixels: more than a texel at the
 * coarsest mipmap a legible label samples (a 6 px glyph of a 96 px one: 1/16).
 */
export const GLYPH_MARGIN = 20;

/**
 * The lines a label shows, in cell units (y down from the cell's top): a box's own number alone,
 * or, when every slip is shown, its number above an arrow and the slip inside. `middle` is where
 * the middle of the digits' ink goes; `size` the font size.
 */
export const LINES = {
  plain: { middle: CELL / 2, size: 62, weight: 0 },
  heading: { middle: 38, size: 50, weight: 0 },
  slip: { middle: 88, size: 46, weight: 1 },
} as const;
/**
 * A slip shows one number and nothing else: it is printed as large as its width allows (two digits
 * fill it), which makes it as large on screen as a lid's number though the slip is smaller.
 */
export const SLIP_NUMBER_SIZE = 88;
/** The frame that marks every box of the cycle that dooms the run: its inset and line width. */
export const FRAME_INSET = 6;
export const FRAME_LINE = 8;

/** What an instance's label shows: [number, slip, frame], 1-based numbers, 0 for none. */
export type LabelValues = readonly [number: number, slip: number, frame: 0 | 1];

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A glyph's measure at GLYPH_FONT, in atlas pixels, as a canvas's measureText reports it. */
export interface GlyphMeasure {
  /** How far the next glyph starts. */
  advance: number;
  /** Ink left of the origin (positive: the ink starts left of it) and right of it. */
  left: number;
  right: number;
  /** Ink above and below the alphabetic baseline. */
  ascent: number;
  descent: number;
}

/** Where the glyphs are drawn in their cells, for the shader to read them back. */
export interface AtlasPlacement {
  /** Font size the glyphs are drawn at (GLYPH_FONT, or less where their ink would not fit). */
  fontPx: number;
  /** The glyph origin's distance from its cell's left edge. */
  originX: number;
  /** The alphabetic baseline's distance from its cell's top: the digits' ink is centred. */
  baselineY: number;
  /** advances[weight · GLYPHS.length + glyph], in ems. */
  advances: number[];
}

/**
 * Places measured glyphs (every weight's, in atlas order, measured at GLYPH_FONT) in their cells:
 * one origin and one baseline for all, the middle of the digits' ink at the cell's middle, the
 * font shrunk if some glyph's ink would come nearer an edge of its cell than GLYPH_MARGIN.
 */
export function placeGlyphs(measures: readonly GlyphMeasure[]): AtlasPlacement {
  const digits = measures.filter((_, index) => index % GLYPHS.length !== ARROW_GLYPH);
  const most = (values: number[]) => Math.max(0, ...values);
  const digitAscent = most(digits.map((m) => m.ascent));
  const digitDescent = Math.max(...digits.map((m) => m.descent));
  // At GLYPH_FONT, relative to the origin and the baseline; centred, the digits' middle is at 0.
  const middle = (digitAscent - digitDescent) / 2;
  const left = most(measures.map((m) => m.left));
  const right = most(measures.map((m) => m.right));
  const above = most(measures.map((m) => m.ascent - middle));
  const below = most(measures.map((m) => m.descent + middle));
  const room = GLYPH_CELL - 2 * GLYPH_MARGIN;
  const scale = Math.min(1, room / (left + right), room / 2 / above, room / 2 / below);
  const advances = measures.map((m) => {
    // A width the engine could not give (an empty measure) is taken from the ink.
    const advance = m.advance > 0 ? m.advance : m.left + m.right;
    return advance / GLYPH_FONT;
  });
  return {
    fontPx: GLYPH_FONT * scale,
    originX: GLYPH_MARGIN + left * scale,
    baselineY: GLYPH_CELL / 2 + middle * scale,
    advances,
  };
}

/** A page canvas, or an OffscreenCanvas when the grid is drawn in a worker. */
export type AtlasCanvas = HTMLCanvasElement | OffscreenCanvas;
type AtlasContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface GlyphAtlas extends AtlasPlacement {
  canvas: AtlasCanvas;
}

/** A glyph's measure, with the ink estimated where the engine reports no bounding box. */
function measure(context: AtlasContext, glyph: string): GlyphMeasure {
  const metrics = context.measureText(glyph);
  const advance = metrics.width;
  const known = (value: number | undefined, fallback: number) =>
    Number.isFinite(value) ? (value as number) : fallback;
  return {
    advance,
    left: known(metrics.actualBoundingBoxLeft, 0),
    right: known(metrics.actualBoundingBoxRight, advance),
    ascent: known(metrics.actualBoundingBoxAscent, GLYPH_FONT * 0.75),
    descent: known(metrics.actualBoundingBoxDescent, 0),
  };
}

export function createGlyphAtlas(): GlyphAtlas {
  const width = GLYPHS.length * GLYPH_CELL;
  const height = WEIGHTS.length * GLYPH_CELL;
  const canvas =
    typeof document === 'undefined'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as AtlasContext | null;
  const font = (weight: number, size: number) => `${weight} ${size}px ${FONT}`;
  // Without a 2D context the lids stay blank; a plain placement keeps the shader's layout sane.
  if (!context) {
    const blank = { advance: 54, left: 0, right: 54, ascent: 70, descent: 0 };
    return { canvas, ...placeGlyphs([...GLYPHS, ...GLYPHS].map(() => blank)) };
  }
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
  const measures = WEIGHTS.flatMap((weight) => {
    context.font = font(weight, GLYPH_FONT);
    return [...GLYPHS].map((glyph) => measure(context, glyph));
  });
  const placement = placeGlyphs(measures);
  context.fillStyle = '#fff';
  WEIGHTS.forEach((weight, row) => {
    context.font = font(weight, placement.fontPx);
    [...GLYPHS].forEach((glyph, column) => {
      context.fillText(
        glyph,
        column * GLYPH_CELL + placement.originX,
        row * GLYPH_CELL + placement.baselineY,
      );
    });
  });
  return { canvas, ...placement };
}
