// Measures kernels on this thread for a while and reports trials per second for each. Kernels
// measured together take turns in short slices, so machine noise hits them alike, and each
// slice is timed by this thread's own CPU time where Linux tells it, so time the thread spends
// descheduled on a shared machine does not count against the kernel that was running. With a
// `turn`, teams of threads take those turns between them: every thread of a team runs a round
// of slices of its own kernels at once while the other teams wait, so kernels that must not
// share a V8 isolate (today's engine and an earlier copy of it: in one isolate today's unchanged
// fast kernels measured 5–10% behind the earlier copy whichever was loaded first, and level with
// it in separate processes) still take turns, and on several threads each engine's threads run
// beside each other, never beside the other engine's.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { runWorkerJob, type WorkerJob } from '../../src/features/prisoners/runtime/streams-job.ts';
import { deriveSeed } from '../../src/features/prisoners/engine/rng.ts';
import { limitFast, limitLiteral, limitState } from './limit-kernels.ts';
import { naiveTrial } from './naive.ts';
import type { Method, Strategy } from '../../src/features/prisoners/engine/types.ts';

/** The lab's own kernels, by the method and strategy its job runner is given. */
export type LabKernelName = 'literal' | 'fast' | 'literal-swap' | 'fast-swap';

/** Each lab kernel, its limit where it has one, and the same kernel from an earlier engine. */
export type KernelName =
  'naive' | LabKernelName | 'literal-limit' | 'fast-limit' | `${LabKernelName}-before`;

const LAB_KERNELS: Record<LabKernelName, { method: Method; strategy: Strategy }> = {
  literal: { method: 'literal', strategy: 'cycle' },
  fast: { method: 'fast', strategy: 'cycle' },
  'literal-swap': { method: 'literal', strategy: 'swap' },
  'fast-swap': { method: 'fast', strategy: 'swap' },
};

export interface KernelTask {
  /** Kernels measured in turns on this thread. */
  kernels: KernelName[];
  n: number;
  k: number;
  /** Measured time per kernel. */
  durationMs: number;
  seed: number;
  /** The earlier engine's job runner that the `-before` kernels run (before-engine.ts). */
  beforeEngine?: string;
  /**
   * Teams taking turns: this thread belongs to team `index` of `count`, each of `members`
   * threads, and runs one round of slices of its kernels on each of its team's turns. `buffer`
   * holds four 32-bit counters shared by every thread of every team (see TURN_* below).
   */
  turn?: { buffer: SharedArrayBuffer; index: number; count: number; members: number };
}

export interface KernelMeasurement {
  /** Trials per second of wall-clock time. */
  trialsPerSecond: number;
  /** Trials per second of this thread's CPU time (wall-clock time where that is unknown). */
  trialsPerCpuSecond: number;
  /** Trials per CPU-second in each round of slices, in order (rounds line up across turn-takers). */
  sliceRates: number[];
  successRate: number;
}

export interface ThreadMeasurement {
  kernels: Partial<Record<KernelName, KernelMeasurement>>;
  /** Cores the process kept busy while this thread measured (the machine may be shared). */
  cpuShare: number;
}

/** Trials per round: a round takes roughly 10–50 ms. */
const LAB_ROUND_TRIALS: Record<LabKernelName, number> = {
  literal: 50_000,
  fast: 1_000_000,
  'literal-swap': 25_000,
  'fast-swap': 500_000,
};
const ROUND_TRIALS: Record<KernelName, number> = {
  naive: 2_000,
  ...LAB_ROUND_TRIALS,
  'literal-limit': 50_000,
  'fast-limit': 1_000_000,
  'literal-before': LAB_ROUND_TRIALS.literal,
  'fast-before': LAB_ROUND_TRIALS.fast,
  'literal-swap-before': LAB_ROUND_TRIALS['literal-swap'],
  'fast-swap-before': LAB_ROUND_TRIALS['fast-swap'],
};
const SLICE_MS = 100;

