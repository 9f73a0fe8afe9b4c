// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SEGMENT_IDS, SUPPORTED_CHARACTERS, glyphFor, type Glyph } from './glyphs.ts';
import {
  CELL_HEIGHT,
  CELL_SPACING,
  CELL_WIDTH,
  PUNCTUATION_WIDTH,
  layoutText,
} from './geometry.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const DIGITS = '0123456789'.split('');

const shapeOf = (glyph: Glyph | undefined) => [...(glyph?.lit ?? [])].sort().join(' ');

describe('glyph table', () => {
  it('covers exactly A–Z, 0–9, space, colon and dot', () => {
    expect([...SUPPORTED_CHARACTERS].sort()).toEqual([...LETTERS, ...DIGITS, ' ', ':', '.'].sort());
  });

  it('lights at least one segment for every letter and digit', () => {
    for (const char of [...LETTERS, ...DIGITS]) {
      const glyph = glyphFor(char);
      expect(glyph?.kind, char).toBe('segments');
      expect(glyph?.lit.size, char).toBeGreaterThan(1);
    }
  });

  it('gives every letter and digit its own shape, except S and 5', () => {
    const byShape = new Map<string, string[]>();
    for (const char of [...LETTERS, ...DIGITS]) {
      const shape = shapeOf(glyphFor(char));
      byShape.set(shape, [...(byShape.get(shape) ?? []), char]);
    }
    const shared = [...byShape.values()].filter((chars) => chars.length > 1);
    expect(shared).toEqual([['S', '5']]);
  });

  it('uses all 13 segments', () => {
    const used = new Set(
      [...LETTERS, ...DIGITS].flatMap((char) => [...(glyphFor(char)?.lit ?? [])]),
    );
    expect([...used].sort()).toEqual([...SEGMENT_IDS].sort());
    expect(SEGMENT_IDS).toHaveLength(13);
  });

  it('draws lower case as upper case', () => {
    for (const char of LETTERS) expect(glyphFor(char.toLowerCase())).toBe(glyphFor(char));
  });

  it('draws colon and dot as punctuation, space as a blank cell', () => {
    expect(glyphFor(':')).toMatchObject({ kind: 'punctuation' });
    expect(shapeOf(glyphFor(':'))).toBe('p1 p2');
    expect(shapeOf(glyphFor('.'))).toBe('p3');
    expect(glyphFor(' ')).toMatchObject({ kind: 'segments' });
    expect(glyphFor(' ')?.lit.size).toBe(0);
  });

  it('has no glyph for anything else', () => {
    for (const char of ['~', '!', '#', 'Æ', 'ß', '-', '😀', '', 'AB']) {
      expect(glyphFor(char), char).toBeUndefined();
    }
  });
});

/**
 * Where each lit stroke of one character's cell lies, in words, found from the drawn polygons
 * alone: a bar is horizontal or vertical by its extent, and named by where its centre falls.
 */
function litStrokes(char: string): string[] {
  const polygons = layoutText(char)
    .litPath.split('Z')
    .filter((part) => part !== '');
  return polygons
    .map((polygon) => {
      const points = [...polygon.matchAll(/[ML]([\d.-]+) ([\d.-]+)/g)].map(([, x, y]) => [
        Number(x),
        Number(y),
      ]);
      const xs = points.map(([x]) => x!);
      const ys = points.map(([, y]) => y!);
      const width = Math.max(...xs) - Math.min(...xs);
      const height = Math.max(...ys) - Math.min(...ys);
      const x = (Math.max(...xs) + Math.min(...xs)) / 2 / CELL_WIDTH;
      const y = (Math.max(...ys) + Math.min(...ys)) / 2 / CELL_HEIGHT;
      const side = x < 0.4 ? 'left' : x > 0.6 ? 'right' : 'centre';
      const half = y < 0.5 ? 'upper' : 'lower';
      if (width > 1.5 * height) {
        if (y < 0.2) return 'top';
        if (y > 0.8) return 'bottom';
        return `middle ${side}`;
      }
      if (height > 3 * width) return side === 'centre' ? 'centre' : `${half} ${side}`;
      // A diagonal runs from a corner of its quarter to the centre of the cell.
      const towardCentre = points.some(
        ([px, py]) => Math.abs(px! - CELL_WIDTH / 2) < 12 && Math.abs(py! - CELL_HEIGHT / 2) < 12,
      );
      return `${half} ${side} diagonal${towardCentre ? '' : ' (not to the centre)'}`;
    })
    .sort();
}

