import {
  DOT_IDS,
  SEGMENT_IDS,
  glyphFor,
  type DotId,
  type Glyph,
  type SegmentId,
} from './glyphs.ts';

/** Cell geometry in SVG units; a character is CELL_HEIGHT units tall. */
export const CELL_HEIGHT = 100;
export const CELL_WIDTH = 62;
export const PUNCTUATION_WIDTH = 18;
export const CELL_SPACING = 14;

const STROKE = 9;
const GAP = 1.6;
const DOT_RADIUS = 6;

type Point = readonly [number, number];

/** A horizontal bar with pointed ends, from x1 to x2 along the line y. */
function horizontal(x1: number, x2: number, y: number): Point[] {
  const half = STROKE / 2;
  return [
    [x1, y],
    [x1 + half, y - half],
    [x2 - half, y - half],
    [x2, y],
    [x2 - half, y + half],
    [x1 + half, y + half],
  ];
}

/** A vertical bar with pointed ends, from y1 to y2 along the line x. */
function vertical(x: number, y1: number, y2: number): Point[] {
  const half = STROKE / 2;
  return [
    [x, y1],
    [x + half, y1 + half],
    [x + half, y2 - half],
    [x, y2],
    [x - half, y2 - half],
    [x - half, y1 + half],
  ];
}

/**
 * A diagonal stroke filling the box (left, top)–(right, bottom) corner to corner, STROKE thick.
 * `rising` strokes run from bottom-left to top-right.
 */
function diagonal(left: number, top: number, right: number, bottom: number, rising: boolean) {
  const width = right - left;
  const height = bottom - top;
  const ratio = height / width;
  // Offsets along the box edges that give the stroke a perpendicular thickness of STROKE.
  const dx = (STROKE * Math.sqrt(1 + ratio * ratio)) / (2 * ratio);
  const dy = dx * ratio;
  const falling: Point[] = [
    [left, top],
    [left + dx, top],
    [right, bottom - dy],
    [right, bottom],
    [right - dx, bottom],
    [left, top + dy],
  ];
  // Mirror horizontally for strokes that rise to the right.
  return rising ? falling.map(([x, y]): Point => [left + right - x, y]) : falling;
}

function buildSegments(): Record<SegmentId, Point[]> {
  const w = CELL_WIDTH;
  const h = CELL_HEIGHT;
  const half = STROKE / 2;
  const midX = w / 2;
  const midY = h / 2;
  const innerLeft = STROKE + GAP;
  const innerRight = w - STROKE - GAP;
  const innerTop = STROKE + GAP;
  const innerBottom = h - STROKE - GAP;
  const centreLeft = midX - half - GAP;
  const centreRight = midX + half + GAP;
  const upperMid = midY - half - GAP;
  const lowerMid = midY + half + GAP;
  return {
    a: horizontal(half + GAP, w - half - GAP, half),
    b: vertical(w - half, half + GAP, midY - GAP),
    c: vertical(w - half, midY + GAP, h - half - GAP),
    d: horizontal(half + GAP, w - half - GAP, h - half),
    e: vertical(half, midY + GAP, h - half - GAP),
    f: vertical(half, half + GAP, midY - GAP),
    g1: horizontal(half + GAP, centreLeft, midY),
    g2: horizontal(centreRight, w - half - GAP, midY),
    h: diagonal(innerLeft, innerTop, centreLeft, upperMid, false),
    i: vertical(midX, innerTop - half, innerBottom + half),
    j: diagonal(centreRight, innerTop, innerRight, upperMid, true),
    k: diagonal(innerLeft, lowerMid, centreLeft, innerBottom, true),
    l: diagonal(centreRight, lowerMid, innerRight, innerBottom, false),
  };
}

const SEGMENTS = buildSegments();

const DOT_CENTRES: Record<DotId, Point> = {
  p1: [PUNCTUATION_WIDTH / 2, CELL_HEIGHT * 0.3],
  p2: [PUNCTUATION_WIDTH / 2, CELL_HEIGHT * 0.7],
  p3: [PUNCTUATION_WIDTH / 2, CELL_HEIGHT - DOT_RADIUS],
};

const round = (value: number) => Math.round(value * 100) / 100;

function polygonPath(points: readonly Point[], offsetX: number): string {
  return (
    points
      .map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x + offsetX)} ${round(y)}`)
      .join('') + 'Z'
  );
}

function dotPath([cx, cy]: Point, offsetX: number): string {
  const x = round(cx + offsetX);
  const r = DOT_RADIUS;
  return `M${round(x - r)} ${round(cy)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

export interface TextLayout {
  /** Total width in SVG units. */
  width: number;
  /** One path with every lit segment, and one with every unlit segment. */
  litPath: string;
  unlitPath: string;
  /** Characters that have no glyph, each once, in order of appearance. */
  unsupported: string[];
}

function cellWidth(glyph: Glyph): number {
  return glyph.kind === 'punctuation' ? PUNCTUATION_WIDTH : CELL_WIDTH;
}

/** Lays out a text as cells side by side and merges the segments into two SVG paths. */
export function layoutText(text: string): TextLayout {
  const lit: string[] = [];
  const unlit: string[] = [];
  const unsupported: string[] = [];
  let x = 0;
  let previous: Glyph | undefined;
  // Array.from splits by code point, so an emoji is one (blank) cell, not two.
  for (const char of Array.from(text)) {
    const found = glyphFor(char);
    if (!found && !unsupported.includes(char)) unsupported.push(char);
    const glyph: Glyph = found ?? { kind: 'segments', lit: new Set() };
    // Punctuation tucks in closer to its neighbours, as on a clock face.
    if (previous) {
      const tight = previous.kind === 'punctuation' || glyph.kind === 'punctuation';
      x += tight ? CELL_SPACING / 2 : CELL_SPACING;
    }
    if (glyph.kind === 'segments') {
      for (const id of SEGMENT_IDS) {
        (glyph.lit.has(id) ? lit : unlit).push(polygonPath(SEGMENTS[id], x));
      }
    } else {
      for (const id of DOT_IDS) {
        (glyph.lit.has(id) ? lit : unlit).push(dotPath(DOT_CENTRES[id], x));
      }
    }
    x += cellWidth(glyph);
    previous = glyph;
  }
  return { width: x, litPath: lit.join(''), unlitPath: unlit.join(''), unsupported };
}
