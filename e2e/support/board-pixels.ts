// What the simulation's canvas shows, read from its pixels alone: the path's ink, lids that
// changed, the boxes' colours against the legend's, the lids and the rings they form.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  changedShare,
  colourDistance,
  regions,
  screenPixels,
  type Pixels,
  type Rect,
  type Rgb,
} from './pixels.ts';
import { boxNamed, boxRects, centreBoard, cyclesBySlips } from './simulation-page.ts';
import { pointOnScreen } from './lid-geometry.ts';
import { BOX_HEIGHT, BOX_SIZE, LID_SIZE } from '../../src/features/prisoners/grid/layout.ts';
import { gridPlacements } from '../../src/features/prisoners/grid/ring-layout.ts';

/** How a pixel of the canvas is classed: the path's colour while walking, or when it failed. */
export type PathInk = 'walking' | 'failed';

/**
 * What the canvas shows (in the viewport, or the part of it inside `clip`): the screen with the
 * labels over the board hidden.
 */
export async function canvasPixels(page: Page, clip?: Rect): Promise<Pixels> {
  const callouts = page.locator('[class*="callouts"]');
  const showCallouts = (visibility: string) =>
    callouts.evaluateAll((all, value) => {
      for (const element of all) (element as HTMLElement).style.visibility = value;
    }, visibility);
  await showCallouts('hidden');
  return screenPixels(page, clip).finally(() => showCallouts(''));
}

/**
 * Pixels of the path's colour (`ink`) that the canvas shows in the rectangle spanned by two
 * boxes' buttons, widened upwards by a box height (arcs rise above the boxes they join). The
 * call-outs over the board (bordered in the path's colours) are hidden from the count.
 */
export async function pathPixels(page: Page, from: number, to: number, ink: PathInk) {
  const [a, b] = await Promise.all(
    [boxNamed(page, from), boxNamed(page, to)].map((box) => box.boundingBox()),
  );
  if (!a || !b) throw new Error('a box has no bounding box');
  const left = Math.min(a.x, b.x);
  const right = Math.max(a.x + a.width, b.x + b.width);
  const top = Math.min(a.y, b.y) - a.height;
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  const clip = { x: left, y: top, width: right - left, height: bottom - top };
  const { data } = await canvasPixels(page, clip);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    // Magenta (#c437e0) while walking; red (#ff5a4e) once the prisoner failed.
    if (ink === 'walking' ? r > 150 && b > 150 && g < 110 : r > 200 && g < 120 && b < 110) count++;
  }
  return count;
}

/**
 * The opened boxes of the grid and the boxes far from them: every box outside the rectangles
 * that an opened box and the next one span (with a column either side and the row above, where
 * arcs rise and the slip just read grows). Opening changes the first and never the second.
 */
export function boxesAwayFrom(opened: readonly number[]): number[] {
  const near = new Set<number>();
  opened.forEach((box, i) => {
    const next = opened[i + 1] ?? box;
    const rows = [Math.floor(box / 10), Math.floor(next / 10)];
    const columns = [box % 10, next % 10];
    for (let row = Math.min(...rows) - 1; row <= Math.max(...rows); row++) {
      for (let column = Math.min(...columns) - 1; column <= Math.max(...columns) + 1; column++) {
        if (row >= 0 && column >= 0 && column < 10) near.add(row * 10 + column);
      }
    }
  });
  return Array.from({ length: 100 }, (_, box) => box).filter((box) => !near.has(box));
}

/**
 * How opening changed the canvas against a frame taken with every lid closed: the opened boxes
 * whose picture changed in under a quarter of their pixels, and the far boxes that changed at all.
 */
export async function lidChanges(
  page: Page,
  closed: Pixels,
  opened: readonly number[],
): Promise<{ unchangedOpened: number[]; changedFar: number[] }> {
  const [now, rects] = [await screenPixels(page), await boxRects(page)];
  return {
    unchangedOpened: opened.filter((box) => changedShare(closed, now, rects[box]!) < 0.25),
    changedFar: boxesAwayFrom(opened).filter(
      (box) => changedShare(closed, now, rects[box]!) > 0.01,
    ),
  };
}

/**
 * The colour of each box's front face in the grid: it shows below the lid, across the bottom
 * edge of the box's button. The median over 17 pixels of that edge, so ink never decides it.
 */
export async function frontColours(page: Page): Promise<Rgb[]> {
  const [screen, rects] = [await screenPixels(page), await boxRects(page)];
  return rects.map(({ x, y, width, height }) => {
    const row = Array.from({ length: 17 }, (_, i) =>
      screen.at(x + width / 2 - 8 + i, y + height + 1),
    );
    return [0, 1, 2].map((channel) => row.map((c) => c[channel]!).sort((a, b) => a - b)[8]!) as Rgb;
  });
}

