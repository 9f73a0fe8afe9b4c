// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { measureTrialRate, sampleRate } from './calibration.ts';

describe('measuring trials per second', () => {
  it('runs batches until the budget is spent, never one that the rate says would overshoot', () => {
    // A clock that advances 1 ms per reading, one reading per batch. Each batch is twice the
    // last, or what the rate so far fits in the time left if that is less (worked by hand):
    // after 5 ms, 31 trials: 31/5 × 5 ms = 31; after 6 ms, 62: 62/6 × 4 = 41.3 → 41; then
    // 103/7 × 3 → 44, 147/8 × 2 → 36, 183/9 × 1 → 20, and at 10 ms the budget is spent.
    let clock = 0;
    const sample = measureTrialRate(
      { n: 100, k: 50, strategy: 'cycle', method: 'fast' },
      10,
      () => clock++,
    );
    expect(sample.elapsedMs).toBe(10);
    expect(sample.trials).toBe(1 + 2 + 4 + 8 + 16 + 31 + 41 + 44 + 36 + 20);
    expect(sampleRate(sample)).toBe(sample.trials * 100);
  });

  it('rates an empty sample at zero', () => {
    expect(sampleRate({ trials: 0, elapsedMs: 0 })).toBe(0);
    expect(sampleRate({ trials: 10, elapsedMs: 0 })).toBe(0);
  });

  it('runs the same batches for every strategy and method, whatever the clock read first', () => {
    // The batch sizes depend on the clock alone (see above); a clock that starts at 500 ms
    // measures from there. The random strategy's literal trials start from boxes in order, and
    // its fast ones need no scratch space at all.
    for (const [strategy, method] of [
      ['random', 'literal'],
      ['random', 'fast'],
      ['swap', 'literal'],
      ['cycle', 'literal'],
    ] as const) {
      let clock = 500;
      const sample = measureTrialRate({ n: 30, k: 10, strategy, method }, 10, () => clock++);
      expect(sample).toEqual({
        trials: 1 + 2 + 4 + 8 + 16 + 31 + 41 + 44 + 36 + 20,
        elapsedMs: 10,
      });
    }
  });

  it('reads the performance clock when given none, and runs until the budget is spent', () => {
    const sample = measureTrialRate({ n: 10, k: 5, strategy: 'cycle', method: 'fast' }, 2);
    // The loop ends only once the budget has passed, however fast the machine.
    expect(sample.elapsedMs).toBeGreaterThanOrEqual(2);
    expect(sample.trials).toBeGreaterThanOrEqual(1);
  });
});
