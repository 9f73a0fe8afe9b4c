// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { N_MAX, N_MIN } from '../engine/lab-settings.ts';
import { streamsOf } from '../../../testing/stream-sums.ts';
import { runWorkerJob, workerJob, type StreamsReport } from './streams-job.ts';
import { convergenceCheckpoints, streamCount, type RunLayout } from '../engine/streams.ts';

const layout: RunLayout = {
  n: 100,
  k: 50,
  strategy: 'cycle',
  method: 'fast',
  trials: 300_000,
  runSeed: 1,
};

describe('a worker job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports at most once per interval, each stream once, in fixed-size tallies', () => {
    let clock = 0;
    const reports: StreamsReport[] = [];
    // Every stream advances the clock by 30 ms: a report is due every fourth stream.
    const job = workerJob(layout, 1, 3);
    const last = runWorkerJob(
      job,
      (p) => reports.push(p),
      () => (clock += 30),
    );
    reports.push(last);
    const streams = streamCount(layout);
    const expected = Array.from({ length: streams }, (_, s) => s).filter((s) => s % 3 === 1);
    expect(reports.flatMap(streamsOf)).toEqual(expected);
    expect(reports.length).toBe(Math.ceil(expected.length / 4));
    for (const report of reports) {
      expect(report.longestCycle.length).toBe(101);
      expect(report.convergence.length).toBe(convergenceCheckpoints(300_000).length);
      expect(report.longestCycle.reduce((a, b) => a + b, 0)).toBe(report.trials);
    }
  });

  it('reports once the interval has passed, exactly at it, with the time since its start', () => {
    let clock = 0;
    const reports: StreamsReport[] = [];
    // Six streams; the clock reads 50 at the start and moves 50 ms a stream, so with the default
    // interval of 100 ms a report is due after every second stream; the sixth ends the job.
    const job = workerJob({ ...layout, trials: 6 * 4096 }, 0, 1);
    const last = runWorkerJob(
      job,
      (p) => reports.push(p),
      () => (clock += 50),
    );
    expect(reports.map(streamsOf)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(streamsOf(last)).toEqual([4, 5]);
    // At 150 and 250, then at 400 (the last reading), each since the start at 50.
    expect([...reports, last].map((report) => report.elapsedMs)).toEqual([100, 200, 350]);
  });

  it('reads the time from performance.now by default', () => {
    // performance.now on a fake clock that stands still: no report is due, and the job took no
    // time.
    vi.useFakeTimers({ toFake: ['performance'] });
    const reports: StreamsReport[] = [];
    const last = runWorkerJob(workerJob({ ...layout, trials: 3 * 4096 }, 0, 1), (p) =>
      reports.push(p),
    );
    expect(reports).toEqual([]);
    expect(streamsOf(last)).toEqual([0, 1, 2]);
    expect(last.elapsedMs).toBe(0);
  });

  it('returns an empty last report when its final stream was just reported', () => {
    let clock = 0;
    const reports: StreamsReport[] = [];
    const job = workerJob({ ...layout, trials: 3 * 4096 }, 0, 1);
    const last = runWorkerJob(
      job,
      (p) => reports.push(p),
      () => (clock += 1000),
    );
    // A report after each stream but the last, which comes back as the return value.
    expect(reports.map(streamsOf)).toEqual([[0], [1]]);
    expect(streamsOf(last)).toEqual([2]);
  });

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
      const last = runWorkerJob(
        workerJob({ n, k, strategy, method, trials, runSeed: 5 }, 0, 1),
        () => {},
        () => 0,
      );
      expect(last.trials).toBe(trials);
      expect(last.count).toBe(streamCount({ n, method, trials }));
      expect(last.longestCycle.reduce((x, y) => x + y, 0)).toBe(trials);
      if (successes !== null) expect(last.successes).toBe(successes);
      if (strategy !== 'random') {
        expect(last.freed.reduce((x, y) => x + y, 0)).toBe(trials);
        expect(last.freed[n]).toBe(last.successes);
      }
    },
  );
});
