// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LengthExample, StreamsReport } from './streams-job.ts';
import { createRunLedger } from './run-ledger.ts';
import { convergenceCheckpoints, type RunLayout } from '../engine/streams.ts';

// 100,000 prisoners, literal: a stream holds ⌊2^19 / 100000⌋ = 5 trials, so 12 trials are three
// streams (trials 1–5, 6–10, 11–12) and the convergence checkpoints are 1, 2, 3, 4, 5, 6, 8, 10
// (round(10^(s/10)) for s = 0 … 10, repeats dropped; 13 is past the run).
const N = 100_000;
const LAYOUT: RunLayout = {
  n: N,
  k: 50_000,
  strategy: 'cycle',
  method: 'literal',
  trials: 12,
  runSeed: 1,
};
const CHECKPOINTS = [1, 2, 3, 4, 5, 6, 8, 10];

/** A report of one stream with the given successes (true) and failures (false) per trial. */
function streamReport(
  stream: number,
  outcomes: boolean[],
  options: { longest?: number[]; examples?: LengthExample[] } = {},
): StreamsReport {
  const first = stream * 5 + 1;
  const longestCycle = new Float64Array(N + 1);
  const freed = new Float64Array(N + 1);
  for (const length of options.longest ?? []) longestCycle[length]!++;
  freed[N] = outcomes.filter(Boolean).length;
  freed[0] = outcomes.length - outcomes.filter(Boolean).length;
  const successes = outcomes.filter(Boolean).length;
  // Successes among the stream's trials numbered at most each checkpoint.
  const convergence = Float64Array.from(
    CHECKPOINTS,
    (checkpoint) => outcomes.filter((success, i) => success && first + i <= checkpoint).length,
  );
  return {
    first: stream,
    step: 1,
    count: 1,
    trials: outcomes.length,
    successes,
    longestCycle,
    freed,
    convergence,
    examples: options.examples ?? [],
    elapsedMs: 0,
  };
}

// Stream 0: trials 1–5 succeed, fail, succeed, succeed, fail. Successes up to each checkpoint
// (1, 2, 3, 4, 5, then 6–10 beyond it): 1, 1, 2, 3, 3, 3, 3, 3.
const S = true;
const F = false;
const STREAM_0 = [S, F, S, S, F];
// Stream 1: trials 6–10: S, S, F, F, S. Its successes up to checkpoints 6, 8, 10: 1, 2, 3.
const STREAM_1 = [S, S, F, F, S];
// Stream 2: trials 11–12: F, S. No checkpoint reaches it.
const STREAM_2 = [F, S];

describe('convergence checkpoints', () => {
  it('are round(10^(s/10)) for s = 0, 1, 2 …, repeats dropped, up to the run’s trials', () => {
    // 10^0.1 = 1.26, 10^0.2 = 1.58, 10^0.3 = 2.00, 10^0.4 = 2.51, 10^0.5 = 3.16, 10^0.6 = 3.98,
    // 10^0.7 = 5.01, 10^0.8 = 6.31, 10^0.9 = 7.94; then ten times each, and so on.
    expect(convergenceCheckpoints(12)).toEqual(CHECKPOINTS);
    expect(convergenceCheckpoints(100)).toEqual([
      1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100,
    ]);
    expect(convergenceCheckpoints(99).at(-1)).toBe(79);
    expect(convergenceCheckpoints(1)).toEqual([1]);
    expect(convergenceCheckpoints(0)).toEqual([]);
  });
});

