import { describe, expect, it } from 'vitest';
import { cycleStructure } from '../engine/cycles.ts';
import { randomArrangement } from '../engine/permutation.ts';
import { createRng } from '../engine/rng.ts';
import { WHOLE_BOARD, type BoardZoom } from './board-zoom.ts';
import { BOX_SIZE, gridLayout } from './layout.ts';
import { ringLayout } from './ring-layout.ts';
import { boxAtPoint, boxesInView } from './twin-window.ts';

/**
 * A box's cell as a rectangle of the stage (fractions), from the grid's overlay and the box's
 * row and column, and the part of the stage a zoom shows.
 */
function cellOnStage(n: number, box: number) {
  const grid = gridLayout(n);
  const { left, top, width, height } = grid.overlay;
  const column = box % grid.columns;
  const row = Math.floor(box / grid.columns);
  return {
    left: (left + (column * width) / grid.columns) / 100,
    right: (left + ((column + 1) * width) / grid.columns) / 100,
    top: (top + (row * height) / grid.rows) / 100,
    bottom: (top + ((row + 1) * height) / grid.rows) / 100,
  };
}
const shown = ({ scale, x, y }: BoardZoom) => ({
  left: x - 0.5 / scale,
  right: x + 0.5 / scale,
  top: y - 0.5 / scale,
  bottom: y + 0.5 / scale,
});

describe('the twin’s window on a large board', () => {
  it('renders no box at the overview of 10,000: too many, too small', () => {
    expect(boxesInView(gridLayout(10_000), WHOLE_BOARD, null, 400)).toEqual([]);
  });

  it.each([
    [10_000, { scale: 8, x: 0.31, y: 0.62 }],
    [10_000, { scale: 12, x: 0.95, y: 0.05 }],
    [1000, { scale: 2.25, x: 0.5, y: 0.5 }],
    [401, { scale: 1.5, x: 0.4, y: 0.7 }],
  ])('renders exactly the boxes whose cells the zoom shows (n = %i)', (n, zoom) => {
    const view = shown(zoom);
    const expected = Array.from({ length: n }, (_, box) => box).filter((box) => {
      const cell = cellOnStage(n, box);
      return (
        cell.right > view.left + 1e-9 &&
        cell.left < view.right - 1e-9 &&
        cell.bottom > view.top + 1e-9 &&
        cell.top < view.bottom - 1e-9
      );
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(boxesInView(gridLayout(n), zoom, null, 10_000)).toEqual(expected);
    // Over the limit: none.
    expect(boxesInView(gridLayout(n), zoom, null, expected.length - 1)).toEqual([]);
  });

  it('finds the box under any point of a grid, and none past the last box', () => {
    const grid = gridLayout(1000);
    for (let box = 0; box < 1000; box++) {
      const u = ((box % 32) + 0.5) / 32;
      const v = (Math.floor(box / 32) + 0.5) / 32;
      expect(boxAtPoint(grid, null, u, v)).toBe(box);
    }
    // 1000 boxes in 32 columns: the last row holds 8, so its ninth cell is empty.
    expect(boxAtPoint(grid, null, 8.5 / 32, 31.5 / 32)).toBeNull();
    expect(boxAtPoint(grid, null, -0.01, 0.5)).toBeNull();
    expect(boxAtPoint(grid, null, 0.5, 1)).toBeNull();
  });

  it('finds the box under a point of the rings view, and the rings in view', () => {
    const n = 1000;
    const grid = gridLayout(n);
    const { placements } = ringLayout(cycleStructure(randomArrangement(n, createRng(4))).cycles);
    placements.forEach(({ x, z }, box) => {
      expect(
        boxAtPoint(grid, placements, x / grid.tableWidth + 0.5, z / grid.tableDepth + 0.5),
      ).toBe(box);
    });
    const zoom = { scale: 6, x: 0.5, y: 0.5 };
    const view = shown(zoom);
    const { left, top, width, height } = grid.overlay;
    const expected = placements
      .map(({ x, z, scale }, box) => {
        const half = (BOX_SIZE * scale) / 2;
        const u = (left + ((x - half) / grid.tableWidth + 0.5) * width) / 100;
        const u2 = (left + ((x + half) / grid.tableWidth + 0.5) * width) / 100;
        const v = (top + ((z - half) / grid.tableDepth + 0.5) * height) / 100;
        const v2 = (top + ((z + half) / grid.tableDepth + 0.5) * height) / 100;
        return u2 > view.left && u < view.right && v2 > view.top && v < view.bottom ? box : -1;
      })
      .filter((box) => box >= 0);
    expect(expected.length).toBeGreaterThan(0);
    expect(boxesInView(grid, zoom, placements, n)).toEqual(expected);
  });
});
