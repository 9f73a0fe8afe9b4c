// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRISONER_COUNT } from '../engine/constants.ts';
import { cycleStructure } from '../engine/cycles.ts';
import { createRng } from '../engine/rng.ts';
import { randomArrangement } from '../engine/permutation.ts';
import { BOX_SIZE, COLUMNS, PITCH, gridLayout } from './layout.ts';
import { gridPlacements, outOfReach, ringLayout, ringRadius } from './ring-layout.ts';

/** An arrangement whose cycles have these lengths, each cycle over consecutive boxes. */
function arrangementWithCycles(lengths: readonly number[]): Int32Array {
  const slips = new Int32Array(PRISONER_COUNT);
  let start = 0;
  for (const length of lengths) {
    for (let i = 0; i < length; i++) slips[start + i] = start + ((i + 1) % length);
    start += length;
  }
  return slips;
}

const permutation = fc
  .array(fc.integer({ min: 0, max: 0xffffffff }), {
    minLength: PRISONER_COUNT,
    maxLength: PRISONER_COUNT,
  })
  .map((keys) => {
    const order = Array.from({ length: PRISONER_COUNT }, (_, i) => i).sort(
      (a, b) => keys[a]! - keys[b]! || a - b,
    );
    return Int32Array.from(order);
  });

describe('rings view', () => {
  it('walks each ring the way the slips lead, longest ring first', () => {
    const slips = arrangementWithCycles([60, 25, 10, 4, 1]);
    const { rings } = ringLayout(cycleStructure(slips).cycles);
    expect(rings.map((ring) => ring.boxes.length)).toEqual([60, 25, 10, 4, 1]);
    for (const ring of rings) {
      ring.boxes.forEach((box, position) => {
        const next = ring.boxes[(position + 1) % ring.boxes.length];
        expect(slips[box]).toBe(next);
      });
    }
  });

  it('makes each ring as large as its length asks', () => {
    const { rings } = ringLayout(cycleStructure(arrangementWithCycles([60, 25, 10, 4, 1])).cycles);
    const radii = rings.map((ring) => ring.radius);
    expect([...radii].sort((a, b) => b - a)).toEqual(radii);
    expect(radii.at(-1)).toBe(0);
    // Neighbours on every ring stand equally far apart: the circumference follows the length.
    const spacing = 2 * radii[0]! * Math.sin(Math.PI / 60);
    for (const ring of rings.slice(0, -1)) {
      expect(ring.radius).toBeCloseTo(ringRadius(ring.boxes.length, spacing), 9);
    }
  });

  const identity = Int32Array.from({ length: PRISONER_COUNT }, (_, i) => i);
  it('keeps every box on the table and clear of every other, for any arrangement', () => {
    fc.assert(
      fc.property(permutation, (slips) => {
        const { placements } = ringLayout(cycleStructure(slips).cycles);
        const half = (COLUMNS * PITCH) / 2;
        for (const { x, z, scale } of placements) {
          const reach = (BOX_SIZE * scale) / 2;
          expect(Math.abs(x) + reach).toBeLessThanOrEqual(half + 1e-6);
          expect(Math.abs(z) + reach).toBeLessThanOrEqual(half + 1e-6);
        }
        const size = BOX_SIZE * placements[0]!.scale;
        for (let a = 0; a < placements.length; a++) {
          for (let b = a + 1; b < placements.length; b++) {
            const p = placements[a]!;
            const q = placements[b]!;
            expect(Math.max(Math.abs(p.x - q.x), Math.abs(p.z - q.z))).toBeGreaterThanOrEqual(
              size - 1e-6,
            );
          }
        }
      }),
      {
        numRuns: 25,
        examples: [
          [identity],
          [arrangementWithCycles([50, 50])],
          [arrangementWithCycles([2, 2, 2, 2, 2, 90])],
        ],
      },
    );
  });

  it('puts one cycle of all boxes in the middle of the table', () => {
    const slips = arrangementWithCycles([PRISONER_COUNT]);
    const { rings, placements } = ringLayout(cycleStructure(slips).cycles);
    expect(rings).toHaveLength(1);
    expect(rings[0]!.x).toBeCloseTo(0, 9);
    expect(rings[0]!.z).toBeCloseTo(0, 9);
    expect(placements.every((p) => p.scale < 1)).toBe(true);
  });

  it('returns to the grid with every box at full size', () => {
    expect(gridPlacements(100)[0]).toEqual({ x: -4.5, z: -4.5, scale: 1 });
    expect(gridPlacements(100)[99]).toEqual({ x: 4.5, z: 4.5, scale: 1 });
  });

  it('marks the part of a long ring a prisoner can never reach in 50 guesses', () => {
    const slips = arrangementWithCycles([63, 37]);
    const { rings } = ringLayout(cycleStructure(slips).cycles);
    const long = rings[0]!;
    const boxesOf = ({ first, count }: { first: number; count: number }) =>
      Array.from({ length: count }, (_, k) => long.boxes[(first + k) % long.boxes.length]);
    // From the ring's first box: boxes 50 to 62 steps on are out of reach.
    expect(outOfReach(long, long.boxes[0]!)).toEqual({ first: 50, count: 13 });
    expect(boxesOf(outOfReach(long, long.boxes[0]!))).toEqual(long.boxes.slice(50));
    // From the ring's 21st box the same 13 boxes, counted from there round the ring.
    expect(outOfReach(long, long.boxes[20]!)).toEqual({ first: 70, count: 13 });
    expect(boxesOf(outOfReach(long, long.boxes[20]!))).toEqual(long.boxes.slice(7, 20));
    // A prisoner on another ring: counted from the ring's first box.
    expect(outOfReach(long, rings[1]!.boxes[0]!)).toEqual({ first: 50, count: 13 });
    expect(outOfReach(rings[1]!, rings[1]!.boxes[0]!)).toEqual({ first: 50, count: 0 });
  });
});

