// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { binCounts, binEdges } from './histogram-bins.ts';

describe('histogram bins', () => {
  it('gives every length its own bin while they fit', () => {
    expect(binEdges(5, 100)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('pools long ranges into the largest number of even bins', () => {
    expect(binEdges(10, 4)).toEqual([0, 3, 5, 8, 10]);
    const edges = binEdges(100000, 100);
    expect(edges).toHaveLength(101);
    expect(edges.slice(0, 3)).toEqual([0, 1000, 2000]);
    expect(edges.at(-1)).toBe(100000);
  });

  it('sums counts into their bins, with count 0 in the first', () => {
    const counts = new Float64Array([7, 1, 2, 3, 4, 5]);
    expect(binCounts(counts, [0, 2, 5])).toEqual([10, 12]);
  });
});
