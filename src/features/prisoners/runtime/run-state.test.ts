// @vitest-environment node
/**
 * The run state both runners share, fed reports from the engine by hand: its snapshots, its
 * updates, its one end (whatever ends it), the caller leaving through the signal, and takeovers.
 */
import { describe, expect, it, vi } from 'vitest';
import { streamSums, totalsOf } from '../../../testing/stream-sums.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import { createRunLedger } from './run-ledger.ts';
import {
  createRunState,
  startingSnapshot,
  type RunSnapshot,
  type RunStateOptions,
} from './run-state.ts';
import { runWorkerJob, workerJob, type StreamsReport } from './streams-job.ts';

// 3 literal streams of n = 10, 4096 trials each.
const settings: LabSettings = {
  n: 10,
  k: 5,
  trials: 3 * 4096,
  strategy: 'cycle',
  method: 'literal',
  seed: 5,
};
const layout = { ...settings, runSeed: 5 };

/** Streams 0, 1 and 2 of the run, one report each, from the engine. */
function streamReports(): StreamsReport[] {
  const reports: StreamsReport[] = [];
  let clock = 0;
  const last = runWorkerJob(
    workerJob(layout, 0, 1),
    (r) => reports.push(r),
    () => (clock += 100),
  );
  return [...reports, last];
}

/** A run state on a clock the test moves, with every update it published and its end calls. */
function stateOf(overrides: Partial<RunStateOptions> = {}) {
  const clock = { now: 1_000 };
  const updates: RunSnapshot[] = [];
  const ends: string[] = [];
  const state = createRunState({
    settings,
    seed: 5,
    ledger: createRunLedger(layout),
    workers: 2,
    ranOn: 'CPU workers (2)',
    onUpdate: (snapshot) => updates.push(snapshot),
    updateIntervalMs: 0,
    now: () => clock.now,
    onEnd: (status) => ends.push(`${status} with ${updates.length} updates`),
    ...overrides,
  });
  return { state, clock, updates, ends };
}