/** The legend's swatches: the colour each names and the length it stands for. */
export async function legendSwatches(page: Page): Promise<{ length: number; colour: Rgb }[]> {
  const items = await page
    .getByRole('region', { name: 'Cycles of this arrangement' })
    .getByRole('listitem')
    .evaluateAll((all) =>
      all.map((item) => ({
        text: item.textContent ?? '',
        fill: item.querySelector('rect')?.getAttribute('fill') ?? '',
      })),
    );
  return items.map(({ text, fill }) => ({
    length: Number(/^(\d+) box/.exec(text)![1]),
    colour: [1, 3, 5].map((at) => parseInt(fill.slice(at, at + 2), 16)) as Rgb,
  }));
}

/** A colour's hue and saturation without its brightness, which the scene's lighting changes. */
export const chromaticity = ([r, g, b]: Rgb): Rgb => {
  const sum = Math.max(1, r + g + b);
  return [(255 * r) / sum, (255 * g) / sum, (255 * b) / sum];
};

/**
 * The lids the canvas shows, found in its pixels alone: each is a patch of pale pixels (its
 * number's ink lies inside it), of `minSize` pixels at least (a grid lid has about 1 800 at
 * 1280 px, a lid on a ring of 41 about 150), with its centre in CSS px of the viewport. The
 * frame's rounded corners are left out.
 */
export async function lidsOnScreen(page: Page, minSize: number) {
  const frame = (await page.locator('canvas').boundingBox())!;
  const inset = 14;
  const clip = {
    x: frame.x + inset,
    y: frame.y + inset,
    width: frame.width - 2 * inset,
    height: frame.height - 2 * inset,
  };
  const found = regions(
    await screenPixels(page, clip),
    (colour) => Math.min(...colour) >= 180,
    minSize,
  );
  return found.map((lid) => ({ ...lid, x: lid.x + clip.x, y: lid.y + clip.y }));
}

/**
 * Waits until `canvas` shows the board: a hundred lids in its pixels. The canvas is in the page
 * (transparent, over the stage's backdrop) from before its renderer starts until long after on
 * a busy machine, so neither the element nor the colours it shows mean that anything was drawn.
 */
export async function waitForBoardDrawn(page: Page, canvas = page.locator('canvas')) {
  await canvas.waitFor();
  await centreBoard(page);
  await expect.poll(async () => (await lidsOnScreen(page, 400)).length).toBe(100);
}

/**
 * The rings as the canvas draws them, from its lids: lids closer than 1.3 times the typical
 * distance between neighbours are on one ring. For each ring: its number of boxes and, for three
 * or more, how far its lids are from one circle seen at the camera's tilt (the spread of their
 * distances from the centre, relative to the mean; the tilt is fitted) and that tilt (vertical
 * over horizontal axis).
 */
export async function ringsOnScreen(page: Page) {
  const lids = await lidsOnScreen(page, 40);
  const nearest = lids.map((lid) =>
    Math.min(
      ...lids.filter((other) => other !== lid).map((o) => Math.hypot(o.x - lid.x, o.y - lid.y)),
    ),
  );
  const typical = [...nearest].sort((a, b) => a - b)[Math.floor(nearest.length / 2)]!;
  const ringOf = lids.map((_, i) => i);
  const find = (i: number): number => (ringOf[i] === i ? i : (ringOf[i] = find(ringOf[i]!)));
  lids.forEach((a, i) =>
    lids.forEach((b, j) => {
      if (j > i && Math.hypot(a.x - b.x, a.y - b.y) < 1.3 * typical) ringOf[find(i)] = find(j);
    }),
  );
  const rings = new Map<number, { x: number; y: number }[]>();
  lids.forEach((lid, i) => rings.set(find(i), [...(rings.get(find(i)) ?? []), lid]));
  return [...rings.values()]
    .map((ring) => {
      if (ring.length < 3) return { boxes: ring.length, spread: 0, tilt: null };
      const cx = ring.reduce((sum, lid) => sum + lid.x, 0) / ring.length;
      const cy = ring.reduce((sum, lid) => sum + lid.y, 0) / ring.length;
      const across = ring.reduce((sum, lid) => sum + (lid.x - cx) ** 2, 0);
      const along = ring.reduce((sum, lid) => sum + (lid.y - cy) ** 2, 0);
      const tilt = Math.sqrt(along / across);
      const radii = ring.map((lid) => Math.hypot(lid.x - cx, (lid.y - cy) / tilt));
      const mean = radii.reduce((sum, r) => sum + r, 0) / radii.length;
      return { boxes: ring.length, spread: (Math.max(...radii) - Math.min(...radii)) / mean, tilt };
    })
    .sort((a, b) => b.boxes - a.boxes);
}

