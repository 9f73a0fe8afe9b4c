/**
 * The layout of a lab run: a run of T trials is cut into fixed streams of trials, and its result
 * is the sum of the streams' tallies. Stream s holds the run's trials s·size + 1 … (s + 1)·size
 * (1-based run trial numbers; the last stream holds what is left) and draws every one of them
 * from its own sfc32 generator, seeded from the run seed and s alone:
 *
 *   streamSeed(runSeed, s) = mix32(mix32(runSeed) ^ imul(s + 1, 0x85ebca6b))
 *   generator = seedGenerator(streamSeed)   (splitmix32 over the state, 12 steps of warm-up)
 *
 * Every step is a 32-bit integer operation (add, xor, shift, Math.imul), so a GPU kernel
 * reproduces it bit for bit with u32 arithmetic. Who runs a stream (a worker, a thread, a machine
 * of a shard, a GPU invocation) and in which order changes nothing: tallies are plain sums.
 *
 * Inside a stream, trials run as the method says (trials.ts). One exception keeps a trial to
 * watch without making fast runs slower: a fast run of the cycle strategy with 100 prisoners runs
 * its first WATCH_SEARCH_TRIALS run trials (in stream 0) literally, then samples the rest of
 * stream 0 from the same generator.
 *
 * `runStream` runs one stream from its index and returns its tallies: the reference that a
 * worker's job, a shard and a GPU kernel must each reproduce.
 */
import { createLiteralScratch, resetBoxOrder, type LiteralScratch } from './literal-kernels.ts';
import { deriveSeed, stateSeed, type StateSeed } from './rng.ts';
import { seedGenerator } from './sfc32.ts';
import { createTally, trialStart, watchThreshold, type ExampleBook, type Tally } from './tally.ts';
import { fastBatch, literalBatch, planTrials, type TrialPlan } from './trials.ts';
import type { Method, Strategy } from './types.ts';
import type { Counts } from './types.ts';

/** What fixes a run's trials: its settings and its seed. */
export interface RunLayout {
  n: number;
  k: number;
  strategy: Strategy;
  method: Method;
  /** Trials in the whole run. */
  trials: number;
  runSeed: number;
}

/** A trial kept from a run: the generator state at its start and its run trial number (1-based). */
export interface TrialExample {
  state: StateSeed;
  trial: number;
}

/** Trials per stream with n ≤ LITERAL_STREAM_BOXES / STREAM_TRIALS prisoners (see streamTrials). */
export const STREAM_TRIALS = 4096;
/** A literal stream holds about this many boxes' worth of trials: ~3 ms of work at most. */
export const LITERAL_STREAM_BOXES = 1 << 19;
/** A fast stream holds at least this many trials per prisoner (see streamTrials). */
export const FAST_STREAM_TRIALS_PER_BOX = 16;
/** Fast runs of 100 prisoners start with this many literal trials, to find one to watch. */
export const WATCH_SEARCH_TRIALS = 64;

/**
 * Trials per stream (the last stream of a run holds what is left): 4096 where a trial's work
 * hardly depends on n (measured in docs/decisions/0002-stream-size.md: per-stream costs under 1%
 * there), fewer for long literal trials so a stream stays a few milliseconds of work, more for
 * fast trials of many prisoners so the per-stream work that grows with n (deriving the counts)
 * stays under 1%.
 */
export function streamTrials({ n, method }: { n: number; method: Method }): number {
  if (method === 'literal') {
    return Math.max(1, Math.min(STREAM_TRIALS, Math.floor(LITERAL_STREAM_BOXES / n)));
  }
  return Math.max(STREAM_TRIALS, FAST_STREAM_TRIALS_PER_BOX * n);
}

/** How many streams a run has. */
export function streamCount(layout: { n: number; method: Method; trials: number }): number {
  return Math.ceil(layout.trials / streamTrials(layout));
}

/** Seed of stream s of a run: 32-bit integer operations only (see the module's comment). */
export function streamSeed(runSeed: number, stream: number): number {
  return deriveSeed(runSeed, stream);
}

/**
 * Run trial numbers after which the run's successes are recorded: about 10 per decade
 * (1, 2, 3, 4, 5, 6, 8, 10, 13 …), up to the run's trials.
 */
export function convergenceCheckpoints(trials: number): number[] {
  const checkpoints: number[] = [];
  for (let step = 0; ; step++) {
    const value = Math.round(10 ** (step / 10));
    if (value > trials) break;
    if (checkpoints[checkpoints.length - 1] !== value) checkpoints.push(value);
  }
  return checkpoints;
}

/**
 * Counts of a set of streams. Every field is a sum over the streams, so two disjoint sets add up
 * field by field, except the examples, which merge by lowest trial number.
 */
export interface StreamsTally extends Tally {
  /**
   * convergence[j]: successes among this set's trials numbered at most checkpoints[j] in the run.
   * Summed over all streams, it is the run's success count after checkpoints[j] trials.
   */
  convergence: Float64Array;
}

/** What a worker keeps from stream to stream: the layout, the kernels, scratch space. */
export interface StreamRunner {
  layout: RunLayout;
  plan: TrialPlan;
  size: number;
  streams: number;
  checkpoints: number[];
  scratch: LiteralScratch | null;
  /** Trials at the start of stream 0 run literally (the watch search of fast runs). */
  literalPrefix: number;
  /** Whether tallies keep an example book: the cycle strategy with literal trials. */
  examples: boolean;
}

