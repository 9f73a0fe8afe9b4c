// Command-line lab: the same engine, worker API and pool as the browser, on Node worker threads.
//   npm run sim -- --n 100 --k 50 --trials 1e7 --strategy cycle --method literal --seed 1 --threads 2 [--json] [--device cpu|gpu]
//   npm run sim -- … --seed 1 --shard 2/4 > shard-2.json      (only shard 2 of 4, as JSON)
//   npm run sim -- merge shard-*.json [--json]                 (the whole run from its shards)
// Strategies: cycle (follow the slips), random (k random boxes), swap (helper's best swap, then
// cycles); methods: literal, fast.
import { readFileSync } from 'node:fs';
import { exactSuccessProbability } from '../src/features/prisoners/engine/exact.ts';
import { parseSettings, type LabSettings } from '../src/features/prisoners/engine/lab-settings.ts';
import { randomSeed } from '../src/features/prisoners/engine/rng.ts';
import type { RunTotals } from '../src/features/prisoners/runtime/run-ledger.ts';
import { wilsonInterval } from '../src/features/prisoners/engine/statistics.ts';
import { createRunLedger } from '../src/features/prisoners/runtime/run-ledger.ts';
import { runLayoutOnGpu } from '../src/features/prisoners/gpu/gpu-streams.ts';
import { createGpuTrials, gpuDispatchMs } from '../src/features/prisoners/gpu/gpu-trials.ts';
import { startCpuRun } from '../src/features/prisoners/runtime/cpu-pool.ts';
import { NODE_RUN_TIMING, createNodeTrialsWorker } from './node-workers.ts';
import { nodeGpuAvailable, requestNodeGpu } from './node-webgpu.ts';
import {
  ArgumentError,
  parseArguments,
  parseMergeArguments,
  type CliOptions,
} from './sim-arguments.ts';
import { MergeError, mergeShards, shardFile } from './sim-shards.ts';

function progressBar(fraction: number, trialsPerSecond: number): string {
  const width = 30;
  const filled = Math.round(fraction * width);
  const rate = `${(trialsPerSecond / 1e6).toFixed(2)} M trials/s`;
  return `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}%  ${rate}`;
}

/** What a run prints: the same fields for a run on threads and for merged shards. */
function report(
  settings: Omit<LabSettings, 'seed'>,
  seed: number,
  ran: { threads: number } | { shards: number } | { adapter: string },
  totals: RunTotals,
  elapsedMs: number,
) {
  const exact = exactSuccessProbability(settings.n, settings.k, settings.strategy);
  const rate = totals.trials > 0 ? totals.successes / totals.trials : 0;
  return {
    n: settings.n,
    k: settings.k,
    strategy: settings.strategy,
    method: settings.method,
    seed,
    ...ran,
    trials: totals.trials,
    successes: totals.successes,
    successRate: rate,
    ci95: wilsonInterval(totals.successes, totals.trials),
    exact,
    longestCycleHistogram: Array.from(totals.longestCycle),
    elapsedMs: Math.round(elapsedMs * 10) / 10,
    trialsPerSecond: elapsedMs > 0 ? Math.round(totals.trials / (elapsedMs / 1000)) : 0,
    freedHistogram: settings.strategy === 'random' ? null : Array.from(totals.freed),
    convergence: totals.convergence,
    watch: totals.watch,
    longestCycleExamples: totals.longestCycleExamples,
  };
}

function printText(result: ReturnType<typeof report>, status: string): void {
  const percent = (x: number) => `${(x * 100).toFixed(4)}%`;
  const { exact } = result;
  const se = Math.sqrt((exact * (1 - exact)) / Math.max(1, result.trials));
  const ran =
    'adapter' in result
      ? `GPU: ${result.adapter}`
      : 'shards' in result
        ? `${result.shards} shard${result.shards === 1 ? '' : 's'}`
        : `${result.threads} thread${result.threads === 1 ? '' : 's'}`;
  process.stdout.write(
    [
      `${result.n} prisoners, ${result.k} guesses, ${result.strategy} strategy, ${result.method} method`,
      `seed ${result.seed}, ${ran}`,
      `trials        ${result.trials.toLocaleString('en-US')}${status === 'done' ? '' : ` (${status})`}`,
      `successes     ${result.successes.toLocaleString('en-US')}`,
      `success rate  ${percent(result.successRate)}  (95% CI ${percent(result.ci95[0])} – ${percent(result.ci95[1])})`,
      `exact         ${percent(exact)}  (difference ${se > 0 ? ((result.successRate - exact) / se).toFixed(2) : '0'} standard errors)`,
      `time          ${(result.elapsedMs / 1000).toFixed(2)} s, ${(result.trialsPerSecond / 1e6).toFixed(2)} million trials/s`,
      '',
    ].join('\n'),
  );
}