/** Milliseconds of CPU time this thread has used, or wall-clock time where Linux does not say. */
function threadClock(): () => number {
  const path = '/proc/thread-self/schedstat';
  try {
    readFileSync(path, 'utf8');
  } catch {
    return () => performance.now();
  }
  return () => Number(readFileSync(path, 'utf8').split(' ')[0]) / 1e6;
}

/**
 * A job runner's result as the engine returned it: since the streams, the last of a worker's
 * reports (each report counts its own streams); before them, the worker's whole tally so far.
 */
type JobResult = { successes: number; done?: boolean };
/** A job as both engines read it: the streams' fields and the single worker's seed. */
type Job = WorkerJob & { workerSeed: number };
type JobRunner = (job: Job, report: (progress: JobResult) => void) => JobResult;

/** The earlier engine's job runner, loaded only when a `-before` kernel is measured. */
const runBeforeJob: JobRunner | null = (workerData as KernelTask).beforeEngine
  ? (
      (await import(pathToFileURL((workerData as KernelTask).beforeEngine!).href)) as {
        runWorkerJob: JobRunner;
      }
    ).runWorkerJob
  : null;

/**
 * One worker's whole run of `trials` trials through a lab job runner: the same streams, batches
 * and progress checks as in the browser. The job names its seed both ways: as the run seed of
 * the streams and as the single worker's seed that came before them.
 */
function labRound(
  run: JobRunner,
  lab: { method: Method; strategy: Strategy },
  task: KernelTask,
  trials: number,
  index: number,
): number {
  const seed = deriveSeed(task.seed, index);
  const job: Job = {
    n: task.n,
    k: task.k,
    ...lab,
    trials,
    runSeed: seed,
    first: 0,
    step: 1,
    workerSeed: seed,
  };
  let reported = 0;
  const last = run(job, (report) => (reported += report.successes));
  return last.done === undefined ? reported + last.successes : last.successes;
}

/** Runs one round of `trials` trials; returns the successes. */
function round(task: KernelTask, kernel: KernelName, trials: number, index: number): number {
  const { n, k } = task;
  if (kernel === 'naive') {
    let successes = 0;
    for (let i = 0; i < trials; i++) if (naiveTrial(n, k)) successes++;
    return successes;
  }
  if (kernel in LAB_KERNELS) {
    return labRound(runWorkerJob, LAB_KERNELS[kernel as LabKernelName], task, trials, index);
  }
  if (kernel.endsWith('-before')) {
    const lab = LAB_KERNELS[kernel.slice(0, -'-before'.length) as LabKernelName];
    return labRound(runBeforeJob!, lab, task, trials, index);
  }
  // The limit kernels on one generator, in batches of 16, 64, 256 … trials up to 2·10⁶ boxes'
  // worth (literal) or 10⁵ (fast): fixed, so the limit measures the same from version to version.
  const state = limitState(deriveSeed(task.seed, index));
  const histogram = new Float64Array(n + 1);
  const slips = new Uint8Array(n);
  const batch = kernel === 'literal-limit' ? Math.floor(2_000_000 / n) : 100_000;
  for (let done = 0, warm = 16; done < trials; warm *= 4) {
    const count = Math.min(warm, batch, trials - done);
    if (kernel === 'literal-limit') limitLiteral(n, count, state, histogram, slips);
    else limitFast(n, count, state, histogram);
    done += count;
  }
  let successes = 0;
  for (let length = 0; length <= k; length++) successes += histogram[length]!;
  return successes;
}

const task = workerData as KernelTask;
const cpuClock = threadClock();
const totals = task.kernels.map(() => ({ trials: 0, successes: 0, ms: 0, cpuMs: 0, rounds: 0 }));
const sliceRates = task.kernels.map((): number[] => []);
for (const [i, kernel] of task.kernels.entries()) {
  round(task, kernel, Math.ceil(ROUND_TRIALS[kernel] / 20), 1000 + i); // warm-up
}
const started = performance.now();
const cpuBefore = process.cpuUsage(); // process-wide: this thread plus any sibling threads

