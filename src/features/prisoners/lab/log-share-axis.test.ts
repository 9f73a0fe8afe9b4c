// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatShareTick, logShareAxis } from './log-share-axis.ts';

describe('the log axis of the freed plot', () => {
  it('runs from the decade below the smallest share to the decade above the largest', () => {
    // 100 prisoners, 50 guesses: everyone free 31%, each failed count about 1% (1/51 … 1/100).
    const { y, ticks } = logShareAxis([1 / 100, 1 / 51, 0, 0.3118], [200, 0]);
    expect(y.domain()).toEqual([0.001, 1]);
    expect(ticks).toEqual([0.001, 0.01, 0.1, 1]);
    expect(y(1)).toBe(0);
    expect(y(0.001)).toBe(200);
    expect(y(0.01)).toBeCloseTo(200 - 200 / 3, 9);
  });

  it('gives a share that is a power of ten a height of its own', () => {
    expect(logShareAxis([1e-6, 0.5], [100, 0]).y.domain()).toEqual([1e-7, 1]);
  });

  it('labels every other decade when there are many, keeping the top one', () => {
    const { ticks } = logShareAxis([1e-9, 1], [100, 0]);
    expect(ticks).toEqual([1e-10, 1e-8, 1e-6, 1e-4, 0.01, 1]);
  });

  it('spans a decade at least, and 0.1% to 100% before any trial', () => {
    expect(logShareAxis([1, 1], [100, 0]).y.domain()).toEqual([0.1, 1]);
    expect(logShareAxis([0, 0], [100, 0]).y.domain()).toEqual([0.001, 1]);
  });

  it('writes the decades as percentages, the smallest as powers of ten', () => {
    expect([1, 0.1, 0.01, 0.001, 1e-4, 1e-5, 1e-9].map(formatShareTick)).toEqual([
      '100%',
      '10%',
      '1%',
      '0.1%',
      '0.01%',
      '10⁻³\u00a0%',
      '10⁻⁷\u00a0%',
    ]);
  });
});
