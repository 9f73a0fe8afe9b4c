// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/features/prisoners/engine/rng.ts';
import { stressCommandLine, successBound } from './stress.ts';

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
});

// A short round of `npm run stress` (issue 19). No busy processes of its own: Vitest runs a unit
// file on every core, so the files running beside this one are its load, and busy processes
// would only starve them past their hang guards. The three runs (seed 19) take about 1.5 s each
// on a machine loaded thirteen times over, against a limit of 30 s each before a run counts as
// hung (timeLimitSeconds).
describe('the command line on a loaded machine', () => {
  it('ends every run with every trial counted and a rate within the bound of the exact value', async () => {
    // 1 to 4 threads a run: before the pool's ledger a quarter of the runs with 2–4 threads hung
    // under load (`npm run stress`, docs/performance.md: "Stress").
    const figures = await stressCommandLine({
      runs: 3,
      rng: createRng(19),
      maxTrials: 1e5,
      maxThreads: 4,
      busyProcesses: 0,
    });
    expect(figures.problems).toEqual([]);
    expect([figures.runs, figures.ok]).toEqual([3, 3]);
  }, 240_000);
});
