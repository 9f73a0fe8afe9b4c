// The simulation page as browser tests see it: seeded arrangements, boxes, readouts, the canvas.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { visit } from './browser.ts';
import {
  changedShare,
  colourDistance,
  regions,
  screenPixels,
  type Pixels,
  type Rect,
  type Rgb,
} from './pixels.ts';
import {
  cycleLengthOfBox,
  findSeed,
  firstFailingPrisoner,
} from '../../src/testing/arrangements.ts';
import {
  ELEVATION,
  LID_SIZE,
  LID_TOP,
  gridLayout,
} from '../../src/features/prisoners/grid/layout.ts';
import { gridPlacements } from '../../src/features/prisoners/grid/ring-layout.ts';

export const FAILING_SEED = findSeed(100, (slips) => firstFailingPrisoner(slips) >= 3);
export const WINNING_SEED = findSeed(100, (slips) => firstFailingPrisoner(slips) === -1);
// Prisoner 1 succeeds with the strategy in this arrangement.
export const FIRST_WINS_SEED = findSeed(500, (slips) => cycleLengthOfBox(slips)[0]! <= 12);

/** The name of the dialog that ends automatic play: everyone free (-1), or a prisoner's failure. */
export const endDialogName = (failingPrisoner: number) =>
  failingPrisoner === -1
    ? 'All prisoners guessed correctly'
    : `Prisoner ${failingPrisoner + 1} failed`;

export const boxButton = (page: Page, box: number) =>
  page.locator(`[role="group"][aria-label="Boxes"] button`).nth(box);

export async function boxNames(page: Page): Promise<string[]> {
  return page
    .locator('[role="group"][aria-label="Boxes"] button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
}

/** Reads every slip from the accessible names while Show cycles is on. */
export async function learnSlips(page: Page): Promise<number[]> {
  const toggle = page.getByRole('button', { name: 'Show cycles' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  const names = await boxNames(page);
  await toggle.click();
  return names.map((name) => {
    const match = /^Box (\d+), slip (\d+), cycle of length (\d+)$/.exec(name);
    if (!match) throw new Error(`unexpected name ${name}`);
    return Number(match[2]) - 1;
  });
}

/** Opens a seeded board with the speed at its maximum. */
export async function boardAtTopSpeed(page: Page, seed: number) {
  await visit(page, `/projects/prisoner?seed=${seed}`);
  await page.getByLabel('Speed').fill('1000');
}

/** Makes the page look like a browser that cannot hand a canvas to a worker. */
export async function withoutOffscreenCanvas(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });
}

/** The text of a readout, found by its label. */
export const readout = async (page: Page, label: string) =>
  (await page.getByLabel(label, { exact: true }).textContent())?.trim();

/** A box's button wherever the box stands (grid or rings), by its number (0-based). */
export const boxNamed = (page: Page, box: number) =>
  page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('button', { name: new RegExp(`^Box ${box + 1}(,|$)`) });

/** How a pixel of the canvas is classed: the path's colour while walking, or when it failed. */
export type PathInk = 'walking' | 'failed';

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
  const callouts = page.locator('[class*="callouts"]');
  const showCallouts = (visibility: string) =>
    callouts.evaluateAll((all, value) => {
      for (const element of all) (element as HTMLElement).style.visibility = value;
    }, visibility);
  await showCallouts('hidden');
  const { data } = await screenPixels(page, clip).finally(() => showCallouts(''));
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    // Magenta (#c437e0) while walking; red (#ff5a4e) once the prisoner failed.
    if (ink === 'walking' ? r > 150 && b > 150 && g < 110 : r > 200 && g < 120 && b < 110) count++;
  }
  return count;
}

/** The first hop of a walk on the 100-box grid between two boxes that are not neighbours. */
export const firstFarHop = (path: readonly number[]) =>
  path.findIndex((box, i) => {
    const next = path[i + 1];
    return next !== undefined && ![1, 9, 10, 11].includes(Math.abs(next - box));
  });

/** The board's frame: the 3D stage, or the DOM grid's frame without WebGL. */
export const boardStage = (page: Page) => page.locator('[data-renderer], [class*="fallbackStage"]');

/** The smallest width or height of any box's button, as shown now (zoom included), in CSS px. */
export const smallestBoxSide = (page: Page) =>
  page
    .getByRole('group', { name: 'Boxes' })
    .getByRole('button')
    .evaluateAll((buttons) =>
      Math.min(
        ...buttons.map((button) => {
          const { width, height } = button.getBoundingClientRect();
          return Math.min(width, height);
        }),
      ),
    );

/** Presses Zoom in until the board is zoomed in as far as it goes; returns the presses. */
export async function zoomInAllTheWay(page: Page): Promise<number> {
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  let presses = 0;
  while ((await zoomIn.getAttribute('aria-disabled')) !== 'true' && presses < 20) {
    await zoomIn.click();
    presses++;
  }
  return presses;
}

/**
 * Walks every ring with Page Down from the first box of the first ring and checks that each box
 * that takes focus is shown whole inside the board's frame: focus brings it into view.
 */
export async function walkRingsInView(page: Page, firstBox: number, rings: number) {
  await boxNamed(page, firstBox).focus();
  const outside: string[] = [];
  for (let ring = 0; ring < rings; ring++) {
    if (ring > 0) await page.keyboard.press('PageDown');
    const place = await page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      const stage = document
        .querySelector('[data-renderer], [class*="fallbackStage"]')!
        .getBoundingClientRect();
      const inside =
        box.left >= stage.left - 0.5 &&
        box.right <= stage.right + 0.5 &&
        box.top >= stage.top - 0.5 &&
        box.bottom <= stage.bottom + 0.5;
      return { name: document.activeElement!.getAttribute('aria-label'), inside };
    });
    if (!place.inside) outside.push(place.name ?? '?');
  }
  return outside;
}

/** The cycles of an arrangement, found by following the slips from each box not yet on one. */
export function cyclesBySlips(slips: ArrayLike<number>): number[][] {
  const onCycle = new Set<number>();
  const cycles: number[][] = [];
  for (let start = 0; start < slips.length; start++) {
    if (onCycle.has(start)) continue;
    const cycle: number[] = [];
    for (let box = start; !onCycle.has(box); box = slips[box]!) {
      onCycle.add(box);
      cycle.push(box);
    }
    cycles.push(cycle);
  }
  return cycles;
}

/** Every box's button as shown now, by box (0-based): where the DOM twin says the box is. */
export async function boxRects(page: Page): Promise<Rect[]> {
  const shown = await page
    .locator('[role="group"][aria-label="Boxes"] button')
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const { x, y, width, height } = button.getBoundingClientRect();
        return { name: button.getAttribute('aria-label') ?? '', x, y, width, height };
      }),
    );
  const rects: Rect[] = [];
  for (const { name, ...rect } of shown) rects[Number(/^Box (\d+)/.exec(name)![1]) - 1] = rect;
  return rects;
}

/** Brings the whole board into view below the sticky header (it is shorter than the window). */
export const centreBoard = (page: Page) =>
  page.locator('canvas').evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));

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
 * (pale: every channel at least 180), and the colour of the table in the gap to the right of
 * the lid, midway to the next column.
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
        if (Math.min(...screen.at(x, y)) >= 180) pale++;
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
