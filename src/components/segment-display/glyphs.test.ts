import { describe, expect, it } from 'vitest';
import { SEGMENT_IDS, SUPPORTED_CHARACTERS, glyphFor, type Glyph } from './glyphs.ts';
import { CELL_SPACING, CELL_WIDTH, PUNCTUATION_WIDTH, layoutText } from './geometry.ts';

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
