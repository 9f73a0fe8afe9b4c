// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { differenceInStandardErrors, standardError, wilsonInterval } from './statistics.ts';

describe('statistics', () => {
  it('gives the Wilson 95% interval', () => {
    // 31 of 100, worked by hand: centre 0.32921/1.038415, half-width 1.96·0.047276/1.038415.
    const [low, high] = wilsonInterval(31, 100);
    expect(low).toBeCloseTo(0.2278, 4);
    expect(high).toBeCloseTo(0.4063, 4);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBeCloseTo(1, 15);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('ends at 0 with no successes and at 1 with no failures, exactly, for any count of trials', () => {
    // Mathematically the centre and the half-width are equal there; the page writes what it gets,
    // so a floating-point residue would read "2.8 × 10⁻¹⁵ %".
    for (let trials = 1; trials <= 2000; trials++) {
      expect(wilsonInterval(0, trials)[0], `0 of ${trials}`).toBe(0);
      expect(wilsonInterval(trials, trials)[1], `${trials} of ${trials}`).toBe(1);
    }
  });

  it('measures differences in standard errors of the exact probability', () => {
    expect(standardError(0.25, 100)).toBeCloseTo(Math.sqrt(0.1875 / 100), 15);
    expect(standardError(0.25, 0)).toBeNaN();
    expect(standardError(0.25, -4)).toBeNaN();
    expect(differenceInStandardErrors(30, 100, 0.25)).toBeCloseTo(
      0.05 / Math.sqrt(0.1875 / 100),
      12,
    );
    expect(differenceInStandardErrors(0, 100, 0)).toBe(0);
    expect(differenceInStandardErrors(1, 100, 0)).toBe(Infinity);
    expect(differenceInStandardErrors(0, 0, 0.3)).toBeNaN();
    expect(differenceInStandardErrors(3, 0, 0.3)).toBeNaN();
    expect(differenceInStandardErrors(99, 100, 1)).toBe(-Infinity);
    expect(differenceInStandardErrors(100, 100, 1)).toBe(0);
  });
});