describe('the run state', () => {
  it('counts reports into snapshots, and is done, once, when the last stream is counted', async () => {
    const { state, clock, updates, ends } = stateOf({ deviceNote: 'Chosen.' });
    const [first, second, third] = streamReports();
    state.count(first!);
    clock.now = 3_000;
    state.count(second!);
    state.count(second!); // counted already: ignored
    expect(updates.map((u) => [u.status, u.trials, u.elapsedMs])).toEqual([
      ['running', 4096, 0],
      ['running', 2 * 4096, 2_000],
      ['running', 2 * 4096, 2_000],
    ]);
    expect(state.running).toBe(true);
    clock.now = 5_000;
    state.count(third!);
    const final = await state.run.finished;
    expect(final).toMatchObject({
      status: 'done',
      settings,
      seed: 5,
      workers: 2,
      elapsedMs: 4_000,
      trialsPerSecond: (3 * 4096) / 4,
      error: null,
      ranOn: 'CPU workers (2)',
      deviceNote: 'Chosen.',
      continuable: false,
    });
    expect(totalsOf(final)).toEqual(streamSums(layout));
    expect(updates.at(-1)).toBe(final);
    // The runner's end comes before the last snapshot is published.
    expect(ends).toEqual(['done with 3 updates']);
    // Nothing after the end: no count, no failure, no cancel, no update.
    state.count(first!);
    state.fail('Too late.');
    state.run.cancel();
    state.changed();
    expect([updates.length, ends.length, state.running]).toEqual([4, 1, false]);
    clock.now = 9_000;
    expect(state.run.report()).toMatchObject({ first: 0, step: 1, count: 3, elapsedMs: 8_000 });
  });

  it('shows the work in flight apart, counts only whole reports, and never counts back', async () => {
    let inFlight = 0;
    const { state, clock, updates } = stateOf({ inFlightTrials: () => inFlight });
    const [first] = streamReports();
    // A wave of 4096 trials in flight before anything is counted, then counted whole.
    inFlight = 2_500;
    state.changed();
    clock.now = 2_000;
    state.count(first!);
    inFlight = 0;
    // The next wave: part of it, more of it, then the run is cancelled with it unfinished.
    inFlight = 1_000;
    state.changed();
    inFlight = 3_900;
    state.changed();
    clock.now = 3_000;
    state.run.cancel();
    const final = await state.run.finished;
    expect(updates.map((u) => [u.status, u.trials, u.inFlightTrials, u.successes])).toEqual([
      ['running', 0, 2_500, 0],
      ['running', 4096, 2_500, first!.successes],
      ['running', 4096, 1_000, first!.successes],
      ['running', 4096, 3_900, first!.successes],
      ['cancelled', 4096, 0, first!.successes],
    ]);
    // The rate is of whole trials only: 4096 in 2 s, not the 7,996 shown running beside them.
    expect(final.trialsPerSecond).toBe(4096 / 2);
    // Its histograms are the first report's, with nothing of the wave in flight.
    expect(Array.from(final.longestCycle)).toEqual(Array.from(first!.longestCycle));
    expect(Array.from(final.freed)).toEqual(Array.from(first!.freed));
    expect(final.convergence).toEqual(updates[1]!.convergence);
    // The rule: a count published is never larger than one published after it.
    for (let i = 1; i < updates.length; i++) {
      expect(updates[i]!.trials).toBeGreaterThanOrEqual(updates[i - 1]!.trials);
      expect(updates[i]!.successes).toBeGreaterThanOrEqual(updates[i - 1]!.successes);
    }
  });

  it('publishes a cancel, and ends without a word when the caller leaves through its signal', async () => {
    const cancelled = stateOf();
    cancelled.state.run.cancel();
    expect(cancelled.updates.map((u) => u.status)).toEqual(['cancelled']);
    expect(cancelled.ends).toEqual(['cancelled with 0 updates']);

    const leave = new AbortController();
    const left = stateOf({ signal: leave.signal });
    left.state.count(streamReports()[0]!);
    leave.abort();
    expect(left.ends).toEqual(['cancelled with 1 updates']);
    const final = await left.state.run.finished;
    expect([final.status, final.trials]).toEqual(['cancelled', 4096]);
    expect(left.updates.map((u) => u.status)).toEqual(['running']);
    left.state.count(streamReports()[1]!);
    expect(left.updates).toHaveLength(1);

    // Gone before it began: it ends at once, and its runner starts nothing.
    const gone = stateOf({ signal: AbortSignal.abort() });
    expect(gone.state.running).toBe(false);
    expect((await gone.state.run.finished).status).toBe('cancelled');
    expect([gone.updates.length, gone.ends]).toEqual([0, ['cancelled with 0 updates']]);

    // A signal that fires after the end changes nothing.
    const later = new AbortController();
    const done = stateOf({ signal: later.signal });
    done.state.fail('Broken.');
    later.abort();
    expect(done.updates.map((u) => [u.status, u.error])).toEqual([['failed', 'Broken.']]);
    expect(done.ends).toEqual(['failed with 0 updates']);
  });

  it('holds updates to one an interval on its clock, and drops the one waiting at the end', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const { state, updates } = stateOf({ updateIntervalMs: 250, now: () => Date.now() });
      const [first, second] = streamReports();
      state.count(first!);
      state.count(second!);
      expect(updates.map((u) => u.trials)).toEqual([4096]);
      await vi.advanceTimersByTimeAsync(250);
      expect(updates.map((u) => u.trials)).toEqual([4096, 2 * 4096]);
      state.changed();
      state.run.cancel();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(updates.map((u) => u.status)).toEqual(['running', 'running', 'cancelled']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a takeover after the failure of a continuable run only', async () => {
    const { state, clock } = stateOf({ continuable: true, elapsedBeforeMs: 500 });
    state.count(streamReports()[0]!);
    expect(state.takeover()).toBeNull();
    clock.now = 1_700;
    state.fail('The GPU device was lost: reset');
    clock.now = 9_000;
    const takeover = state.takeover()!;
    expect([takeover.ranOn, takeover.elapsedMs, takeover.ledger.prefix]).toEqual([
      'CPU workers (2)',
      1_200,
      1,
    ]);
    expect((await state.run.finished).continuable).toBe(true);

    const cancelled = stateOf({ continuable: true });
    cancelled.state.run.cancel();
    expect(cancelled.state.takeover()).toBeNull();
    expect((await cancelled.state.run.finished).continuable).toBe(false);
    const plain = stateOf();
    plain.state.fail('Worker 1 crashed.');
    expect(plain.state.takeover()).toBeNull();
    expect((await plain.state.run.finished).continuable).toBe(false);
  });

  it('ends as done at once with nothing to run, and not before', async () => {
    const empty = stateOf({ ledger: createRunLedger(layout, { first: 9, step: 10 }), workers: 0 });
    expect(empty.state.running).toBe(true);
    empty.state.finishIfComplete();
    expect(await empty.state.run.finished).toMatchObject({ status: 'done', trials: 0, workers: 0 });
    const some = stateOf();
    some.state.finishIfComplete();
    expect(some.state.running).toBe(true);
  });

  it('shows a run about to start as running with nothing counted', () => {
    const shown = startingSnapshot(settings, 5, 2, 'choosing a device');
    expect(shown).toEqual({
      status: 'running',
      settings,
      seed: 5,
      workers: 2,
      trials: 0,
      successes: 0,
      longestCycle: new Float64Array(11),
      freed: new Float64Array(11),
      convergence: [],
      watch: null,
      longestCycleExamples: Array.from({ length: 11 }, () => null),
      elapsedMs: 0,
      trialsPerSecond: 0,
      inFlightTrials: 0,
      error: null,
      ranOn: 'choosing a device',
      deviceNote: null,
      continuable: false,
    });
  });
});
