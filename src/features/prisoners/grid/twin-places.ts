import { BOX_SIZE, type GridLayout } from './layout.ts';
import type { Placement } from './ring-layout.ts';

/**
 * Where the DOM twin puts a box that the board's stylesheet does not lay out itself, in percent
 * of the twin: a box of the rings, or a cell of a windowed grid.
 */

/** Where a box of the rings view sits over the table, in percent of the table's width and depth. */
export function placementStyle({ x, z, scale }: Placement, grid: GridLayout) {
  const size = BOX_SIZE * scale;
  return {
    left: `${((x - size / 2) / grid.tableWidth + 0.5) * 100}%`,
    top: `${((z - size / 2) / grid.tableDepth + 0.5) * 100}%`,
    width: `${(size / grid.tableWidth) * 100}%`,
    height: `${(size / grid.tableDepth) * 100}%`,
  };
}

/** Where a box of a windowed grid sits: its cell, in percent of the grid. */
export function cellStyle(box: number, grid: GridLayout) {
  return {
    left: `${((box % grid.columns) / grid.columns) * 100}%`,
    top: `${(Math.floor(box / grid.columns) / grid.rows) * 100}%`,
    width: `${100 / grid.columns}%`,
    height: `${100 / grid.rows}%`,
  };
}