/** `merge a.json b.json …`: the whole run from its shards. */
function merge(argv: readonly string[]): number {
  const { files, json } = parseMergeArguments(argv);
  const texts = files.map((name) => {
    try {
      return { name, text: readFileSync(name, 'utf8') };
    } catch (error) {
      throw new MergeError(
        `cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? error}`,
      );
    }
  });
  const merged = mergeShards(texts);
  const { runSeed, trials, ...settings } = merged.layout;
  const result = report(
    { ...settings, trials },
    runSeed,
    { shards: merged.shards },
    merged.totals,
    merged.elapsedMs,
  );
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else printText(result, 'done');
  return 0;
}

/**
 * `--device gpu`: the run's fixed streams on the first WebGPU adapter Dawn offers, added up by a
 * run ledger as the pool adds its workers' reports, so a seed gives the CPU's counts.
 */
async function runOnGpu(options: CliOptions): Promise<number> {
  const probe = nodeGpuAvailable();
  const gpu = 'missing' in probe ? probe : await requestNodeGpu();
  if ('missing' in gpu) {
    process.stderr.write(`sim: --device gpu: ${gpu.missing}\n`);
    return 2;
  }
  const settings = parseSettings(options.draft).settings!;
  const seed = settings.seed ?? randomSeed();
  const layout = { ...settings, runSeed: seed };
  const ledger = createRunLedger(layout);
  const showProgress = process.stderr.isTTY === true;
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort(new Error('cancelled')));
  const started = performance.now();
  let status = 'done';
  try {
    const trials = await createGpuTrials(gpu.device, settings);
    await runLayoutOnGpu(trials, layout, (report) => ledger.add(report), {
      dispatchMs: gpuDispatchMs(gpu.software),
      signal: abort.signal,
      onProgress: ({ tally }) => {
        if (!showProgress) return;
        const seconds = (performance.now() - started) / 1000;
        process.stderr.write(progressBar(tally.trials / settings.trials, tally.trials / seconds));
      },
    });
  } catch (error) {
    // What complete waves counted stays counted; the run is reported as far as it got.
    status = abort.signal.aborted ? 'cancelled' : 'failed';
    if (status === 'failed') process.stderr.write(`sim: ${(error as Error).message}\n`);
  } finally {
    gpu.device.destroy();
  }
  const elapsedMs = performance.now() - started;
  const totals = ledger.totals();
  if (showProgress) process.stderr.write('\n');
  const result = report(settings, seed, { adapter: gpu.adapterName }, totals, elapsedMs);
  if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else printText(result, status);
  return status === 'failed' ? 1 : 0;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let options: CliOptions;
  try {
    if (argv[0] === 'merge') return merge(argv.slice(1));
    options = parseArguments(argv);
  } catch (error) {
    if (!(error instanceof ArgumentError || error instanceof MergeError)) throw error;
    process.stderr.write(`sim: ${error.message}\n`);
    return 2;
  }
  if (options.device === 'gpu') return runOnGpu(options);
  const settings = parseSettings(options.draft).settings!;
  const seed = settings.seed ?? randomSeed();
  const showProgress = process.stderr.isTTY === true;
  const run = startCpuRun({
    settings: { ...settings, seed },
    seed,
    workers: options.threads,
    createWorker: createNodeTrialsWorker,
    ...NODE_RUN_TIMING,
    ...(options.shard && { shard: options.shard }),
    onUpdate: (snapshot) => {
      if (showProgress && snapshot.status === 'running') {
        process.stderr.write(
          progressBar(snapshot.trials / settings.trials, snapshot.trialsPerSecond),
        );
      }
    },
  });
  process.once('SIGINT', () => run.cancel());
  const final = await run.finished;
  if (showProgress)
    process.stderr.write(`${progressBar(final.trials / settings.trials, final.trialsPerSecond)}\n`);
  if (final.status === 'failed') {
    process.stderr.write(`sim: ${final.error}\n`);
    if (options.shard) return 1;
  }
  if (options.shard) {
    if (final.status !== 'done') {
      process.stderr.write(`sim: shard ${final.status}; nothing printed\n`);
      return 1;
    }
    const file = shardFile({ ...settings, runSeed: seed }, options.shard, run.report());
    process.stdout.write(`${JSON.stringify(file)}\n`);
    return 0;
  }
  const result = report(settings, seed, { threads: final.workers }, final, final.elapsedMs);
  if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else printText(result, final.status);
  return final.status === 'failed' ? 1 : 0;
}

process.exitCode = await main();