describe('glyphs as drawn', () => {
  // The familiar seven-segment digits (top, upper and lower sides, middle, bottom), and every
  // letter, those that need the diagonals and the centre stroke written out stroke by stroke.
  const sides = {
    a: ['top'],
    b: ['upper right'],
    c: ['lower right'],
    d: ['bottom'],
    e: ['lower left'],
    f: ['upper left'],
    g: ['middle left', 'middle right'],
  };
  const sevenSegment = (segments: string) =>
    segments.split('').flatMap((segment) => sides[segment as keyof typeof sides]);

  it.each([
    ['0', [...sevenSegment('abcdef'), 'upper right diagonal', 'lower left diagonal']],
    ['1', sevenSegment('bc')],
    ['2', sevenSegment('abged')],
    ['3', sevenSegment('abgcd')],
    ['4', sevenSegment('fgbc')],
    ['5', sevenSegment('afgcd')],
    ['6', sevenSegment('afgedc')],
    ['7', sevenSegment('abc')],
    ['8', sevenSegment('abcdefg')],
    ['9', sevenSegment('abcdfg')],
    ['A', sevenSegment('abcefg')],
    ['B', ['top', 'upper right', 'lower right', 'bottom', 'middle right', 'centre']],
    [
      'K',
      ['upper left', 'lower left', 'middle left', 'upper right diagonal', 'lower right diagonal'],
    ],
    [
      'M',
      [
        'upper left',
        'lower left',
        'upper right',
        'lower right',
        'upper left diagonal',
        'upper right diagonal',
      ],
    ],
    [
      'N',
      [
        'upper left',
        'lower left',
        'upper right',
        'lower right',
        'upper left diagonal',
        'lower right diagonal',
      ],
    ],
    ['C', sevenSegment('adef')],
    ['D', [...sevenSegment('abcd'), 'centre']],
    ['E', [...sevenSegment('adef'), 'middle left']],
    ['F', [...sevenSegment('aef'), 'middle left']],
    ['G', [...sevenSegment('acdef'), 'middle right']],
    ['H', sevenSegment('bcefg')],
    ['I', ['top', 'bottom', 'centre']],
    ['J', sevenSegment('bcde')],
    ['L', sevenSegment('def')],
    ['O', sevenSegment('abcdef')],
    ['P', sevenSegment('abefg')],
    ['Q', [...sevenSegment('abcdef'), 'lower right diagonal']],
    ['R', [...sevenSegment('abefg'), 'lower right diagonal']],
    ['S', sevenSegment('afgcd')],
    ['T', ['top', 'centre']],
    ['U', sevenSegment('bcdef')],
    ['V', [...sevenSegment('ef'), 'lower left diagonal', 'upper right diagonal']],
    ['W', [...sevenSegment('bcef'), 'lower left diagonal', 'lower right diagonal']],
    [
      'X',
      [
        'upper left diagonal',
        'upper right diagonal',
        'lower left diagonal',
        'lower right diagonal',
      ],
    ],
    ['Y', sevenSegment('bcdfg')],
    ['Z', ['top', 'bottom', 'upper right diagonal', 'lower left diagonal']],
  ])('draws %s with exactly its strokes', (char, strokes) => {
    expect(litStrokes(char)).toEqual([...strokes].sort());
  });

  it('draws a colon as two dots one above the other, a dot on the baseline', () => {
    const centres = (char: string) =>
      [...layoutText(char).litPath.matchAll(/M([\d.]+) ([\d.]+)a(\d+)/g)].map(([, x, y, r]) => [
        Number(x) + Number(r),
        Number(y),
      ]);
    expect(centres(':')).toEqual([
      [PUNCTUATION_WIDTH / 2, 30],
      [PUNCTUATION_WIDTH / 2, 70],
    ]);
    const [[, baseline]] = centres('.') as [[number, number]];
    expect(baseline).toBeGreaterThan(90);
  });
});

describe('layoutText', () => {
  it('places cells side by side, punctuation narrow and close', () => {
    expect(layoutText('A').width).toBe(CELL_WIDTH);
    expect(layoutText('AB').width).toBe(2 * CELL_WIDTH + CELL_SPACING);
    expect(layoutText('1:2').width).toBe(2 * CELL_WIDTH + PUNCTUATION_WIDTH + CELL_SPACING);
  });

  it('draws an unsupported character as a blank cell and lists it once', () => {
    const withTilde = layoutText('A~B~');
    const withSpace = layoutText('A B ');
    expect(withTilde.litPath).toBe(withSpace.litPath);
    expect(withTilde.unlitPath).toBe(withSpace.unlitPath);
    expect(withTilde.unsupported).toEqual(['~']);
    expect(layoutText('😀').width).toBe(CELL_WIDTH);
  });

  it('splits every cell between the lit and the unlit path', () => {
    const eight = layoutText('8');
    const blank = layoutText(' ');
    expect(eight.litPath.split('Z').length - 1).toBe(8);
    expect(eight.unlitPath.split('Z').length - 1).toBe(5);
    expect(blank.litPath).toBe('');
    expect(blank.unlitPath.split('Z').length - 1).toBe(13);
  });
});