describe('rings view at any size', () => {
  const dealt = (n: number, seed: number) => randomArrangement(n, createRng(seed));

  /** Pairs of boxes whose squares overlap, found through a grid of buckets one box wide. */
  function overlaps(placements: readonly { x: number; z: number; scale: number }[]) {
    const size = BOX_SIZE * placements[0]!.scale;
    const buckets = new Map<string, number[]>();
    const keyOf = (x: number, z: number) => `${Math.floor(x / size)},${Math.floor(z / size)}`;
    placements.forEach(({ x, z }, box) => {
      const key = keyOf(x, z);
      buckets.set(key, [...(buckets.get(key) ?? []), box]);
    });
    const found: [number, number][] = [];
    placements.forEach(({ x, z }, a) => {
      for (const dx of [-1, 0, 1]) {
        for (const dz of [-1, 0, 1]) {
          for (const b of buckets.get(keyOf(x + dx * size, z + dz * size)) ?? []) {
            const q = placements[b]!;
            if (b > a && Math.max(Math.abs(x - q.x), Math.abs(z - q.z)) < size - 1e-6) {
              found.push([a, b]);
            }
          }
        }
      }
    });
    return found;
  }

  it.each([
    [1000, 1],
    [1000, 2],
    [10_000, 1],
    [10_000, 3],
  ])('keeps every box of n = %i (deal %i) on the table and clear of every other', (n, seed) => {
    const { placements, rings } = ringLayout(cycleStructure(dealt(n, seed)).cycles);
    const grid = gridLayout(n);
    expect(placements).toHaveLength(n);
    const off = placements.filter(({ x, z, scale }) => {
      const reach = (BOX_SIZE * scale) / 2;
      return (
        Math.abs(x) + reach > grid.tableWidth / 2 + 1e-6 ||
        Math.abs(z) + reach > grid.tableDepth / 2 + 1e-6
      );
    });
    expect(off).toEqual([]);
    expect(overlaps(placements)).toEqual([]);
    // Every ring still follows the slips, coiled or not.
    const slips = dealt(n, seed);
    for (const ring of rings) {
      ring.boxes.forEach((box, position) => {
        expect(slips[box]).toBe(ring.boxes[(position + 1) % ring.boxes.length]);
      });
    }
  });

  it.each([1000, 10_000])(
    'coils the long rings so that their boxes stay legible: over a third of a grid box (n = %i)',
    (n) => {
      for (const seed of [1, 2, 3, 4]) {
        const { rings, placements } = ringLayout(cycleStructure(dealt(n, seed)).cycles);
        expect(rings[0]!.coil).not.toBeNull();
        expect(placements[0]!.scale).toBeGreaterThan(1 / 3);
        // Along a coil, neighbours stand as far apart as on a circle of the same spacing.
        const points = rings[0]!.points;
        const gaps = points
          .slice(1)
          .map((p, i) => Math.hypot(p.x - points[i]!.x, p.z - points[i]!.z));
        // Boxes take 0.68 of the spacing (BOX_SHARE) once smaller than in the grid.
        const spacing = rings[0]!.boxSize / 0.68;
        expect(Math.min(...gaps)).toBeGreaterThan(spacing * 0.97);
        expect(Math.max(...gaps)).toBeLessThan(spacing * 1.001);
      }
    },
  );

  it('keeps every ring of up to 100 boxes a circle', () => {
    const { rings } = ringLayout(cycleStructure(arrangementWithCycles([100])).cycles);
    expect(rings[0]!.coil).toBeNull();
  });

  it('marks the boxes out of reach at any guess limit k', () => {
    const slips = dealt(1000, 2);
    const { rings } = ringLayout(cycleStructure(slips, 400).cycles);
    const long = rings[0]!;
    expect(outOfReach(long, long.boxes[0]!, 400)).toEqual({
      first: 400,
      count: long.boxes.length - 400,
    });
    expect(outOfReach(long, long.boxes[10]!, 0)).toEqual({ first: 10, count: long.boxes.length });
    expect(outOfReach(long, long.boxes[0]!, 1000)).toEqual({ first: 1000, count: 0 });
  });
});
