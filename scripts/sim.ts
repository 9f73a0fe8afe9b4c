// Command-line lab: the same engine, worker API and pool as the browser, on Node worker threads.
//   npm run sim -- --n 100 --k 50 --trials 1e7 --strategy cycle --method literal --seed 1 --threads 2 [--json] [--device cpu|gpu]
// Strategies: cycle (follow the slips), random (k random boxes), swap (helper's best swap, then
// cycles); methods: literal, fast.
import { exactSuccessProbability } from '../src/prisoners/engine/exact.ts';
import { parseSettings } from '../src/prisoners/engine/lab-settings.ts';
import { randomSeed } from '../src/prisoners/engine/rng.ts';
import { wilsonInterval } from '../src/prisoners/engine/statistics.ts';
import { startLabRun, type LabRunSnapshot } from '../src/prisoners/lab/lab-pool.ts';
import { NODE_RUN_TIMING, createNodeLabWorker } from './node-workers.ts';
import { nodeGpuAvailable, requestNodeGpu } from './node-webgpu.ts';
import { ArgumentError, parseArguments, type CliOptions } from './sim-arguments.ts';

function progressBar(fraction: number, trialsPerSecond: number): string {
  const width = 30;
  const filled = Math.round(fraction * width);
  const rate = `${(trialsPerSecond / 1e6).toFixed(2)} M trials/s`;
  return `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}%  ${rate}`;
}

function report(snapshot: LabRunSnapshot, exact: number) {
  const { settings } = snapshot;
  const rate = snapshot.trials > 0 ? snapshot.successes / snapshot.trials : 0;
  return {
    n: settings.n,
    k: settings.k,
    strategy: settings.strategy,
    method: settings.method,
    seed: snapshot.seed,
    threads: snapshot.workers,
    trials: snapshot.trials,
    successes: snapshot.successes,
    successRate: rate,
    ci95: wilsonInterval(snapshot.successes, snapshot.trials),
    exact,
    longestCycleHistogram: Array.from(snapshot.longestCycle),
    elapsedMs: Math.round(snapshot.elapsedMs * 10) / 10,
    trialsPerSecond: Math.round(snapshot.trialsPerSecond),
  };
}

async function main(): Promise<number> {
  let options: CliOptions;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ArgumentError)) throw error;
    process.stderr.write(`sim: ${error.message}\n`);
    return 2;
  }
  if (options.device === 'gpu') {
    const probe = nodeGpuAvailable();
    const gpu = 'missing' in probe ? probe : await requestNodeGpu();
    if ('missing' in gpu) {
      process.stderr.write(`sim: --device gpu: ${gpu.missing}\n`);
      return 2;
    }
    gpu.device.destroy();
    process.stderr.write(
      `sim: --device gpu: found ${gpu.adapterName}, but GPU runs need the lab's fixed streams of trials, which this build does not have yet.\n`,
    );
    return 2;
  }
  const settings = parseSettings(options.draft).settings!;
  const seed = settings.seed ?? randomSeed();
  const exact = exactSuccessProbability(settings.n, settings.k, settings.strategy);
  const showProgress = process.stderr.isTTY === true;
  const run = startLabRun({
    settings: { ...settings, seed },
    seed,
    workers: Math.min(options.threads, settings.trials),
    createWorker: createNodeLabWorker,
    ...NODE_RUN_TIMING,
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
  const result = report(final, exact);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    const percent = (x: number) => `${(x * 100).toFixed(4)}%`;
    const se = Math.sqrt((exact * (1 - exact)) / Math.max(1, result.trials));
    process.stdout.write(
      [
        `${result.n} prisoners, ${result.k} guesses, ${result.strategy} strategy, ${result.method} method`,
        `seed ${result.seed}, ${result.threads} thread${result.threads === 1 ? '' : 's'}`,
        `trials        ${result.trials.toLocaleString('en-US')}${final.status === 'done' ? '' : ` (${final.status})`}`,
        `success rate  ${percent(result.successRate)}  (95% CI ${percent(result.ci95[0])} – ${percent(result.ci95[1])})`,
        `exact         ${percent(exact)}  (difference ${se > 0 ? ((result.successRate - exact) / se).toFixed(2) : '0'} standard errors)`,
        `time          ${(result.elapsedMs / 1000).toFixed(2)} s, ${(result.trialsPerSecond / 1e6).toFixed(2)} million trials/s`,
        '',
      ].join('\n'),
    );
  }
  if (final.status === 'failed') {
    process.stderr.write(`sim: ${final.error}\n`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
