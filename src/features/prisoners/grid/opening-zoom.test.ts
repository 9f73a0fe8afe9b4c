// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WHOLE_BOARD } from './board-zoom.ts';
import { gridLayout } from './layout.ts';
import {
  OPENING_NUMBER_PX,
  UNREADABLE_NUMBER_PX,
  boxOnStage,
  lidNumberPx,
  numberPxShown,
  openingZoom,
} from './opening-zoom.ts';

// The lid shader's plain line: 62 units of a 128-unit cell, a line at most 0.82 of it wide; a
// digit is taken as 0.6 em wide. A lid is 0.79 of a box pitch.
const fontOn = (lidPx: number, digits: number) =>
  (Math.min(62, (0.82 * 128) / (0.6 * digits)) / 128) * lidPx;

describe('the zoom a board opens at', () => {
  it('prints a number as the lid shader lays it out', () => {
    expect(lidNumberPx(64, 1)).toBe(31);
    expect(lidNumberPx(128, 4)).toBeCloseTo(104.96 / 2.4, 12);
    expect(lidNumberPx(100, 5)).toBeCloseTo(fontOn(100, 5), 12);
  });

  it('shows the whole board when its numbers can be read there: 100 boxes on a phone', () => {
    // 343 px across a frame 10.6 boxes wide: lids of 25.6 px, "100" at 11.6 px.
    const grid = gridLayout(100);
    expect(grid.viewWidth).toBeCloseTo(10.6, 12);
    expect(numberPxShown(grid, 343, 1, 1)).toBeCloseTo(fontOn((343 / 10.6) * 0.79, 3), 12);
    expect(openingZoom(grid, 343, 1, boxOnStage(grid, null, 0), 10)).toBe(WHOLE_BOARD);
  });

  it('zooms 1000 boxes at 642 px in on box 1, at the top left, to 12 px numbers', () => {
    // 32 columns and 32 rows: a frame 32.6 boxes wide, lids of 15.56 px, "1000" at 5.32 px.
    const grid = gridLayout(1000);
    expect([grid.columns, grid.rows, grid.viewWidth]).toEqual([32, 32, 32.6]);
    const overview = fontOn((642 / 32.6) * 0.79, 4);
    expect(overview).toBeLessThan(UNREADABLE_NUMBER_PX);
    const zoom = openingZoom(grid, 642, 1, boxOnStage(grid, null, 0), 20);
    const scale = OPENING_NUMBER_PX / overview;
    expect(zoom.scale).toBeCloseTo(scale, 12);
    // The view's top edge is half a box above the grid's: box 1 is its first box. Across, the
    // frame's own margin is narrower than half a box: the view starts at the frame's left edge.
    const { left, top, height } = grid.overlay;
    expect(left / 100).toBeLessThan(1 / 32.6 / 2);
    expect(zoom.x).toBeCloseTo(0.5 / scale, 12);
    expect(zoom.y).toBeCloseTo(top / 100 - height / 100 / 32 / 2 + 0.5 / scale, 12);
  });

  it('stops at the largest zoom, and centres a box in the middle of the board', () => {
    const grid = gridLayout(10_000);
    const middle = boxOnStage(grid, null, 5050);
    const zoom = openingZoom(grid, 343, 1, middle, 6);
    expect(zoom).toEqual({ scale: 6, x: middle.x, y: middle.y });
  });

  it('always shows the box it opens on, with its number readable or at the largest zoom', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 280, max: 1200 }),
        fc.integer({ min: 3, max: 40 }),
        fc.nat(),
        (n, width, maxScale, pick) => {
          const grid = gridLayout(n);
          const focus = boxOnStage(grid, null, pick % n);
          const zoom = openingZoom(grid, width, 1, focus, maxScale);
          const half = 0.5 / zoom.scale;
          const inView = Math.abs(focus.x - zoom.x) <= half && Math.abs(focus.y - zoom.y) <= half;
          const shown = numberPxShown(grid, width, 1, zoom.scale);
          const readable =
            shown >= UNREADABLE_NUMBER_PX - 1e-9 || Math.abs(zoom.scale - maxScale) < 1e-9;
          return inView && readable && zoom.scale >= 1;
        },
      ),
      { numRuns: 300 },
    );
  });
});
