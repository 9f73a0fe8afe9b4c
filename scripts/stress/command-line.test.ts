// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/prisoners/engine/rng.ts';
import { stressCommandLine, successBound } from './command-line.ts';

describe('the command-line stress', () => {
  it("bounds the success count by Bernstein's inequality at 10⁻⁶", () => {
    // ln(2·10⁶) = 14.5087: u = L/3 + √((L/3)² + 2·t·p(1−p)·L).
    expect(successBound(1e6, 0.5)).toBeCloseTo(2698.2, 1);
    // Between 5 and 6 standard errors for a large count, ...
    expect(successBound(1e6, 0.5) / 500).toBeGreaterThan(5);
    expect(successBound(1e6, 0.5) / 500).toBeLessThan(6);
    // ... and a handful of successes where none are expected.
    expect(successBound(1e7, 0)).toBeCloseTo((2 * Math.log(2e6)) / 3, 10);
  });

  it('runs the command line a few times under load: no hang, every total and rate right', async () => {
    const figures = await stressCommandLine({ runs: 3, rng: createRng(19), maxTrials: 1e5 });
    expect(figures.problems).toEqual([]);
    expect([figures.runs, figures.ok]).toEqual([3, 3]);
  }, 240_000);
});
