// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GLYPHS,
  GLYPH_CELL,
  GLYPH_FONT,
  GLYPH_MARGIN,
  placeGlyphs,
  type GlyphMeasure,
} from './label-atlas.ts';

/** Every glyph of both weights measured alike, the arrow as given. */
const measures = (digit: GlyphMeasure, arrow: GlyphMeasure = digit) =>
  [0, 1].flatMap(() => [...GLYPHS].map((_, index) => (index === 10 ? arrow : digit)));

/** Where a glyph's ink lies in its cell, drawn as the placement says. */
function inkInCell(measure: GlyphMeasure, fontPx: number, originX: number, baselineY: number) {
  const scale = fontPx / GLYPH_FONT;
  return {
    left: originX - measure.left * scale,
    right: originX + measure.right * scale,
    top: baselineY - measure.ascent * scale,
    bottom: baselineY + measure.descent * scale,
  };
}

describe('the glyph atlas', () => {
  it('centres digits of a common font in their cells at the full size', () => {
    // Digits 51 px of ink on the baseline, 70 px high; the arrow 82 × 40 around the x-height:
    // all within the 88 px a cell has inside its margins.
    const digit = { advance: 55, left: -2, right: 53, ascent: 70, descent: 0 };
    const arrow = { advance: 96, left: -4, right: 86, ascent: 50, descent: -10 };
    const placed = placeGlyphs(measures(digit, arrow));
    expect(placed.fontPx).toBe(GLYPH_FONT);
    // No ink left of any origin: the origin is the margin in; the digits' middle is the cell's.
    expect(placed.originX).toBe(GLYPH_MARGIN);
    expect(placed.baselineY).toBe(GLYPH_CELL / 2 + 35);
    expect(placed.advances.slice(0, 11)).toEqual([...Array(10).fill(55 / 96), 1]);
  });

  it('shrinks the font when a glyph would reach a cell’s edge: a tall font with ink left of the origin', () => {
    // Digits 80 px high, one of them with 12 px of ink left of its origin.
    const digit = { advance: 60, left: 12, right: 58, ascent: 80, descent: 4 };
    const placed = placeGlyphs(measures(digit));
    // Room of 128 − 2·20 = 88 px: 84 px of height and 70 px of width fit as they are; but the
    // arrow here is a digit too. Half the height each side of the middle: 42 ≤ 44.
    expect(placed.fontPx).toBe(GLYPH_FONT);
    expect(placed.originX).toBe(GLYPH_MARGIN + 12);
    expect(placed.baselineY).toBe(GLYPH_CELL / 2 + 38);
    const tall = { advance: 60, left: 0, right: 58, ascent: 110, descent: 0 };
    // 110 px of ink in 88 px of room: drawn at 96 · 88 / 110.
    expect(placeGlyphs(measures(tall)).fontPx).toBeCloseTo((96 * 88) / 110, 12);
  });

  it('takes the advance from the ink when the engine measures none', () => {
    const blank = { advance: 0, left: 1, right: 47, ascent: 70, descent: 0 };
    expect(placeGlyphs(measures(blank)).advances[3]).toBe(48 / 96);
  });

  it('keeps every glyph’s ink inside its cell with the margin to spare, whatever the font', () => {
    const measure = fc.record({
      advance: fc.double({ min: 0, max: 200, noNaN: true }),
      left: fc.double({ min: -20, max: 60, noNaN: true }),
      right: fc.double({ min: 1, max: 200, noNaN: true }),
      ascent: fc.double({ min: 1, max: 200, noNaN: true }),
      descent: fc.double({ min: -20, max: 80, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(measure, { minLength: 22, maxLength: 22 }), (all) => {
        const { fontPx, originX, baselineY } = placeGlyphs(all);
        return all.every((glyph) => {
          const ink = inkInCell(glyph, fontPx, originX, baselineY);
          const room = 1e-9;
          return (
            ink.left >= GLYPH_MARGIN - room &&
            ink.right <= GLYPH_CELL - GLYPH_MARGIN + room &&
            ink.top >= GLYPH_MARGIN - room &&
            ink.bottom <= GLYPH_CELL - GLYPH_MARGIN + room
          );
        });
      }),
      { numRuns: 300 },
    );
  });
});
