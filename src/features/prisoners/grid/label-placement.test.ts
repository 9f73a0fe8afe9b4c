// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LABEL_GAP, placeLabels, type Box, type LabelRequest } from './label-placement.ts';

const BOUNDS: Box = { left: 0, top: 0, width: 400, height: 300 };
const box = (left: number, top: number, side = 10): Box => ({
  left,
  top,
  width: side,
  height: side,
});
const label = (anchor: Box, width = 30, height = 20): LabelRequest => ({ anchor, width, height });

/** The rectangles two placed labels take, and whether they come nearer than the gap. */
const tooClose = (a: Box, b: Box) =>
  a.left < b.left + b.width + LABEL_GAP &&
  b.left < a.left + a.width + LABEL_GAP &&
  a.top < b.top + b.height + LABEL_GAP &&
  b.top < a.top + a.height + LABEL_GAP;

describe('label placement', () => {
  it('puts a lone label centred above its box, the gap away', () => {
    // Box 100..110 across, 100..110 down: a 30 × 20 label centred above it ends 2 px over it.
    expect(placeLabels([label(box(100, 100))], BOUNDS)).toEqual([{ left: 90, top: 78 }]);
  });

  it('puts the label of a neighbouring box below it, then beside it, never over the first', () => {
    // Two boxes side by side, 12 px apart: the second label cannot go above (the first is there).
    const placed = placeLabels([label(box(100, 100)), label(box(112, 100))], BOUNDS);
    expect(placed).toEqual([
      { left: 90, top: 78 },
      { left: 102, top: 112 },
    ]);
    // A third box under the second: above is taken by the second box, below is free.
    expect(
      placeLabels([label(box(100, 100)), label(box(112, 100)), label(box(112, 112))], BOUNDS),
    ).toEqual([
      { left: 90, top: 78 },
      // Below the second box would cover the third box: to its right instead.
      { left: 124, top: 95 },
      { left: 102, top: 124 },
    ]);
  });

  it('keeps labels inside the bounds: a box at the top edge is labelled below', () => {
    expect(placeLabels([label(box(100, 0))], BOUNDS)).toEqual([{ left: 90, top: 12 }]);
  });

  it('stacks a label with no room anywhere near its box below all the others', () => {
    // Bounds just large enough for one label: the second stacks below it, past the bounds.
    const tight: Box = { left: 0, top: 0, width: 40, height: 40 };
    const placed = placeLabels([label(box(15, 25, 4)), label(box(20, 25, 4))], tight);
    // The first centred above its box (17 − 15); the second finds no room and goes below it.
    expect(placed).toEqual([
      { left: 2, top: 3 },
      { left: 0, top: 25 },
    ]);
  });

  it('never lets two labels overlap, wherever the boxes are and however large the labels', () => {
    const request = fc.record({
      left: fc.integer({ min: 0, max: 390 }),
      top: fc.integer({ min: 0, max: 290 }),
      side: fc.integer({ min: 2, max: 40 }),
      width: fc.integer({ min: 8, max: 120 }),
      height: fc.integer({ min: 8, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 8 }), (requests) => {
        const asked = requests.map(({ left, top, side, width, height }) =>
          label(box(left, top, side), width, height),
        );
        const placed = placeLabels(asked, BOUNDS).map((spot, i) => ({
          ...spot,
          width: asked[i]!.width,
          height: asked[i]!.height,
        }));
        for (let a = 0; a < placed.length; a++) {
          for (let b = a + 1; b < placed.length; b++) {
            if (tooClose(placed[a]!, placed[b]!)) return false;
          }
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
