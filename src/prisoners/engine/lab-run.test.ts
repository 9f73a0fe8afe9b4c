// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { N_MAX, N_MIN } from './lab-settings.ts';
import { cycleLengthOfBox, firstArrangement } from '../../testing/arrangements.ts';
import {
  convergenceCheckpoints,
  runWorkerJob,
  shareTrials,
  workerJob,
  type WorkerProgress,
} from './lab-run.ts';

const settings = { n: 100, k: 50, strategy: 'cycle', method: 'fast', trials: 300_000 } as const;

describe('a worker job', () => {
  it('reports at most once per interval, with fixed-size tallies, and ends with done', () => {
    let clock = 0;
    const reports: WorkerProgress[] = [];
    // Every batch advances the clock by 30 ms: a report is due every fourth batch.
    const final = runWorkerJob(
      workerJob(settings, 1, 0, 1),
      (p) => reports.push(p),
      () => (clock += 30),
    );
    expect(final.done).toBe(true);
    expect(final.trials).toBe(300_000);
    expect(reports.at(-1)).toBe(final);
    expect(reports.length).toBeLessThan(40);
    for (const report of reports) expect(report.longestCycle.length).toBe(101);
    expect(final.longestCycle.reduce((a, b) => a + b, 0)).toBe(300_000);
    expect(final.convergence).toHaveLength(convergenceCheckpoints(300_000).length);
    expect(final.convergence.at(-1)).toBeLessThanOrEqual(final.successes);
  });

  it.each(['literal', 'fast'] as const)(
    'keeps the state of a losing arrangement that replays it (%s runs)',
    (method) => {
      const final = runWorkerJob(workerJob({ ...settings, method }, 77, 0, 2), () => {});
      expect(final.watchState).toMatch(/^[0-9a-f]{32}$/);
      const lengths = cycleLengthOfBox(firstArrangement(final.watchState!));
      expect(Math.max(...lengths)).toBeGreaterThan(50);
    },
  );

  it.each(['literal', 'fast'] as const)(
    'keeps no arrangement to watch with the swap strategy (%s runs), as the swap frees everyone',
    (method) => {
      const final = runWorkerJob(
        workerJob({ ...settings, strategy: 'swap', method, trials: 5000 }, 77, 0, 2),
        () => {},
      );
      expect(final.watchState).toBeNull();
      expect(final.successes).toBe(final.trials);
      expect(final.longestCycle.slice(51).every((count) => count === 0)).toBe(true);
    },
  );

  it.each(['literal', 'fast'] as const)(
    'is reproducible for the same seed and worker (%s), whatever the progress reports',
    (method) => {
      const job = workerJob({ ...settings, method, trials: 20_000 }, 3, 1, 2);
      const a = runWorkerJob(job, () => {});
      let clock = 0;
      const b = runWorkerJob(
        job,
        () => {},
        () => (clock += 1000),
      );
      expect({ ...b, elapsedMs: 0 }).toEqual({ ...a, elapsedMs: 0 });
      expect(a.longestCycle.reduce((x, y) => x + y, 0)).toBe(job.trials);
    },
  );

  it.each([
    [N_MIN, 0, 'cycle', 'literal', 100, 0],
    [N_MIN, 1, 'cycle', 'fast', 100, 100],
    [N_MIN, 0, 'random', 'fast', 100, 0],
    [N_MAX, 50_000, 'cycle', 'literal', 3, null],
    [N_MAX, 20_000, 'cycle', 'fast', 1000, null],
    [N_MAX, 50_000, 'random', 'literal', 3, null],
    [N_MIN, 0, 'swap', 'literal', 100, 0],
    [N_MIN, 1, 'swap', 'fast', 100, 100],
    [N_MAX, 50_000, 'swap', 'literal', 3, 3],
    [N_MAX, 49_999, 'swap', 'fast', 1000, null],
    [N_MAX, 20_000, 'swap', 'literal', 2, null],
  ] as const)(
    'runs n = %i, k = %i, %s strategy, %s method, %i trials, to the end',
    (n, k, strategy, method, trials, successes) => {
      const final = runWorkerJob({ n, k, strategy, method, workerSeed: 5, trials }, () => {});
      expect(final.trials).toBe(trials);
      expect(final.longestCycle.reduce((x, y) => x + y, 0)).toBe(trials);
      if (successes !== null) expect(final.successes).toBe(successes);
      if (strategy !== 'random') {
        expect(final.freed.reduce((x, y) => x + y, 0)).toBe(trials);
        expect(final.freed[n]).toBe(final.successes);
      }
    },
  );

  it('shares trials out evenly and records checkpoints about ten per decade', () => {
    expect(shareTrials(10, 3)).toEqual([4, 3, 3]);
    expect(convergenceCheckpoints(100)).toEqual([
      1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100,
    ]);
  });
});
