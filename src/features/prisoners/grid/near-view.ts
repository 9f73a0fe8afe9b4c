/**
 * What of the table the camera may show, for drawing only the boxes and arcs there
 * (drawn-boxes.ts, path-arcs.ts): the view the zoom says, widened by a margin.
 */
import type { BoardZoom } from './board-zoom.ts';
import type { GridLayout } from './layout.ts';
import type { Placement } from './ring-layout.ts';
import { tableInView } from './twin-window.ts';

/**
 * Table units around the view within which a box is drawn: a lid standing open and the slip
 * lifted to be read reach up the screen past their box's own square, by less than a row each.
 */
export const NEAR_VIEW_MARGIN = 3;

/** A rectangle of the table, in table units (x across, z towards the camera). */
export interface TableRect {
  left: number;
  right: number;
  back: number;
  front: number;
}

/** What the camera shows of the table at `zoom`, widened by `margin` table units each way. */
export function nearViewRect(grid: GridLayout, zoom: BoardZoom, margin: number): TableRect {
  const view = tableInView(grid, zoom);
  return {
    left: (view.left - 0.5) * grid.tableWidth - margin,
    right: (view.right - 0.5) * grid.tableWidth + margin,
    back: (view.top - 0.5) * grid.tableDepth - margin,
    front: (view.bottom - 0.5) * grid.tableDepth + margin,
  };
}

/**
 * The boxes at `placements` (x, z and scale on the table) whose centres lie in `near`, in box
 * order; null when at least half of them do (drawing a copy of those would save little).
 */
export function boxesNear(near: TableRect, placements: readonly Placement[]): number[] | null {
  const boxes: number[] = [];
  for (let box = 0; box < placements.length; box++) {
    const { x, z } = placements[box]!;
    if (x > near.left && x < near.right && z > near.back && z < near.front) {
      boxes.push(box);
      if (2 * boxes.length >= placements.length) return null;
    }
  }
  return boxes;
}
