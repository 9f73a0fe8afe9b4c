import type { BoardZoom } from './board-zoom.ts';
import { BOX_SIZE, type GridLayout } from './layout.ts';
import type { Placement } from './ring-layout.ts';

/**
 * Which boxes of a large board the DOM twin renders, and which box a point of the board is: the
 * twin spans the grid's table, placed on the stage at `grid.overlay`; the stage shows the part
 * of it the zoom says.
 */

/** The part of the table in view, in fractions of the twin's width and height. */
export function tableInView(grid: GridLayout, zoom: BoardZoom) {
  const { left, top, width, height } = grid.overlay;
  const across = (u: number) => (u - left / 100) / (width / 100);
  const down = (v: number) => (v - top / 100) / (height / 100);
  const half = 0.5 / zoom.scale;
  return {
    left: across(zoom.x - half),
    right: across(zoom.x + half),
    top: down(zoom.y - half),
    bottom: down(zoom.y + half),
  };
}

/**
 * The boxes at least partly in view, in box order: all of them, or none when more than `most`
 * are (they are too small to be targets then; the focused one is rendered all the same).
 * `placements` places the boxes in the rings view; null for the grid.
 */
export function boxesInView(
  grid: GridLayout,
  zoom: BoardZoom,
  placements: readonly Placement[] | null,
  most: number,
): number[] {
  const view = tableInView(grid, zoom);
  if (placements) {
    const inView: number[] = [];
    for (let box = 0; box < placements.length; box++) {
      const { x, z, scale } = placements[box]!;
      const half = (BOX_SIZE * scale) / 2;
      const u = x / grid.tableWidth + 0.5;
      const v = z / grid.tableDepth + 0.5;
      const du = half / grid.tableWidth;
      const dv = half / grid.tableDepth;
      if (u + du > view.left && u - du < view.right && v + dv > view.top && v - dv < view.bottom) {
        if (inView.length === most) return [];
        inView.push(box);
      }
    }
    return inView;
  }
  const { columns, rows, boxes } = grid;
  const firstColumn = Math.max(0, Math.floor(view.left * columns));
  const lastColumn = Math.min(columns - 1, Math.ceil(view.right * columns) - 1);
  const firstRow = Math.max(0, Math.floor(view.top * rows));
  const lastRow = Math.min(rows - 1, Math.ceil(view.bottom * rows) - 1);
  if (lastColumn < firstColumn || lastRow < firstRow) return [];
  if ((lastColumn - firstColumn + 1) * (lastRow - firstRow + 1) > most) return [];
  const inView: number[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      const box = row * columns + column;
      if (box < boxes) inView.push(box);
    }
  }
  return inView;
}

/**
 * The box at a point of the twin (`u`, `v`: fractions of its width and height), or null where
 * there is none: the grid's cell there, or in the rings view the box drawn there.
 */
export function boxAtPoint(
  grid: GridLayout,
  placements: readonly Placement[] | null,
  u: number,
  v: number,
): number | null {
  if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return null;
  if (placements) {
    const x = (u - 0.5) * grid.tableWidth;
    const z = (v - 0.5) * grid.tableDepth;
    const box = placements.findIndex(
      (place) =>
        Math.max(Math.abs(place.x - x), Math.abs(place.z - z)) <= (BOX_SIZE * place.scale) / 2,
    );
    return box === -1 ? null : box;
  }
  const box = Math.floor(v * grid.rows) * grid.columns + Math.floor(u * grid.columns);
  return box < grid.boxes ? box : null;
}