export function createStreamRunner(layout: RunLayout): StreamRunner {
  const { n, strategy, method, trials } = layout;
  const watchable = watchThreshold(n, strategy) !== null;
  const literalPrefix = method === 'fast' && watchable ? WATCH_SEARCH_TRIALS : 0;
  const hasLiteral = method === 'literal' || literalPrefix > 0;
  return {
    layout,
    plan: planTrials(layout),
    size: streamTrials(layout),
    streams: streamCount(layout),
    checkpoints: convergenceCheckpoints(trials),
    scratch: hasLiteral ? createLiteralScratch(n) : null,
    literalPrefix,
    examples: strategy === 'cycle' && hasLiteral,
  };
}

/** An empty tally for a set of streams run by `runner`. */
export function createStreamsTally(runner: StreamRunner): StreamsTally {
  // Spelled out: a tally copied with object spread measured a quarter slower in the kernels
  // (V8 gives such a copy a slower shape for the kernels' property reads).
  const { trials, successes, longestCycle, freed, examples } = createTally(
    runner.layout.n,
    runner.examples,
  );
  const convergence = new Float64Array(runner.checkpoints.length);
  return { trials, successes, longestCycle, freed, examples, convergence };
}

/** First index j with checkpoints[j] > trial. */
function checkpointAfter(checkpoints: readonly number[], trial: number): number {
  let low = 0;
  let high = checkpoints.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((checkpoints[middle] as number) > trial) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Runs stream `stream` of the runner's run and adds it to `tally`; returns its successes. */
export function runStreamInto(runner: StreamRunner, stream: number, tally: StreamsTally): number {
  const { layout, plan, size, checkpoints, scratch } = runner;
  const start = stream * size; // trials of the run before this stream
  const length = Math.min(size, layout.trials - start);
  const generator = seedGenerator(streamSeed(layout.runSeed, stream));
  if (tally.examples) tally.examples.next = start + 1;
  if (scratch && layout.strategy === 'random') resetBoxOrder(scratch, layout.n);
  const literalUpTo =
    layout.method === 'literal'
      ? length
      : stream === 0
        ? Math.min(runner.literalPrefix, length)
        : 0;
  const before = tally.successes;
  let j = checkpointAfter(checkpoints, start);
  for (let done = 0; done < length;) {
    const checkpoint = checkpoints[j];
    let stop =
      checkpoint !== undefined && checkpoint - start < length ? checkpoint - start : length;
    if (done < literalUpTo && stop > literalUpTo) stop = literalUpTo;
    if (done < literalUpTo) literalBatch(plan, stop - done, tally, scratch!, generator);
    else fastBatch(plan, stop - done, tally, generator);
    done = stop;
    for (; j < checkpoints.length && (checkpoints[j] as number) <= start + done; j++) {
      tally.convergence[j] = (tally.convergence[j] as number) + tally.successes - before;
    }
  }
  const successes = tally.successes - before;
  for (; j < checkpoints.length; j++) {
    tally.convergence[j] = (tally.convergence[j] as number) + successes;
  }
  return successes;
}

/** The examples of a book as trials: index L, length n + 1, null where no trial had L. */
export function examplesOf(book: ExampleBook | null, n: number): (TrialExample | null)[] {
  return Array.from({ length: n + 1 }, (_, length) => {
    const trial = book?.trial[length] ?? 0;
    if (trial === 0) return null;
    const state = stateSeed(trialStart(book!, length));
    return { state, trial };
  });
}

/**
 * The trial to watch among these examples: the first whose longest cycle loses the simulation
 * page's game (100 prisoners, 50 guesses, following the slips), or null.
 */
export function watchOf(
  examples: readonly (TrialExample | null)[],
  n: number,
  strategy: Strategy,
): TrialExample | null {
  const above = watchThreshold(n, strategy);
  if (above === null) return null;
  let watch: TrialExample | null = null;
  for (let length = above + 1; length < examples.length; length++) {
    const example = examples[length];
    if (example && (watch === null || example.trial < watch.trial)) watch = example;
  }
  return watch;
}

/** The tallies of one stream, as `runStream` returns them. */
export interface StreamResult extends Counts {
  stream: number;
  /** Run trial number of the stream's first trial (1-based). */
  firstTrial: number;
  /** For each run convergence checkpoint inside the stream: successes of the stream up to it. */
  checkpoints: { trial: number; successes: number }[];
  /** The first trial of the stream that the simulation page loses, where watchable. */
  watch: TrialExample | null;
  /** For each longest cycle L (literal cycle-strategy runs): the stream's first trial with L. */
  longestCycleExamples: (TrialExample | null)[];
}

/**
 * Runs stream `stream` of a run and returns its tallies. Everything a run reports is a sum (or,
 * for examples, a minimum by trial number) of these over its streams.
 */
export function runStream(layout: RunLayout, stream: number): StreamResult {
  const runner = createStreamRunner(layout);
  if (!Number.isInteger(stream) || stream < 0 || stream >= runner.streams) {
    throw new RangeError(`stream ${stream} is not one of the run's ${runner.streams}`);
  }
  const tally = createStreamsTally(runner);
  runStreamInto(runner, stream, tally);
  const start = stream * runner.size;
  const examples = examplesOf(tally.examples, layout.n);
  return {
    stream,
    firstTrial: start + 1,
    trials: tally.trials,
    successes: tally.successes,
    longestCycle: tally.longestCycle,
    freed: tally.freed,
    checkpoints: runner.checkpoints.flatMap((trial, j) =>
      trial > start && trial <= start + tally.trials
        ? [{ trial, successes: tally.convergence[j] as number }]
        : [],
    ),
    watch: watchOf(examples, layout.n, layout.strategy),
    longestCycleExamples: layout.method === 'literal' ? examples : examples.map(() => null),
  };
}
