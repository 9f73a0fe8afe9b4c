/**
 * The CPU pool: a run's streams (engine/streams.ts) shared out over the workers, every
 * worker behind the worker bridge; their reports summed by the run's ledger and handed on at a
 * steady pace; cancel terminates the workers at once and keeps every stream counted so far. The
 * caller says how to start a worker (a Web Worker in the browser, a worker thread in Node).
 *
 * Message order: a worker's reports come as calls of its progress callback (on the callback's
 * own channel) and as the return value of `run` (on the worker's port), in no order between the
 * two. Each report names the streams it counts and no two overlap, so the ledger adds them in
 * any order, ignores a stream counted before, and the run is done when its last stream is
 * counted, whichever message brings it (docs/message-order.md: "The CPU pool").
 */
import { workerJob, type StreamsReport } from './streams-job.ts';
import { createRunLedger } from './run-ledger.ts';
import type { RunLayout } from '../engine/streams.ts';
import { createWorkerBridge, type WorkerBridge, type WorkerPort } from './worker-bridge.ts';
import type { TrialsWorkerApi } from './trials-worker-api.ts';
import { createRunState, type Run, type RunOptions, type RunTakeover } from './run-state.ts';

/** How the results name the CPU pool. */
export function cpuWorkersLabel(workers: number): string {
  return `CPU workers (${workers})`;
}

/** Runs the streams of one shard of a run: shard `index` (0-based) of `count`. */
export interface ShardScope {
  index: number;
  count: number;
}

export interface StartCpuRunOptions extends RunOptions {
  /** Workers wanted; a run never starts more than it has streams. */
  workers: number;
  createWorker: () => WorkerPort;
  /** A worker that reports nothing for this long must prove that it is alive. */
  silenceLimitMs?: number;
  /** Only this shard's streams; the whole run without it. */
  shard?: ShardScope;
  /** Finishes a whole run that another device started: only its streams not counted yet. */
  takeover?: RunTakeover;
}

/** A run on the CPU pool. */
export type CpuRun = Run;

/** Workers for a run: every core but one for the page, at least one, never more than trials. */
export function poolSize(hardwareConcurrency: number | undefined, trials: number): number {
  const cores = Number.isFinite(hardwareConcurrency) ? (hardwareConcurrency as number) : 2;
  return Math.max(1, Math.min(cores - 1, trials));
}

/** Starts a run on the CPU pool. Same seed: same result, whatever the number of workers. */
export function startCpuRun(options: StartCpuRunOptions): CpuRun {
  const { settings, seed, takeover } = options;
  const silenceLimitMs = options.silenceLimitMs ?? 4000;
  const shard = options.shard ?? { index: 0, count: 1 };
  const layout: RunLayout = { ...settings, runSeed: seed };
  const ledger =
    takeover?.ledger ?? createRunLedger(layout, { first: shard.index, step: shard.count });
  // A takeover's counted streams are a prefix (the GPU counts its waves in order): the workers
  // share the streams after it.
  if (takeover && (shard.count !== 1 || ledger.counted !== ledger.prefix)) {
    throw new Error('A run is taken over only whole, after a prefix of counted streams.');
  }
  const jobs: ShardScope = takeover ? { index: ledger.prefix, count: 1 } : shard;
  // Never more workers than streams left; none for a shard that has no streams.
  const workers = Math.min(Math.max(1, options.workers), ledger.streams - ledger.counted);
  const bridges: WorkerBridge<TrialsWorkerApi>[] = [];
  const state = createRunState({
    ...options,
    ledger,
    workers,
    ranOn: takeover
      ? `${takeover.ranOn}, then ${cpuWorkersLabel(workers)}`
      : cpuWorkersLabel(workers),
    elapsedBeforeMs: takeover?.elapsedMs,
    // However the run ends, its workers end with it.
    onEnd: () => bridges.forEach((bridge) => bridge.terminate()),
  });

  // Every report counts its own streams, whichever channel brings it and however late.
  const receive = (report: StreamsReport): void => state.count(report);

  for (let index = 0; index < workers && state.running; index++) {
    const bridge = createWorkerBridge<TrialsWorkerApi>({
      start: options.createWorker,
      name: `Worker ${index + 1}`,
      silenceMs: silenceLimitMs,
      onFailure: (message) => state.fail(message),
    });
    bridges.push(bridge);
    bridge.api
      .run(workerJob(layout, index, workers, jobs), bridge.callback(receive))
      .then(receive)
      .catch((reason: unknown) => {
        const message = reason instanceof Error ? reason.message : String(reason);
        state.fail(`Worker ${index + 1} failed: ${message}`);
      });
  }
  state.finishIfComplete(); // a shard with no streams: nothing to run
  return state.run;
}
