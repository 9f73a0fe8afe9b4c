// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cycleStructure } from '../engine/cycles.ts';
import { columnsFor } from './layout.ts';
import { gridKeyTarget, ringKeyTarget } from './twin-keys.ts';

const key = (name: string, ctrlKey = false) => ({ key: name, ctrlKey });

/** The grid as rows of box numbers, built by filling rows of `columns` left to right. */
function rowsOf(n: number, columns: number): number[][] {
  const rows: number[][] = [];
  for (let box = 0; box < n; box++) {
    if (box % columns === 0) rows.push([]);
    rows.at(-1)!.push(box);
  }
  return rows;
}

/** Where each key leads in that model: by row and place in the row, staying put at an edge. */
function modelTarget(rows: number[][], name: string, ctrl: boolean, box: number) {
  const row = rows.findIndex((boxes) => boxes.includes(box));
  const place = rows[row]!.indexOf(box);
  const at = (r: number, p: number) => rows[r]?.[p] ?? box;
  switch (name) {
    case 'ArrowRight':
      return at(row, place + 1);
    case 'ArrowLeft':
      return at(row, place - 1);
    case 'ArrowDown':
      return at(row + 1, place);
    case 'ArrowUp':
      return at(row - 1, place);
    case 'Home':
      return ctrl ? rows[0]![0] : rows[row]![0];
    case 'End':
      return ctrl ? rows.at(-1)!.at(-1) : rows[row]!.at(-1);
  }
  return undefined;
}

describe('the keyboard twin’s keys in the grid', () => {
  it('moves as the grid pattern does on a board with a short last row (n = 10, 4 columns)', () => {
    const to = (name: string, box: number, ctrl = false) =>
      gridKeyTarget(key(name, ctrl), box, 10, 4);
    expect(to('ArrowRight', 3)).toBe(3);
    expect(to('ArrowRight', 9)).toBe(9);
    expect(to('ArrowDown', 5)).toBe(9);
    expect(to('ArrowDown', 6)).toBe(6);
    expect(to('ArrowUp', 9)).toBe(5);
    expect(to('End', 8)).toBe(9);
    expect(to('End', 4)).toBe(7);
    expect(to('Home', 9)).toBe(8);
    expect(to('End', 0, true)).toBe(9);
    expect(to('Home', 9, true)).toBe(0);
    expect(to('PageDown', 0)).toBeUndefined();
  });

  it('reaches the last box with Ctrl + End and the first with Ctrl + Home at n = 10,000', () => {
    expect(gridKeyTarget(key('End', true), 0, 10_000, 100)).toBe(9999);
    expect(gridKeyTarget(key('Home', true), 9999, 10_000, 100)).toBe(0);
    expect(gridKeyTarget(key('End'), 0, 10_000, 100)).toBe(99);
  });

  it('agrees with a model of rows for every key, any n up to 10,000 and any box', () => {
    const names = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'];
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10_000 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }))),
        fc.constantFrom(...names),
        fc.boolean(),
        ([n, box], name, ctrl) => {
          const columns = columnsFor(n);
          expect(gridKeyTarget(key(name, ctrl), box, n, columns)).toBe(
            modelTarget(rowsOf(n, columns), name, ctrl && (name === 'Home' || name === 'End'), box),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the keyboard twin’s keys in the rings view', () => {
  // Two cycles: 0 → 2 → 4 → 0 and 1 → 3 → 1; longest first.
  const slips = Int32Array.from([2, 3, 4, 1, 0]);
  const { cycles, cycleOfBox } = cycleStructure(slips);
  const rings = cycles.map((cycle) => cycle.boxes);
  const to = (name: string, box: number, ctrl = false) =>
    ringKeyTarget(key(name, ctrl), box, rings, cycleOfBox);

  it('walks round a ring the way the slips lead, wrapping at its ends', () => {
    expect(rings).toEqual([
      [0, 2, 4],
      [1, 3],
    ]);
    expect(to('ArrowRight', 0)).toBe(2);
    expect(to('ArrowDown', 4)).toBe(0);
    expect(to('ArrowLeft', 0)).toBe(4);
    expect(to('ArrowUp', 3)).toBe(1);
    expect(to('Home', 4)).toBe(0);
    expect(to('End', 0)).toBe(4);
  });

  it('jumps between rings with Page Up and Page Down, and to the ends with Ctrl', () => {
    expect(to('PageDown', 2)).toBe(1);
    expect(to('PageDown', 3)).toBeUndefined();
    expect(to('PageUp', 3)).toBe(0);
    expect(to('PageUp', 0)).toBeUndefined();
    expect(to('End', 0, true)).toBe(3);
    expect(to('Home', 3, true)).toBe(0);
  });
});
