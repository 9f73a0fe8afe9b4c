import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import type { Cycle } from '../engine/cycles.ts';
import { BOX_SIZE, PITCH, boxPosition, gridLayout } from './layout.ts';

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
  /** The radius of the circle, or of a coil's outermost turn. */
  radius: number;
  /** The side of each box as drawn in this ring. */
  boxSize: number;
  /** Angle of the first box; the others follow clockwise (seen from above). */
  start: number;
  /**
   * A ring longer than COIL_FROM boxes winds inwards as a coil (an Archimedean spiral, turns
   * COIL_TURN_GAP spacings apart) instead of one circle, so that its boxes stay as large as on
   * a short ring; null for a circle.
   */
  coil: { inner: number } | null;
  /** Where each place of the ring stands on the table, in ring order. */
  points: readonly { x: number; z: number }[];
}

export interface RingLayout {
  rings: readonly Ring[];
  /** placements[box]. */
  placements: readonly Placement[];
}

/** Room between two rings, in box spacings. */
const RING_GAP = 0.9;
/**
 * A box in a ring takes this share of the space between two neighbours: under 1/√2, so that
 * two neighbours at 45° on a ring do not touch corners.
 */
const BOX_SHARE = 0.68;

/** Longest ring drawn as one circle: every ring of the specification's board is one. */
export const COIL_FROM = PRISONER_COUNT;
/** Distance between two turns of a coil, in box spacings: room for a box and the band inside. */
export const COIL_TURN_GAP = 1.7;
/** A coil's innermost turn is as wide as a circle of this many boxes. */
const COIL_CORE = 24;

/** The grid of n boxes: every box at its place, at full size. */
export function gridPlacements(n: number): Placement[] {
  const layout = gridLayout(n);
  const placements = new Array<Placement>(n);
  for (let box = 0; box < n; box++) {
    const { x, z } = boxPosition(layout, box);
    placements[box] = { x, z, scale: 1 };
  }
  return placements;
}

/** Radius of a ring of `length` boxes whose neighbours stand `spacing` apart (0 for one box). */
export function ringRadius(length: number, spacing: number): number {
  if (length > COIL_FROM) return coilRadii(length, spacing).outer;
  return length === 1 ? 0 : spacing / (2 * Math.sin(Math.PI / length));
}

/**
 * The outer and inner radius of a coil of `length` boxes `spacing` apart along the spiral: the
 * annulus between them, one turn gap wide per turn, has room for exactly that much spiral.
 */
function coilRadii(length: number, spacing: number): { outer: number; inner: number } {
  const inner = (COIL_CORE * spacing) / (2 * Math.PI);
  const gap = COIL_TURN_GAP * spacing;
  // Spiral length between radii a and b (turns `gap` apart) is π(b² − a²)/gap, nearly exactly.
  return { outer: Math.sqrt(inner * inner + ((length - 1) * spacing * gap) / Math.PI), inner };
}

/**
 * The places of a coil, relative to its centre: from the outermost turn inwards, clockwise from
 * `start`, each `spacing` further along the spiral r = outer − gap·θ/2π than the one before.
 */
function coilPoints(length: number, spacing: number, start: number): { x: number; z: number }[] {
  const { outer } = coilRadii(length, spacing);
  const slope = (COIL_TURN_GAP * spacing) / (2 * Math.PI);
  const points: { x: number; z: number }[] = [];
  let turned = 0;
  let radius = outer;
  for (let place = 0; place < length; place++) {
    points.push({ x: radius * Math.cos(start + turned), z: radius * Math.sin(start + turned) });
    // Arc length ds = √(r² + slope²)·dθ, taken at the middle of the step (midpoint rule).
    const half = spacing / 2 / Math.hypot(radius, slope);
    const middle = radius - slope * half;
    const step = spacing / Math.hypot(middle, slope);
    turned += step;
    radius = outer - slope * turned;
  }
  return points;
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
function arrange(
  lengths: readonly number[],
  spacing: number,
  table: { width: number; depth: number },
) {
  const sides = lengths.map((length) => 2 * ringRadius(length, spacing) + (1 + RING_GAP) * spacing);
  const { squares, height } = packSquares(sides, table.width);
  const width = Math.max(...squares.map((s) => s.x + s.side));
  return {
    squares,
    width,
    height,
    fits: height <= table.depth + 1e-9 && width <= table.width + 1e-9,
  };
}

/**
 * The rings view: one ring per cycle, longest first, each as large as its length asks, packed
 * onto the grid's table as large as they fit together. A box stands right after the box whose
 * slip names it, so walking round a ring is following the slips. A long ring coils, so the
 * longest ring's boxes stay about as large as a short ring's at any n.
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
  const n = lengths.reduce((sum, length) => sum + length, 0);
  const grid = gridLayout(n);
  const table = { width: grid.tableWidth, depth: grid.tableDepth };
  // The largest spacing at which every ring still fits: bisection, as packing is not monotone
  // in small steps but is in the large. The smallest spacing tried fits at any n (it packs n
  // boxes' squares into far less than the table).
  let low = 0.01;
  let high = PITCH * 2;
  for (let step = 0; step < 30; step++) {
    const middle = (low + high) / 2;
    if (arrange(lengths, middle, table).fits) low = middle;
    else high = middle;
  }
  const spacing = low;
  const { squares, width, height } = arrange(lengths, spacing, table);
  // Centre the packing on the table.
  const offsetX = -width / 2;
  const offsetZ = -height / 2;
  const scale = Math.min(1, (BOX_SHARE * spacing) / BOX_SIZE);
  // Every box is on exactly one ring.
  const placements = new Array<Placement>(n);
  const start = -Math.PI / 2;
  const rings = cycles.map((cycle, index): Ring => {
    const square = squares[index]!;
    const length = cycle.boxes.length;
    const radius = ringRadius(length, spacing);
    const x = offsetX + square.x + square.side / 2;
    const z = offsetZ + square.y + square.side / 2;
    const coiled = length > COIL_FROM;
    const points = coiled
      ? coilPoints(length, spacing, start).map((point) => ({ x: x + point.x, z: z + point.z }))
      : cycle.boxes.map((_, position) => {
          const angle = start + (2 * Math.PI * position) / length;
          return { x: x + radius * Math.cos(angle), z: z + radius * Math.sin(angle) };
        });
    for (let position = 0; position < length; position++) {
      const { x, z } = points[position]!;
      placements[cycle.boxes[position]!] = { x, z, scale };
    }
    return {
      boxes: cycle.boxes,
      x,
      z,
      radius,
      boxSize: BOX_SIZE * scale,
      start,
      coil: coiled ? { inner: coilRadii(length, spacing).inner } : null,
      points,
    };
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
