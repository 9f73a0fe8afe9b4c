// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleStructure } from './cycles.ts';

describe('cycleStructure', () => {
  it('lists the cycles longest first, each from its smallest box in walking order', () => {
    // 0→1→2→0, 3→3, 4→5→4
    const { cycles, cycleOfBox } = cycleStructure([1, 2, 0, 3, 5, 4]);
    expect(cycles.map((cycle) => cycle.boxes)).toEqual([[0, 1, 2], [4, 5], [3]]);
    expect([...cycleOfBox]).toEqual([0, 0, 0, 2, 1, 1]);
    expect(cycles.every((cycle) => !cycle.dooms)).toBe(true);
  });

  it('marks a cycle longer than 50 boxes as dooming the run', () => {
    const slips = Array.from({ length: 100 }, (_, box) => (box < 51 ? (box + 1) % 51 : box));
    const { cycles } = cycleStructure(slips);
    expect(cycles[0]).toEqual({ boxes: Array.from({ length: 51 }, (_, box) => box), dooms: true });
    expect(cycles.slice(1).some((cycle) => cycle.dooms)).toBe(false);
    expect(cycles).toHaveLength(50);
  });
});

describe('cycle order', () => {
  it('puts longer cycles first and cycles of one length in the order of their smallest box', () => {
    // Cycles (0 5), (1 2 3), (4 7), (6 9), (8): lengths 2, 3, 2, 2, 1.
    const slips = [5, 2, 3, 1, 7, 0, 9, 4, 8, 6];
    expect(cycleStructure(slips).cycles.map((cycle) => cycle.boxes)).toEqual([
      [1, 2, 3],
      [0, 5],
      [4, 7],
      [6, 9],
      [8],
    ]);
  });
});
