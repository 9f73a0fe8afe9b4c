import type { StreamsReport } from '../features/prisoners/runtime/streams-job.ts';
import type { RunTotals } from '../features/prisoners/runtime/run-ledger.ts';
import {
  runStream,
  streamCount,
  type RunLayout,
  type TrialExample,
} from '../features/prisoners/engine/streams.ts';

/**
 * Test oracle of a whole run: every stream run on its own with the engine's `runStream`, in
 * stream order, and its tallies added up here, independently of the worker jobs and the ledger.
 */
export function streamSums(layout: RunLayout): RunTotals {
  const { n } = layout;
  const results = Array.from({ length: streamCount(layout) }, (_, s) => runStream(layout, s));
  const longestCycle = new Float64Array(n + 1);
  const freed = new Float64Array(n + 1);
  let trials = 0;
  let successes = 0;
  const convergence: { trials: number; successes: number }[] = [];
  const examples: (TrialExample | null)[] = Array.from({ length: n + 1 }, () => null);
  let watch: TrialExample | null = null;
  for (const result of results) {
    for (const point of result.checkpoints) {
      convergence.push({ trials: point.trial, successes: successes + point.successes });
    }
    trials += result.trials;
    successes += result.successes;
    result.longestCycle.forEach((count, length) => (longestCycle[length]! += count));
    result.freed.forEach((count, m) => (freed[m]! += count));
    result.longestCycleExamples.forEach((example, length) => {
      if (example && !examples[length]) examples[length] = example; // streams in trial order
    });
    if (result.watch && !watch) watch = result.watch;
  }
  if (convergence.at(-1)?.trials !== trials) convergence.push({ trials, successes });
  return {
    trials,
    successes,
    longestCycle,
    freed,
    convergence,
    watch,
    longestCycleExamples: examples,
  };
}

/** Only the totals of a snapshot (or anything that carries them), for comparing with `streamSums`. */
export function totalsOf(run: RunTotals): RunTotals {
  const { trials, successes, longestCycle, freed, convergence, watch, longestCycleExamples } = run;
  return { trials, successes, longestCycle, freed, convergence, watch, longestCycleExamples };
}

/** The streams a worker report counts: first, first + step, … (count of them). */
export function streamsOf(report: StreamsReport): number[] {
  return Array.from({ length: report.count }, (_, i) => report.first + i * report.step);
}
