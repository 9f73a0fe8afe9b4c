import { describe, expect, it } from 'vitest';
import { binCounts, binEdges, formatCount, formatPercent, formatStandardErrors } from './format.ts';

describe('lab formats', () => {
  it('writes percentages in plain digits', () => {
    expect(formatPercent(0.311827820689805)).toBe('31.18%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(7.888609052210118e-31)).toBe('7.89e-29%');
    expect(formatCount(1_000_000)).toBe('1000000');
    expect(formatStandardErrors(-1.234)).toBe('−1.23');
    expect(formatStandardErrors(0.5)).toBe('+0.50');
  });

  it('bins lengths 1..n into at most the given number of bins', () => {
    expect(binEdges(5, 100)).toEqual([0, 1, 2, 3, 4, 5]);
    const edges = binEdges(100000, 100);
    expect(edges).toHaveLength(101);
    expect(edges.at(-1)).toBe(100000);
    const counts = new Float64Array([0, 1, 2, 3, 4, 5]);
    expect(binCounts(counts, [0, 2, 5])).toEqual([3, 12]);
  });
});