/** One round: a slice of each kernel not yet measured for long enough. */
function runRound(): void {
  for (const [i, kernel] of task.kernels.entries()) {
    const total = totals[i]!;
    if (total.ms >= task.durationMs) continue;
    const sliceStart = performance.now();
    const cpuStart = cpuClock();
    let trials = 0;
    do {
      total.successes += round(task, kernel, ROUND_TRIALS[kernel], total.rounds++);
      trials += ROUND_TRIALS[kernel];
    } while (performance.now() - sliceStart < SLICE_MS);
    const cpuMs = cpuClock() - cpuStart;
    total.ms += performance.now() - sliceStart;
    total.cpuMs += cpuMs;
    total.trials += trials;
    sliceRates[i]!.push(trials / cpuMs);
  }
}

const measuring = () => totals.some((t) => t.ms < task.durationMs);
/** Turns taken so far: it is team `generation % count`'s turn. Only ever grows. */
const TURN_GENERATION = 0;
/** Threads that have finished measuring. */
const TURN_FINISHED = 1;
/** Threads of the team whose turn it is that have ended their round. */
const TURN_ARRIVED = 2;
/**
 * 1 once every thread had finished when a turn was handed on. Set only at a hand-on, so every
 * thread of a team reads the same value in one turn and the team leaves together (a thread that
 * left a turn before its teammate would leave the teammate waiting for it to arrive).
 */
const TURN_ALL_FINISHED = 3;
if (task.turn) {
  // A finished thread keeps taking its team's turns (running nothing) until every thread has
  // finished; then every team takes one more turn and leaves, so no thread waits for one that
  // has left. Waiting is on the generation, never
  // on whose turn it is, so a thread that wakes late cannot miss that its turn came and went.
  const { index, count, members } = task.turn;
  const shared = new Int32Array(task.turn.buffer);
  let finished = false;
  for (;;) {
    let generation = Atomics.load(shared, TURN_GENERATION);
    while (generation % count !== index) {
      Atomics.wait(shared, TURN_GENERATION, generation);
      generation = Atomics.load(shared, TURN_GENERATION);
    }
    const everyone = Atomics.load(shared, TURN_ALL_FINISHED) === 1;
    if (!everyone && measuring()) runRound();
    else if (!finished) {
      finished = true;
      Atomics.add(shared, TURN_FINISHED, 1);
    }
    if (Atomics.add(shared, TURN_ARRIVED, 1) === members - 1) {
      // The team's last thread to end its round hands the turn on.
      Atomics.store(shared, TURN_ARRIVED, 0);
      if (Atomics.load(shared, TURN_FINISHED) === count * members) {
        Atomics.store(shared, TURN_ALL_FINISHED, 1);
      }
      Atomics.add(shared, TURN_GENERATION, 1);
      Atomics.notify(shared, TURN_GENERATION);
    } else {
      while (Atomics.load(shared, TURN_GENERATION) === generation) {
        Atomics.wait(shared, TURN_GENERATION, generation);
      }
    }
    if (everyone) break;
  }
} else {
  while (measuring()) runRound();
}
const cpu = process.cpuUsage(cpuBefore);

const result: ThreadMeasurement = {
  kernels: Object.fromEntries(
    task.kernels.map((kernel, i): [KernelName, KernelMeasurement] => {
      const total = totals[i]!;
      return [
        kernel,
        {
          trialsPerSecond: total.trials / (total.ms / 1000),
          trialsPerCpuSecond: total.trials / (total.cpuMs / 1000),
          sliceRates: sliceRates[i]!,
          successRate: total.successes / total.trials,
        },
      ];
    }),
  ),
  cpuShare: (cpu.user + cpu.system) / 1e6 / ((performance.now() - started) / 1000),
};
parentPort?.postMessage(result);
