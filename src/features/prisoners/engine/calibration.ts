/**
 * A short measure of how many trials per second one thread runs with a run's settings: the CPU
 * side of the lab's choice between its CPU workers and a GPU. Pure: the clock is passed in.
 */
import { createLiteralScratch, resetBoxOrder } from './literal-kernels.ts';
import { seedGenerator } from './sfc32.ts';
import { createTally } from './tally.ts';
import { fastBatch, literalBatch, planTrials } from './trials.ts';
import type { Method, TrialSettings } from './types.ts';

/** Trials run and the time they took. */
export interface RateSample {
  trials: number;
  elapsedMs: number;
}

/** Trials per second of a sample; 0 when it counted nothing. */
export function sampleRate({ trials, elapsedMs }: RateSample): number {
  return trials > 0 && elapsedMs > 0 ? (trials * 1000) / elapsedMs : 0;
}

/**
 * Runs batches of trials until `budgetMs` has passed, and says how many it ran in how long. The
 * first batch is one trial and each next one at most twice the last and no more than the rate so
 * far fits in the time left, so even a slow setting (n = 100,000, literal) ends near the budget.
 */
export function measureTrialRate(
  settings: TrialSettings & { method: Method },
  budgetMs: number,
  now: () => number = () => performance.now(),
): RateSample {
  const plan = planTrials(settings);
  const tally = createTally(settings.n);
  const generator = seedGenerator(1);
  const scratch = settings.method === 'literal' ? createLiteralScratch(settings.n) : null;
  if (scratch && settings.strategy === 'random') resetBoxOrder(scratch, settings.n);
  const started = now();
  let elapsedMs = 0;
  for (let count = 1; elapsedMs < budgetMs;) {
    if (scratch) literalBatch(plan, count, tally, scratch, generator);
    else fastBatch(plan, count, tally, generator);
    elapsedMs = now() - started;
    const fits = elapsedMs > 0 ? (tally.trials / elapsedMs) * (budgetMs - elapsedMs) : Infinity;
    count = Math.max(1, Math.min(2 * count, Math.floor(fits)));
  }
  return { trials: tally.trials, elapsedMs };
}
