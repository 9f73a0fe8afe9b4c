// Where the simulation's canvas draws each lid, worked out from the board's layout and camera,
// and how the DOM twin's buttons sit over those lids.
import type { Page } from 'playwright-core';
import { screenPixels, type Rect } from './pixels.ts';
import { boxRects } from './simulation-page.ts';
import {
  ELEVATION,
  LID_SIZE,
  LID_TOP,
  gridLayout,
} from '../../src/features/prisoners/grid/layout.ts';
import { gridPlacements } from '../../src/features/prisoners/grid/ring-layout.ts';

/** A rectangle by its edges, in CSS px of the viewport. */
export interface Edges {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The top face of the lid the canvas draws for a box standing at `place` on a board of n boxes,
 * at the overview, in CSS px of the viewport, for a canvas at `canvas`. The camera is
 * orthographic: it looks down at ELEVATION at the table's centre at lid height (LID_TOP) and
 * fits the frame (viewWidth × viewHeight) into the canvas. A lid's top face is LID_SIZE·scale
 * square, LID_TOP·scale high.
 */
export function drawnLid(
  canvas: Rect,
  n: number,
  place: { x: number; z: number; scale: number },
): Edges {
  const { viewWidth, viewHeight } = gridLayout(n);
  const unit = Math.min(canvas.width / viewWidth, canvas.height / viewHeight);
  const half = (LID_SIZE * place.scale) / 2;
  const height = LID_TOP * place.scale;
  const across = (x: number) => canvas.x + canvas.width / 2 + x * unit;
  // Screen down: depth on the table foreshortened, and a point below lid height shows lower.
  const down = (z: number) =>
    canvas.y +
    canvas.height / 2 +
    (z * Math.sin(ELEVATION) + (LID_TOP - height) * Math.cos(ELEVATION)) * unit;
  return {
    left: across(place.x - half),
    right: across(place.x + half),
    top: down(place.z - half),
    bottom: down(place.z + half),
  };
}

/**
 * Where the canvas shows a point of the scene at the overview (table x and z, `height` above the
 * table), in CSS px of the viewport, for a board of n boxes drawn in `canvas`: the camera as
 * drawnLid has it.
 */
export function pointOnScreen(
  canvas: Rect,
  n: number,
  { x, z, height }: { x: number; z: number; height: number },
): { x: number; y: number } {
  const { viewWidth, viewHeight } = gridLayout(n);
  const unit = Math.min(canvas.width / viewWidth, canvas.height / viewHeight);
  return {
    x: canvas.x + canvas.width / 2 + x * unit,
    y:
      canvas.y +
      canvas.height / 2 +
      (z * Math.sin(ELEVATION) + (LID_TOP - height) * Math.cos(ELEVATION)) * unit,
  };
}

/**
 * How each box's button sits over the lid the canvas draws for it (`placements[box]` places
 * it), for the boxes whose buttons are in the document: the distance between the centres, the
 * largest distance between matching edges (CSS px, to a tenth), and whether the button covers the
 * lid.
 */
export async function buttonsOverLids(
  page: Page,
  placements: readonly { x: number; z: number; scale: number }[],
) {
  const canvas = (await page.locator('canvas').boundingBox())!;
  const rects = await boxRects(page);
  const tenth = (value: number) => Math.round(value * 10) / 10;
  // Holes (boxes without a button now) are skipped.
  return rects.flatMap(({ x, y, width, height }, box) => {
    const lid = drawnLid(canvas, placements.length, placements[box]!);
    const button = { left: x, top: y, right: x + width, bottom: y + height };
    const edges = (['left', 'top', 'right', 'bottom'] as const).map((edge) =>
      Math.abs(button[edge] - lid[edge]),
    );
    return [
      {
        box,
        centre: tenth(
          Math.hypot(
            (button.left + button.right - lid.left - lid.right) / 2,
            (button.top + button.bottom - lid.top - lid.bottom) / 2,
          ),
        ),
        edges: tenth(Math.max(...edges)),
        covers:
          button.left <= lid.left &&
          button.right >= lid.right &&
          button.top <= lid.top &&
          button.bottom >= lid.bottom,
      },
    ];
  });
}

/** The middle of a rectangle, its inner half each way. */
const middleOf = ({ left, top, right, bottom }: Edges): Rect => ({
  x: left + (right - left) / 4,
  y: top + (bottom - top) / 4,
  width: (right - left) / 2,
  height: (bottom - top) / 2,
});

/**
 * What the canvas shows of some boxes of the grid (board in view, at the overview): each box's
 * lid (the top face's rectangle on screen), the share of the lid's middle that is lid-coloured
 * (pale and untinted by a cycle's colour: every channel at least 180, all within 20), and the
 * colour of the table in the gap to the right of the lid, midway to the next column.
 */
export async function gridLids(page: Page, boxes: readonly number[], n: number) {
  const canvas = (await page.locator('canvas').boundingBox())!;
  const screen = await screenPixels(page);
  const placements = gridPlacements(n);
  return boxes.map((box) => {
    const lid = drawnLid(canvas, n, placements[box]!);
    const middle = middleOf(lid);
    let pale = 0;
    let all = 0;
    for (let y = Math.ceil(middle.y); y < middle.y + middle.height; y++) {
      for (let x = Math.ceil(middle.x); x < middle.x + middle.width; x++) {
        all++;
        const colour = screen.at(x, y);
        if (Math.min(...colour) >= 180 && Math.max(...colour) - Math.min(...colour) <= 20) pale++;
      }
    }
    // Lids are LID_SIZE of a column wide: the rest is the gap between two of them.
    const gap = (lid.right - lid.left) * (1 / LID_SIZE - 1);
    return {
      box,
      lid,
      pale: pale / all,
      table: screen.at(Math.round(lid.right + gap / 2), Math.round((lid.top + lid.bottom) / 2)),
    };
  });
}

/**
 * The boxes whose buttons do not lie over the lids the canvas draws for them (`placements`
 * places the boxes): a ring's button is its lid's top face (every edge within 2 px); a grid's
 * button is the lid's cell, centred on it (within 1 px) and covering it.
 */
export async function twinOffLids(
  page: Page,
  placements: readonly { x: number; z: number; scale: number }[],
  view: 'grid' | 'rings',
) {
  return (await buttonsOverLids(page, placements))
    .filter((fit) => (view === 'rings' ? fit.edges > 2 : fit.centre > 1 || !fit.covers))
    .map((fit) => `Box ${fit.box + 1}: centre ${fit.centre} px off, an edge ${fit.edges} px`);
}
