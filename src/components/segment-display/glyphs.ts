/**
 * The 13-segment character cell and its glyph map.
 *
 * A cell is 100 units tall and CELL_WIDTH units wide. Its segments:
 *
 *        ──── a ────
 *       │ ╲    │    ╱ │
 *       f  h   i   j  b
 *       │    ╲ │ ╱    │
 *        ─ g1 ─┼─ g2 ─
 *       │    ╱ │ ╲    │
 *       e  k   i   l  c
 *       │ ╱    │    ╲ │
 *        ──── d ────
 *
 * Seven outer bars (a–f and the split middle g1/g2), four diagonals from the corners to the
 * centre (h, j, k, l) and one centre stroke i running the full height. A single full-height
 * centre stroke (instead of the two half strokes of a 14-segment display) keeps B, D, I and T
 * exact while a split middle bar keeps B, G, K and R exact; only Y falls back to its
 * seven-segment form.
 *
 * Colon and dot are drawn in a narrow punctuation cell with three dots: p1 (upper), p2 (lower)
 * and p3 (on the baseline).
 */

export const SEGMENT_IDS = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g1',
  'g2',
  'h',
  'i',
  'j',
  'k',
  'l',
] as const;
export type SegmentId = (typeof SEGMENT_IDS)[number];

export const DOT_IDS = ['p1', 'p2', 'p3'] as const;
export type DotId = (typeof DOT_IDS)[number];

/**
 * The glyph map: which segments light up for each supported character.
 * Where a letter and a digit would share a shape, one of them takes a distinct form
 * (0 is slashed apart from O, Z uses the diagonals apart from 2, 8 has sides apart from B).
 * S and 5 share the familiar seven-segment shape: words read best that way.
 */
const GLYPH_TABLE = {
  A: 'a b c e f g1 g2',
  B: 'a b c d g2 i',
  C: 'a d e f',
  D: 'a b c d i',
  E: 'a d e f g1',
  F: 'a e f g1',
  G: 'a c d e f g2',
  H: 'b c e f g1 g2',
  I: 'a d i',
  J: 'b c d e',
  K: 'e f g1 j l',
  L: 'd e f',
  M: 'b c e f h j',
  N: 'b c e f h l',
  O: 'a b c d e f',
  P: 'a b e f g1 g2',
  Q: 'a b c d e f l',
  R: 'a b e f g1 g2 l',
  S: 'a c d f g1 g2',
  T: 'a i',
  U: 'b c d e f',
  V: 'e f j k',
  W: 'b c e f k l',
  X: 'h j k l',
  Y: 'b c d f g1 g2',
  Z: 'a d j k',
  '0': 'a b c d e f j k',
  '1': 'b c',
  '2': 'a b d e g1 g2',
  '3': 'a b c d g1 g2',
  '4': 'b c f g1 g2',
  '5': 'a c d f g1 g2',
  '6': 'a c d e f g1 g2',
  '7': 'a b c',
  '8': 'a b c d e f g1 g2',
  '9': 'a b c d f g1 g2',
  ' ': '',
  ':': 'p1 p2',
  '.': 'p3',
} as const satisfies Record<string, string>;

export type Glyph =
  | { kind: 'segments'; lit: ReadonlySet<SegmentId> }
  | { kind: 'punctuation'; lit: ReadonlySet<DotId> };

function parseGlyph(spec: string): Glyph {
  const ids = spec.split(' ').filter((id) => id !== '');
  if (ids.some((id) => id.startsWith('p'))) {
    return { kind: 'punctuation', lit: new Set(ids as DotId[]) };
  }
  return { kind: 'segments', lit: new Set(ids as SegmentId[]) };
}

const GLYPHS: ReadonlyMap<string, Glyph> = new Map(
  Object.entries(GLYPH_TABLE).map(([char, spec]) => [char, parseGlyph(spec)]),
);

/** Every character the display can draw, in table order. */
export const SUPPORTED_CHARACTERS: readonly string[] = Object.keys(GLYPH_TABLE);

/** The glyph for one character (lower case drawn as upper case), or undefined when unsupported. */
export function glyphFor(char: string): Glyph | undefined {
  return GLYPHS.get(char.toUpperCase());
}
