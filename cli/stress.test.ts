// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { successBound } from './stress.ts';

describe('the command-line stress', () => {
  // A short round of the stress itself runs with the browser tests (lab.e2e.ts), where no other
  // test file runs beside its busy processes.
  it("bounds the success count by Bernstein's inequality at 10⁻⁶", () => {
    // ln(2·10⁶) = 14.5087: u = L/3 + √((L/3)² + 2·t·p(1−p)·L).
    expect(successBound(1e6, 0.5)).toBeCloseTo(2698.2, 1);
    // Between 5 and 6 standard errors for a large count, ...
    expect(successBound(1e6, 0.5) / 500).toBeGreaterThan(5);
    expect(successBound(1e6, 0.5) / 500).toBeLessThan(6);
    // ... and a handful of successes where none are expected.
    expect(successBound(1e7, 0)).toBeCloseTo((2 * Math.log(2e6)) / 3, 10);
  });
});
