// Part one of `npm run stress`: the command line run many times with random settings while
// busy processes keep every core loaded, each run under a time limit. A run that does not end is
// a hang; a run whose trials differ from those asked for is a wrong total; a success count
// farther from the exact probability than Bernstein's inequality allows is off the exact value.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { exactSuccessProbability } from '../src/features/prisoners/engine/exact.ts';
import type { Rng } from '../src/features/prisoners/engine/rng.ts';
import type { Method, Strategy } from '../src/features/prisoners/engine/types.ts';

export interface CommandLineRun {
  n: number;
  k: number;
  strategy: Strategy;
  method: Method;
  trials: number;
  threads: number;
  seed: number;
}

export type RunVerdict =
  | { kind: 'ok'; seconds: number }
  | { kind: 'hang'; seconds: number }
  | { kind: 'failed'; detail: string }
  | { kind: 'wrong-total'; detail: string }
  | { kind: 'off-exact'; detail: string };

/** Chance that a correct engine fails the bound of one run (Bernstein, two-sided). */
export const FALSE_ALARM_PER_RUN = 1e-6;

/**
 * The largest |successes − trials·p| that a correct engine reaches with probability at most
 * FALSE_ALARM_PER_RUN: Bernstein's inequality for a sum of independent Bernoulli trials,
 * P(|S − tp| ≥ u) ≤ 2·exp(−u² / (2·(tp(1−p) + u/3))), solved for u. It holds for any t and p,
 * tiny expected counts included, where a normal approximation would not.
 */
export function successBound(trials: number, p: number): number {
  const log = Math.log(2 / FALSE_ALARM_PER_RUN);
  const variance = trials * p * (1 - p);
  return log / 3 + Math.sqrt((log / 3) ** 2 + 2 * variance * log);
}

/** Random settings: trials log-uniform on 1..10⁷, threads 1..4, work kept to a few seconds. */
export function randomRun(rng: Rng, maxTrials = 1e7, maxThreads = 4): CommandLineRun {
  const strategies: Strategy[] = ['cycle', 'random', 'swap'];
  const methods: Method[] = ['literal', 'fast'];
  const strategy = strategies[rng.nextBelow(3)]!;
  const method = methods[rng.nextBelow(2)]!;
  const uniform = () => rng.nextUint32() / 2 ** 32;
  const trials = Math.max(1, Math.round(10 ** (uniform() * Math.log10(maxTrials))));
  // A literal trial walks every box: keep trials × n near 10⁸ at most.
  const nMax = method === 'literal' ? Math.max(1, Math.min(1000, Math.floor(1e8 / trials))) : 1000;
  const n = Math.max(1, Math.round(10 ** (uniform() * Math.log10(nMax))));
  return {
    n,
    k: rng.nextBelow(n + 1),
    strategy,
    method,
    trials,
    threads: 1 + rng.nextBelow(maxThreads),
    seed: rng.nextUint32(),
  };
}

/** Seconds a run may take on a loaded machine before it counts as a hang. */
export function timeLimitSeconds(run: CommandLineRun): number {
  // Box openings (literal) or draws (fast, about 20 a trial at most): some 10⁸ a second per
  // thread unloaded, so 10⁷ a second leaves room for a machine shared many times over.
  const work = run.trials * (run.method === 'literal' ? run.n : 20);
  return 30 + work / 1e7;
}

/** Runs the command line once with `run`'s settings and judges what it printed. */
export function runCommandLine(run: CommandLineRun): Promise<RunVerdict> {
  const args = [
    'cli/sim-launch.mjs',
    ...['--n', run.n, '--k', run.k, '--strategy', run.strategy, '--method', run.method].map(String),
    ...['--trials', run.trials, '--threads', run.threads, '--seed', run.seed].map(String),
    '--json',
  ];
  const limit = timeLimitSeconds(run);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, limit * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      if (hung) return resolve({ kind: 'hang', seconds });
      if (code !== 0) return resolve({ kind: 'failed', detail: `exit ${code}: ${stderr.trim()}` });
      resolve(judge(run, stdout, seconds));
    });
  });
}

function judge(run: CommandLineRun, stdout: string, seconds: number): RunVerdict {
  let result: { trials: number; successes: number; threads: number };
  try {
    result = JSON.parse(stdout);
  } catch {
    return { kind: 'failed', detail: `unreadable output: ${stdout.slice(0, 200)}` };
  }
  if (result.trials !== run.trials) {
    return { kind: 'wrong-total', detail: `${result.trials} trials of ${run.trials}` };
  }
  const p = exactSuccessProbability(run.n, run.k, run.strategy);
  const off = Math.abs(result.successes - run.trials * p);
  const bound = successBound(run.trials, p);
  if (off > bound) {
    return {
      kind: 'off-exact',
      detail: `${result.successes} successes, expected ${(run.trials * p).toFixed(2)} ± ${bound.toFixed(2)}`,
    };
  }
  return { kind: 'ok', seconds };
}

/** Busy processes, one per core, until `stop` is called. */
export function loadEveryCore(cores = availableParallelism()): { stop(): void } {
  const busy: ChildProcess[] = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return {
    stop() {
      for (const child of busy) child.kill('SIGKILL');
    },
  };
}

export interface CommandLineFigures {
  runs: number;
  ok: number;
  hangs: number;
  failed: number;
  wrongTotals: number;
  offExact: number;
  slowestSeconds: number;
  problems: string[];
}

/** Runs the command line `runs` times under load and sums up what happened. */
export async function stressCommandLine(options: {
  runs: number;
  rng: Rng;
  maxTrials?: number;
  maxThreads?: number;
  /** Busy processes beside the runs: one per core unless said otherwise. */
  busyProcesses?: number;
  log?: (line: string) => void;
}): Promise<CommandLineFigures> {
  const figures: CommandLineFigures = {
    runs: 0,
    ok: 0,
    hangs: 0,
    failed: 0,
    wrongTotals: 0,
    offExact: 0,
    slowestSeconds: 0,
    problems: [],
  };
  const load = loadEveryCore(options.busyProcesses);
  // Interrupted: the busy processes go too.
  const interrupted = () => {
    load.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    for (let i = 1; i <= options.runs; i++) {
      const run = randomRun(options.rng, options.maxTrials, options.maxThreads);
      const verdict = await runCommandLine(run);
      figures.runs++;
      const settings = `--n ${run.n} --k ${run.k} --strategy ${run.strategy} --method ${run.method} --trials ${run.trials} --threads ${run.threads} --seed ${run.seed}`;
      if (verdict.kind === 'ok' || verdict.kind === 'hang') {
        figures.slowestSeconds = Math.max(figures.slowestSeconds, verdict.seconds);
      }
      if (verdict.kind === 'ok') figures.ok++;
      else {
        if (verdict.kind === 'hang') figures.hangs++;
        if (verdict.kind === 'failed') figures.failed++;
        if (verdict.kind === 'wrong-total') figures.wrongTotals++;
        if (verdict.kind === 'off-exact') figures.offExact++;
        const detail = 'detail' in verdict ? verdict.detail : `no end after ${verdict.seconds} s`;
        figures.problems.push(`${verdict.kind}: ${settings}: ${detail}`);
      }
      options.log?.(`${i}/${options.runs} ${verdict.kind} ${settings}`);
    }
  } finally {
    load.stop();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  return figures;
}
