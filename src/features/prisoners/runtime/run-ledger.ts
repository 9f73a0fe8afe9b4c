/**
 * The sum of a run's stream reports, whatever order they come in: each stream is counted once
 * (a report that names a stream already counted, or one outside the run, is ignored whole), and
 * the run is complete when every stream is counted. Reports are sums, so arrival order never
 * changes a total; nothing a report carries replaces what another brought. The run state keeps
 * one per run, and `npm run sim -- merge` one over the shards.
 */
import type { StreamsReport } from './streams-job.ts';
import {
  convergenceCheckpoints,
  streamCount,
  streamTrials,
  watchOf,
  type RunLayout,
  type TrialExample,
} from '../engine/streams.ts';
import type { Counts } from '../engine/types.ts';

export interface ConvergencePoint {
  trials: number;
  successes: number;
}

/** What a run has counted so far. */
export interface RunTotals extends Counts {
  /**
   * Successes after each convergence checkpoint whose trials (all of the run's first trials up to
   * it) are counted, then the count so far when it is further on.
   */
  convergence: ConvergencePoint[];
  /** The run's first trial that the simulation page loses, where watchable. */
  watch: TrialExample | null;
  /** Index L: the run's first trial whose longest cycle is L (literal cycle-strategy runs). */
  longestCycleExamples: (TrialExample | null)[];
}

/** The streams a ledger expects: first, first + step, … below the run's stream count. */
export interface StreamScope {
  first: number;
  step: number;
}

export interface RunLedger {
  /** Streams expected, and counted so far. */
  readonly streams: number;
  readonly counted: number;
  /** Streams 0 … prefix − 1 are all counted (a whole run's ledger). */
  readonly prefix: number;
  readonly complete: boolean;
  /** Counts a report; false when it was ignored (a stream counted already, or not expected). */
  add(report: StreamsReport): boolean;
  totals(): RunTotals;
  /** Everything counted, as one report over the scope's streams (once complete: a shard's result). */
  report(elapsedMs: number): StreamsReport;
}

export function createRunLedger(
  layout: RunLayout,
  scope: StreamScope = { first: 0, step: 1 },
): RunLedger {
  const { n } = layout;
  const allStreams = streamCount(layout);
  const size = streamTrials(layout);
  const checkpoints = convergenceCheckpoints(layout.trials);
  const expected =
    scope.first < allStreams ? Math.ceil((allStreams - scope.first) / scope.step) : 0;
  const seen = new Uint32Array(Math.ceil(allStreams / 32));
  const longestCycle = new Float64Array(n + 1);
  const freed = new Float64Array(n + 1);
  const convergence = new Float64Array(checkpoints.length);
  const examples: (TrialExample | null)[] = Array.from({ length: n + 1 }, () => null);
  let counted = 0;
  let trials = 0;
  let successes = 0;
  let prefix = 0; // streams 0 … prefix − 1 are all counted
  const wholeRun = scope.first === 0 && scope.step === 1;

  const isSeen = (s: number) => ((seen[s >>> 5] as number) & (1 << (s & 31))) !== 0;
  const expects = (s: number) =>
    Number.isInteger(s) &&
    s >= scope.first &&
    s < allStreams &&
    (s - scope.first) % scope.step === 0;

  function valid(report: StreamsReport): boolean {
    const { first, step, count } = report;
    if (!Number.isInteger(count) || count < 0 || (count > 0 && !(step > 0))) return false;
    if (report.longestCycle.length !== n + 1 || report.freed.length !== n + 1) return false;
    if (report.convergence.length !== checkpoints.length) return false;
    for (let i = 0, s = first; i < count; i++, s += step) {
      if (!expects(s) || isSeen(s)) return false;
    }
    return true;
  }

  return {
    streams: expected,
    get counted() {
      return counted;
    },
    get prefix() {
      return prefix;
    },
    get complete() {
      return counted === expected;
    },
    add(report) {
      if (!valid(report)) return false;
      for (let i = 0, s = report.first; i < report.count; i++, s += report.step) {
        seen[s >>> 5] = (seen[s >>> 5] as number) | (1 << (s & 31));
      }
      counted += report.count;
      trials += report.trials;
      successes += report.successes;
      for (let i = 0; i <= n; i++) {
        longestCycle[i] = (longestCycle[i] as number) + (report.longestCycle[i] as number);
        freed[i] = (freed[i] as number) + (report.freed[i] as number);
      }
      for (let j = 0; j < checkpoints.length; j++) {
        convergence[j] = (convergence[j] as number) + (report.convergence[j] as number);
      }
      for (const { length, state, trial } of report.examples) {
        const kept = examples[length];
        if (length >= 0 && length <= n && (!kept || trial < kept.trial)) {
          examples[length] = { state, trial };
        }
      }
      while (prefix < allStreams && isSeen(prefix)) prefix++;
      return true;
    },
    totals() {
      const points: ConvergencePoint[] = [];
      if (wholeRun) {
        // Checkpoint j is known once every stream up to the one holding its trial is counted.
        for (let j = 0; j < checkpoints.length; j++) {
          const trial = checkpoints[j] as number;
          if (Math.floor((trial - 1) / size) >= prefix) break;
          points.push({ trials: trial, successes: convergence[j] as number });
        }
      }
      const last = points[points.length - 1];
      if (trials > 0 && (!last || last.trials < trials)) points.push({ trials, successes });
      return {
        trials,
        successes,
        longestCycle: longestCycle.slice(),
        freed: freed.slice(),
        convergence: points,
        watch: watchOf(examples, n, layout.strategy),
        longestCycleExamples:
          layout.method === 'literal' ? examples.slice() : examples.map(() => null),
      };
    },
    report(elapsedMs) {
      return {
        first: scope.first,
        step: scope.step,
        count: counted,
        trials,
        successes,
        longestCycle: longestCycle.slice(),
        freed: freed.slice(),
        convergence: convergence.slice(),
        examples: examples.flatMap((example, length) => (example ? [{ ...example, length }] : [])),
        elapsedMs,
      };
    },
  };
}
