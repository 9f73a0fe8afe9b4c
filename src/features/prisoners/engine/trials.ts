/**
 * The lab's batches of trials. A stream of trials (streams.ts) draws everything from one sfc32
 * generator, seeded once from the run seed and the stream's index and carried from batch to
 * batch, so its tallies do not depend on the batch sizes. A job's kernels (freed counting, strategy) are chosen once, in
 * `planTrials`; the draw for n once per job (literal, in the scratch) or per chunk (fast).
 *
 * Kernels are called on chunks of a batch: V8 then optimises them as functions called again and
 * again, with the generator's local copy in registers. A kernel called once for a whole batch is
 * optimised mid-loop (on-stack replacement), where that copy is already on the heap: measured
 * 0.76–0.94 of the speed limit that way against 0.97–0.98 in chunks (fast kernel, n = 100).
 *
 * - literal: every trial shuffles a real arrangement and the prisoners follow the slips
 *   (literal-kernels.ts). With the cycle strategy the generator state at the start of the first
 *   trial of each longest cycle is kept (tally.ts), so `randomArrangement(n, createRng(state))`
 *   replays it.
 * - fast: samples the cycle structure directly (fast-kernels.ts).
 *
 * Strategies: `cycle` follows the slips; `random` opens k boxes at random; `swap` follows the
 * slips after the helper's best swap, and its trials record the longest cycle after that swap.
 */
import { randomSuccessProbability } from './exact.ts';
import {
  fastFreedTrials,
  fastLongestTrials,
  fastRandomTrials,
  fastSwapTrials,
  probabilityWords,
  type FastKernel,
} from './fast-kernels.ts';
import {
  literalFreedTrials,
  literalLongestTrials,
  literalRandomTrials,
  literalSwapTrials,
  type LiteralKernel,
  type LiteralScratch,
} from './literal-kernels.ts';
import type { Sfc32 } from './sfc32.ts';
import type { TrialSettings } from './types.ts';
import { deriveCycleCounts, oneLongCycleAtMost, watchThreshold, type Tally } from './tally.ts';

/** Draws per literal kernel call: about 0.1 ms of work. */
const LITERAL_CHUNK_DRAWS = 1 << 16;
/** Trials per fast kernel call: about 0.02 ms of work at n = 100. */
const FAST_CHUNK = 1024;

function literalKernel({ n, k, strategy }: TrialSettings): LiteralKernel {
  if (strategy === 'random') return literalRandomTrials;
  if (strategy === 'swap') return literalSwapTrials;
  return oneLongCycleAtMost(n, k) ? literalLongestTrials : literalFreedTrials;
}

function fastKernel({ n, k, strategy }: TrialSettings): FastKernel {
  if (strategy === 'random') {
    const p = randomSuccessProbability(n, k);
    const words = p >= 1 ? null : probabilityWords(p);
    return (count, n, _k, tally, generator) => fastRandomTrials(count, n, words, tally, generator);
  }
  if (strategy === 'swap') return fastSwapTrials;
  return oneLongCycleAtMost(n, k) ? fastLongestTrials : fastFreedTrials;
}

/** A job's settings with its kernels, chosen once: what every batch of the job runs. */
export interface TrialPlan extends TrialSettings {
  literalTrials: LiteralKernel;
  fastTrials: FastKernel;
  /** Longest cycles above this lose the simulation page's game; null when none can. */
  watchAbove: number | null;
}

export function planTrials(settings: TrialSettings): TrialPlan {
  const { n, k, strategy } = settings;
  return {
    n,
    k,
    strategy,
    literalTrials: literalKernel(settings),
    fastTrials: fastKernel(settings),
    watchAbove: watchThreshold(n, strategy),
  };
}

/** `count` literal trials from `generator`, added to the tally. */
export function literalBatch(
  plan: TrialPlan,
  count: number,
  tally: Tally,
  scratch: LiteralScratch,
  generator: Sfc32,
): void {
  const { n, k, literalTrials } = plan;
  const chunk = Math.max(1, Math.floor(LITERAL_CHUNK_DRAWS / n));
  // One call site, so V8 inlines the kernel here only once.
  for (let done = 0; done < count; done += chunk) {
    literalTrials(Math.min(chunk, count - done), n, k, tally, scratch, generator);
  }
  finishBatch(plan, count, tally);
}

/** `count` fast trials from `generator`, added to the tally. */
export function fastBatch(plan: TrialPlan, count: number, tally: Tally, generator: Sfc32): void {
  const { n, k, fastTrials } = plan;
  for (let done = 0; done < count; done += FAST_CHUNK) {
    fastTrials(Math.min(FAST_CHUNK, count - done), n, k, tally, generator);
  }
  finishBatch(plan, count, tally);
}

function finishBatch({ n, k, strategy }: TrialPlan, count: number, tally: Tally): void {
  tally.trials += count;
  if (strategy !== 'random') deriveCycleCounts(tally, n, k);
}