describe('a run ledger', () => {
  it('writes the hand-made reports as the streams would (their convergence by hand)', () => {
    expect(Array.from(streamReport(0, STREAM_0).convergence)).toEqual([1, 1, 2, 3, 3, 3, 3, 3]);
    expect(Array.from(streamReport(1, STREAM_1).convergence)).toEqual([0, 0, 0, 0, 0, 1, 2, 3]);
    expect(Array.from(streamReport(2, STREAM_2).convergence)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('adds streams in any order, knowing a checkpoint once every stream up to it is counted', () => {
    const ledger = createRunLedger(LAYOUT);
    expect(ledger.streams).toBe(3);
    expect([ledger.counted, ledger.prefix, ledger.complete]).toEqual([0, 0, false]);
    expect(ledger.totals().convergence).toEqual([]);

    expect(ledger.add(streamReport(2, STREAM_2))).toBe(true);
    expect([ledger.counted, ledger.prefix, ledger.complete]).toEqual([1, 0, false]);
    // No checkpoint is known yet: only the count so far.
    expect(ledger.totals().convergence).toEqual([{ trials: 2, successes: 1 }]);

    expect(ledger.add(streamReport(0, STREAM_0))).toBe(true);
    expect([ledger.counted, ledger.prefix, ledger.complete]).toEqual([2, 1, false]);
    // Checkpoints 1–5 lie in stream 0; 6 needs stream 1. Then the 7 trials counted, 4 successes.
    expect(ledger.totals().convergence).toEqual([
      { trials: 1, successes: 1 },
      { trials: 2, successes: 1 },
      { trials: 3, successes: 2 },
      { trials: 4, successes: 3 },
      { trials: 5, successes: 3 },
      { trials: 7, successes: 4 },
    ]);

    expect(ledger.add(streamReport(1, STREAM_1))).toBe(true);
    expect([ledger.counted, ledger.prefix, ledger.complete]).toEqual([3, 3, true]);
    const totals = ledger.totals();
    expect(totals.trials).toBe(12);
    expect(totals.successes).toBe(3 + 3 + 1);
    expect(totals.convergence).toEqual([
      { trials: 1, successes: 1 },
      { trials: 2, successes: 1 },
      { trials: 3, successes: 2 },
      { trials: 4, successes: 3 },
      { trials: 5, successes: 3 },
      { trials: 6, successes: 4 },
      { trials: 8, successes: 5 },
      { trials: 10, successes: 6 },
      { trials: 12, successes: 7 },
    ]);
    expect(totals.freed[N]).toBe(7);
    expect(totals.freed[0]).toBe(5);
  });

  it('ends the convergence at the last checkpoint when the run ends there', () => {
    const layout = { ...LAYOUT, trials: 10 };
    const ledger = createRunLedger(layout);
    expect(ledger.streams).toBe(2);
    ledger.add(streamReport(1, STREAM_1));
    ledger.add(streamReport(0, STREAM_0));
    expect(ledger.totals().convergence.slice(-2)).toEqual([
      { trials: 8, successes: 5 },
      { trials: 10, successes: 6 },
    ]);
  });

  it('ignores, whole, a report of a stream counted already, outside the run, or malformed', () => {
    const ledger = createRunLedger(LAYOUT);
    expect(ledger.add(streamReport(1, STREAM_1))).toBe(true);
    const rejected: StreamsReport[] = [
      streamReport(1, STREAM_1), // counted already
      { ...streamReport(0, STREAM_0), count: 2 }, // streams 0 and 1: 1 is counted
      streamReport(3, STREAM_2), // the run has streams 0–2
      { ...streamReport(0, STREAM_0), first: -1 },
      { ...streamReport(0, STREAM_0), first: 0.5 },
      { ...streamReport(0, STREAM_0), count: -1 },
      { ...streamReport(0, STREAM_0), count: 0.5 },
      { ...streamReport(0, STREAM_0), step: 0, count: 2 }, // stream 0 twice
      { ...streamReport(0, STREAM_0), longestCycle: new Float64Array(N) },
      { ...streamReport(0, STREAM_0), freed: new Float64Array(N + 2) },
      { ...streamReport(0, STREAM_0), convergence: new Float64Array(CHECKPOINTS.length + 1) },
    ];
    for (const report of rejected)
      expect(ledger.add(report), JSON.stringify(report.first)).toBe(false);
    expect([ledger.counted, ledger.prefix]).toEqual([1, 0]);
    expect(ledger.totals().trials).toBe(5);
    // An empty report changes nothing but is not wrong.
    expect(ledger.add({ ...streamReport(0, []), count: 0, step: 0 })).toBe(true);
    expect(ledger.counted).toBe(1);
    // Streams 0 and 2 in one report (first 0, step 2).
    const both = streamReport(0, [...STREAM_0, ...STREAM_2]);
    expect(ledger.add({ ...both, step: 2, count: 2 })).toBe(true);
    expect([ledger.counted, ledger.prefix, ledger.complete]).toEqual([3, 3, true]);
    expect(ledger.totals().trials).toBe(12);
  });

  it('counts a shard’s streams only, with the count so far as its one convergence point', () => {
    // Streams 1, 3, 5 … of the run: here only stream 1.
    const ledger = createRunLedger(LAYOUT, { first: 1, step: 2 });
    expect(ledger.streams).toBe(1);
    expect(ledger.add(streamReport(0, STREAM_0))).toBe(false);
    expect(ledger.add(streamReport(2, STREAM_2))).toBe(false);
    expect(ledger.add(streamReport(1, STREAM_1))).toBe(true);
    expect(ledger.complete).toBe(true);
    expect(ledger.totals().convergence).toEqual([{ trials: 5, successes: 3 }]);
    const report = ledger.report(42);
    expect(report).toMatchObject({ first: 1, step: 2, count: 1, trials: 5, successes: 3 });
    expect(report.elapsedMs).toBe(42);
    expect(Array.from(report.convergence)).toEqual([0, 0, 0, 0, 0, 1, 2, 3]);
    expect(report.freed[N]).toBe(3);

    // A shard past the run's streams expects none and is complete at once.
    const empty = createRunLedger(LAYOUT, { first: 3, step: 4 });
    expect([empty.streams, empty.complete]).toEqual([0, true]);
    expect(empty.totals().convergence).toEqual([]);
    const farther = createRunLedger(LAYOUT, { first: 5, step: 1 });
    expect([farther.streams, farther.complete]).toEqual([0, true]);
    // Streams 0 and 2 of three: two.
    expect(createRunLedger(LAYOUT, { first: 0, step: 2 }).streams).toBe(2);
  });

  it('gives a shard holding stream 0 the count so far as its one convergence point', () => {
    // Streams 0 and 2: stream 0's checkpoints are all counted, but a shard's points are its own
    // count only (its trials are not the run's first ones).
    const ledger = createRunLedger(LAYOUT, { first: 0, step: 2 });
    expect(ledger.add(streamReport(0, STREAM_0))).toBe(true);
    expect(ledger.prefix).toBe(1);
    expect(ledger.totals().convergence).toEqual([{ trials: 5, successes: 3 }]);
    expect(ledger.add(streamReport(1, STREAM_1))).toBe(false);
    expect(ledger.add(streamReport(2, STREAM_2))).toBe(true);
    expect(ledger.complete).toBe(true);
    expect(ledger.totals().convergence).toEqual([{ trials: 7, successes: 4 }]);
  });

  it('expects of a shard first, first + step … only, whatever first and step', () => {
    // Streams 1, 4, 7 …: of three streams, stream 1 alone.
    const ledger = createRunLedger(LAYOUT, { first: 1, step: 3 });
    expect(ledger.streams).toBe(1);
    expect(ledger.add(streamReport(0, STREAM_0))).toBe(false);
    expect(ledger.add(streamReport(2, STREAM_2))).toBe(false);
    expect(ledger.add(streamReport(1, STREAM_1))).toBe(true);
    expect([ledger.counted, ledger.complete]).toEqual([1, true]);
  });

  it('counts the largest run the lab takes: 10⁹ literal trials of 100,000 prisoners', () => {
    // Five trials a stream: 200,000,000 streams, one bit each in the ledger.
    const layout: RunLayout = { ...LAYOUT, trials: 1_000_000_000 };
    const ledger = createRunLedger(layout);
    expect(ledger.streams).toBe(200_000_000);
    // round(10^(s/10)) for s = 0 … 90: 11 values up to 10 with 3 repeats, then 80 new ones.
    const checkpoints = 8 + 80;
    const last = {
      ...streamReport(0, STREAM_0),
      first: 199_999_999,
      convergence: new Float64Array(checkpoints),
    };
    expect(ledger.add(last)).toBe(true);
    expect(ledger.add(last)).toBe(false);
    expect([ledger.counted, ledger.prefix, ledger.complete]).toEqual([1, 0, false]);
    expect(ledger.totals().convergence).toEqual([{ trials: 5, successes: 3 }]);
  });

  it('keeps, for each longest cycle, the run’s first trial, and returns copies', () => {
    const ledger = createRunLedger(LAYOUT);
    ledger.add(
      streamReport(1, STREAM_1, {
        longest: [7, 7, 9, 9, 9],
        examples: [
          { length: 7, trial: 6, state: 'seven-late' },
          { length: 9, trial: 8, state: 'nine' },
          { length: N + 1, trial: 6, state: 'too long' },
          { length: -1, trial: 6, state: 'negative' },
        ],
      }),
    );
    ledger.add(
      streamReport(0, STREAM_0, {
        longest: [7, 3, 3, 3, 3],
        examples: [
          { length: 7, trial: 2, state: 'seven' },
          { length: 3, trial: 1, state: 'three' },
          // Every length the arrays index, 0 … n, is kept.
          { length: 0, trial: 4, state: 'zero' },
          { length: N, trial: 5, state: 'all' },
        ],
      }),
    );
    // A later trial of length 3 does not replace the first.
    ledger.add(
      streamReport(2, STREAM_2, {
        longest: [3, 3],
        examples: [{ length: 3, trial: 11, state: 'three-late' }],
      }),
    );
    const totals = ledger.totals();
    expect([totals.longestCycle[3], totals.longestCycle[7], totals.longestCycle[9]]).toEqual([
      6, 3, 3,
    ]);
    const kept = totals.longestCycleExamples.flatMap((example, length) =>
      example ? [{ length, ...example }] : [],
    );
    expect(kept).toEqual([
      { length: 0, state: 'zero', trial: 4 },
      { length: 3, state: 'three', trial: 1 },
      { length: 7, state: 'seven', trial: 2 },
      { length: 9, state: 'nine', trial: 8 },
      { length: N, state: 'all', trial: 5 },
    ]);
    expect(totals.longestCycleExamples).toHaveLength(N + 1);
    // 100,000 prisoners: no trial is watched.
    expect(totals.watch).toBeNull();
    expect(ledger.report(0).examples).toEqual(kept);
    // Totals are copies: writing them changes nothing counted.
    totals.longestCycle[3] = 0;
    totals.freed[N] = 0;
    totals.longestCycleExamples[3] = null;
    const again = ledger.totals();
    expect([again.longestCycle[3], again.freed[N]]).toEqual([6, 7]);
    expect(again.longestCycleExamples[3]).toEqual({ state: 'three', trial: 1 });
    const report = ledger.report(0);
    report.longestCycle[3] = 0;
    report.freed[N] = 0;
    report.convergence[0] = 9;
    expect(ledger.report(0).longestCycle[3]).toBe(6);
    expect(ledger.report(0).freed[N]).toBe(7);
    expect(ledger.report(0).convergence[0]).toBe(1);
  });

  it('keeps no examples of a fast run and watches the first losing trial of 100 prisoners', () => {
    const fast = createRunLedger({ ...LAYOUT, method: 'fast' });
    // Fast, 100,000 prisoners: a stream holds max(4096, 16 · 100000) trials, so one stream.
    expect(fast.streams).toBe(1);
    fast.add({
      ...streamReport(0, [...STREAM_0, ...STREAM_1, ...STREAM_2]),
      examples: [{ length: 4, trial: 3, state: 'four' }],
    });
    expect(fast.totals().longestCycleExamples.every((example) => example === null)).toBe(true);

    // 100 prisoners, literal: 4096 trials a stream; 5000 trials are two streams.
    const layout: RunLayout = { ...LAYOUT, n: 100, k: 50, trials: 5000 };
    const ledger = createRunLedger(layout);
    const report = (stream: number, examples: LengthExample[]): StreamsReport => ({
      first: stream,
      step: 1,
      count: 1,
      trials: stream === 0 ? 4096 : 904,
      successes: 0,
      longestCycle: new Float64Array(101),
      freed: new Float64Array(101),
      // Checkpoints up to 5000: the 34 values round(10^(s/10)) for s = 0 … 36, repeats dropped.
      convergence: new Float64Array(34),
      examples,
      elapsedMs: 0,
    });
    ledger.add(
      report(1, [
        { length: 51, trial: 4200, state: 'late' },
        { length: 90, trial: 4097, state: 'first losing' },
      ]),
    );
    ledger.add(
      report(0, [
        { length: 50, trial: 3, state: 'won' },
        { length: 100, trial: 4000, state: 'losing' },
      ]),
    );
    expect(ledger.totals().watch).toEqual({ trial: 4000, state: 'losing' });
  });
});
