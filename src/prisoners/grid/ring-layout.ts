import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import type { Cycle } from '../engine/cycles.ts';
import { BOX_SIZE, COLUMNS, PITCH, ROWS, boxPosition } from './layout.ts';

/** Where a box stands on the table and how large it is drawn (1 = its size in the grid). */
export interface Placement {
  x: number;
  z: number;
  scale: number;
}

/** One ring of the rings view: a cycle laid out as a circle, in the order the slips lead. */
export interface Ring {
  /** The cycle's boxes in ring order: each box follows the box whose slip names it. */
  boxes: readonly number[];
  x: number;
  z: number;
  radius: number;
  /** The side of each box as drawn in this ring. */
  boxSize: number;
  /** Angle of the first box; the others follow clockwise (seen from above), evenly spaced. */
  start: number;
}

export interface RingLayout {
  rings: readonly Ring[];
  /** placements[box]. */
  placements: readonly Placement[];
}

/** The table the rings share: the square the grid stands on. */
const TABLE_WIDTH = COLUMNS * PITCH;
const TABLE_DEPTH = ROWS * PITCH;
/** Room between two rings, in box spacings. */
const RING_GAP = 0.9;
/**
 * A box in a ring takes this share of the space between two neighbours: under 1/√2, so that
 * two neighbours at 45° on a ring do not touch corners.
 */
const BOX_SHARE = 0.68;

/** The grid: every box at its place, at full size. */
export function gridPlacements(): Placement[] {
  return Array.from({ length: PRISONER_COUNT }, (_, box) => ({ ...boxPosition(box), scale: 1 }));
}

/** Radius of a ring of `length` boxes whose neighbours stand `spacing` apart (0 for one box). */
export function ringRadius(length: number, spacing: number): number {
  return length === 1 ? 0 : spacing / (2 * Math.sin(Math.PI / length));
}

interface Square {
  x: number;
  y: number;
  side: number;
}

/**
 * Packs squares (largest first) into a width along a skyline: each goes where its top edge
 * ends lowest, then leftmost, resting on what is below it. Returns their places and the
 * height used.
 */
function packSquares(
  sides: readonly number[],
  width: number,
): { squares: Square[]; height: number } {
  // The skyline: from each x to the next, how high the squares already reach.
  let skyline: { x: number; height: number }[] = [{ x: 0, height: 0 }];
  const squares: Square[] = [];
  const levelUnder = (x: number, side: number) => {
    let level = 0;
    for (let i = 0; i < skyline.length; i++) {
      const from = skyline[i]!.x;
      const to = skyline[i + 1]?.x ?? width;
      if (to > x + 1e-12 && from < x + side - 1e-12) level = Math.max(level, skyline[i]!.height);
    }
    return level;
  };
  for (const side of sides) {
    let best: Square | null = null;
    for (const { x } of skyline) {
      if (x + side > width + 1e-9 && x > 0) continue;
      const y = levelUnder(x, side);
      if (!best || y < best.y - 1e-12) best = { x, y, side };
    }
    const square = best!;
    squares.push(square);
    // Raise the skyline under the new square.
    const right = square.x + square.side;
    const after = skyline.filter((step) => step.x >= right - 1e-12);
    const resumeHeight = levelUnder(right, 1e-9);
    skyline = [
      ...skyline.filter((step) => step.x < square.x - 1e-12),
      { x: square.x, height: square.y + square.side },
      ...(after[0] && Math.abs(after[0].x - right) < 1e-12
        ? []
        : right < width
          ? [{ x: right, height: resumeHeight }]
          : []),
      ...after,
    ];
  }
  const height = Math.max(0, ...squares.map((square) => square.y + square.side));
  return { squares, height };
}

/** The squares of all rings for a box spacing, and whether they fit on the table. */
function arrange(lengths: readonly number[], spacing: number) {
  const sides = lengths.map((length) => 2 * ringRadius(length, spacing) + (1 + RING_GAP) * spacing);
  const { squares, height } = packSquares(sides, TABLE_WIDTH);
  const width = Math.max(...squares.map((s) => s.x + s.side));
  return {
    squares,
    width,
    height,
    fits: height <= TABLE_DEPTH + 1e-9 && width <= TABLE_WIDTH + 1e-9,
  };
}

/**
 * The rings view: one ring per cycle, longest first, each as large as its length asks, packed
 * onto the grid's table as large as they fit together. A box stands right after the box whose
 * slip names it, so walking round a ring is following the slips.
 */
export function ringLayout(cycles: readonly Cycle[]): RingLayout {
  // The DOM twin and the zoom's limit both ask for the same board's layout.
  let layout = layouts.get(cycles);
  if (!layout) layouts.set(cycles, (layout = computeRingLayout(cycles)));
  return layout;
}

const layouts = new WeakMap<readonly Cycle[], RingLayout>();

function computeRingLayout(cycles: readonly Cycle[]): RingLayout {
  const lengths = cycles.map((cycle) => cycle.boxes.length);
  // The largest spacing at which every ring still fits: bisection, as packing is not monotone
  // in small steps but is in the large.
  let low = 0.05;
  let high = PITCH * 2;
  for (let step = 0; step < 30; step++) {
    const middle = (low + high) / 2;
    if (arrange(lengths, middle).fits) low = middle;
    else high = middle;
  }
  const spacing = low;
  const { squares, width, height } = arrange(lengths, spacing);
  // Centre the packing on the table.
  const offsetX = -width / 2;
  const offsetZ = -height / 2;
  const scale = Math.min(1, (BOX_SHARE * spacing) / BOX_SIZE);
  const placements: Placement[] = gridPlacements();
  const rings = cycles.map((cycle, index): Ring => {
    const square = squares[index]!;
    const radius = ringRadius(cycle.boxes.length, spacing);
    const ring = {
      boxes: cycle.boxes,
      x: offsetX + square.x + square.side / 2,
      z: offsetZ + square.y + square.side / 2,
      radius,
      boxSize: BOX_SIZE * scale,
      start: -Math.PI / 2,
    };
    cycle.boxes.forEach((box, position) => {
      const angle = ring.start + (2 * Math.PI * position) / cycle.boxes.length;
      placements[box] = {
        x: ring.x + radius * Math.cos(angle),
        z: ring.z + radius * Math.sin(angle),
        scale,
      };
    });
    return ring;
  });
  return { rings, placements };
}

/**
 * The places of a ring that a prisoner starting at `startBox` never opens: `count` places from
 * `first` on (places count round the ring, modulo its length), everything past the guess limit.
 * On a ring without `startBox` the walk is counted from the ring's first box.
 */
export function outOfReach(
  ring: Ring,
  startBox: number,
  limit = GUESS_LIMIT,
): { first: number; count: number } {
  const start = Math.max(0, ring.boxes.indexOf(startBox));
  return { first: start + limit, count: Math.max(0, ring.boxes.length - limit) };
}