/**
 * With Show cycles on in the grid, what is wrong with the boxes' colours against the known
 * arrangement (empty when nothing): every box of a cycle has one colour, different cycles have
 * different colours (while there are no more cycles than the eight colours), and each cycle's
 * colour is the one the legend gives a cycle of its length.
 */
export async function cycleColourProblems(page: Page, slips: ArrayLike<number>): Promise<string[]> {
  const [colours, swatches] = [await frontColours(page), await legendSwatches(page)];
  const cycles = cyclesBySlips(slips);
  const problems: string[] = [];
  const colourOf = cycles.map((cycle) => colours[cycle[0]!]!);
  cycles.forEach((cycle, index) => {
    const own = colourOf[index]!;
    const odd = cycle.filter((box) => colourDistance(colours[box]!, own) > 16);
    if (odd.length > 0)
      problems.push(`cycle of box ${cycle[0]! + 1}: boxes ${odd.map((b) => b + 1)} differ`);
    const nearest = [...swatches].sort(
      (a, b) =>
        colourDistance(chromaticity(a.colour), chromaticity(own)) -
        colourDistance(chromaticity(b.colour), chromaticity(own)),
    )[0];
    if (nearest?.length !== cycle.length) {
      problems.push(`cycle of ${cycle.length} boxes is drawn in the colour of ${nearest?.length}`);
    }
    if (cycles.length <= 8) {
      for (let other = index + 1; other < cycles.length; other++) {
        if (colourDistance(own, colourOf[other]!) <= 40) {
          problems.push(
            `cycles of boxes ${cycle[0]! + 1} and ${cycles[other]![0]! + 1} look alike`,
          );
        }
      }
    }
  });
  return problems;
}

/**
 * Points along the arc the path draws from box `from` to box `to` of the grid at the overview,
 * from rim to rim (t = 0 to 1 in `steps` steps), as the path's shader bends it: a quadratic
 * Bézier at lift height, its middle raised by 0.25 + 0.22 · (its length, up to 13).
 */
export function arcOnScreen(canvas: Rect, n: number, from: number, to: number, steps = 16) {
  const [a, b] = [gridPlacements(n)[from]!, gridPlacements(n)[to]!];
  const ray = { x: b.x - a.x, z: b.z - a.z };
  const reach = Math.max(Math.abs(ray.x), Math.abs(ray.z));
  const rim = Math.min(0.45, LID_SIZE / 2 / reach);
  const start = { x: a.x + ray.x * rim, z: a.z + ray.z * rim };
  const end = { x: b.x - ray.x * rim, z: b.z - ray.z * rim };
  const lift = BOX_HEIGHT + 0.05;
  const rise = 0.25 + Math.min(Math.hypot(end.x - start.x, end.z - start.z), 13) * 0.22;
  return Array.from({ length: steps + 1 }, (_, step) => {
    const t = step / steps;
    // The control point is the middle, raised: across the table the arc runs straight.
    return pointOnScreen(canvas, n, {
      x: start.x + (end.x - start.x) * t,
      z: start.z + (end.z - start.z) * t,
      height: lift + 2 * t * (1 - t) * rise,
    });
  });
}

/** Pixels of the path's colour within `half` px across and `tall` px down of a point. */
export async function pathInkAround(
  page: Page,
  point: { x: number; y: number },
  ink: PathInk,
  half = 4,
  tall = 7,
): Promise<number> {
  const clip = {
    x: Math.round(point.x - half),
    y: Math.round(point.y - tall),
    width: 2 * half + 1,
    height: 2 * tall + 1,
  };
  const { data } = await screenPixels(page, clip);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (ink === 'walking' ? r > 150 && b > 150 && g < 110 : r > 200 && g < 120 && b < 110) count++;
  }
  return count;
}

/**
 * The colours the canvas shows on the rim of an opened box, left and right of its slip: the top
 * of the box's sides, between the slip's edge and the box's (the median of a few pixels down
 * the middle of each), for a grid at the overview.
 */
export async function openRimColours(
  page: Page,
  canvas: Rect,
  n: number,
  box: number,
): Promise<Rgb[]> {
  const { x, z } = gridPlacements(n)[box]!;
  // The slip is 0.72 of the box: its rim runs from 0.36 to 0.5 of the box from the middle.
  const across = BOX_SIZE * 0.43;
  const screen = await screenPixels(page);
  return [-across, across].map((dx) => {
    const middle = pointOnScreen(canvas, n, { x: x + dx, z, height: BOX_HEIGHT });
    const down = [-2, -1, 0, 1, 2].map((dy) =>
      screen.at(Math.round(middle.x), Math.round(middle.y + dy)),
    );
    return [0, 1, 2].map((c) => down.map((colour) => colour[c]!).sort((p, q) => p - q)[2]!) as Rgb;
  });
}
