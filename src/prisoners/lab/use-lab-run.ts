import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { queryOfRun, type LabSettings } from '../engine/lab-settings.ts';
import { randomSeed } from '../engine/rng.ts';
import type { WorkerPort } from '../worker-bridge.ts';
import { finishedRunFor, keepFinishedRun } from './finished-run-cache.ts';
import { poolSize, startLabRun, type LabRun, type LabRunSnapshot } from './lab-pool.ts';

/** A module Web Worker running the lab engine. */
function startLabWorker(): WorkerPort {
  return new Worker(new URL('../../../workers/lab-worker.ts', import.meta.url), {
    type: 'module',
    name: 'lab',
  });
}

export interface LabRunHookOptions {
  /** Starts a lab worker; tests hand in one of their own. */
  createWorker?: () => WorkerPort;
  /** The cores the pool sizes itself to; the browser's count unless given. */
  cores?: number;
  /** Learns each run's settings and seed as it starts (the address records them). */
  onStart?: (settings: LabSettings, seed: number) => void;
}

/** What a run shows before its first report: running, nothing counted yet. */
export function startingSnapshot(
  settings: LabSettings,
  seed: number,
  workers: number,
): LabRunSnapshot {
  return {
    status: 'running',
    settings,
    seed,
    workers,
    trials: 0,
    successes: 0,
    longestCycle: new Float64Array(settings.n + 1),
    freed: new Float64Array(settings.n + 1),
    convergence: [],
    watch: null,
    longestCycleExamples: Array.from({ length: settings.n + 1 }, () => null),
    elapsedMs: 0,
    trialsPerSecond: 0,
    error: null,
  };
}

/**
 * Starts, follows and cancels lab runs; the pool is terminated when the page goes away. Only the
 * current run reaches the page: a run is shown as running from the moment it starts (not from
 * its first report), and the reports of a run replaced by a newer one (Run, Retry) are dropped,
 * including the cancellation that the replacement causes. A run that ends is kept for its address,
 * and shown again when the page opens at that address.
 */
export function useLabRun({
  createWorker = startLabWorker,
  cores,
  onStart,
}: LabRunHookOptions = {}) {
  const [snapshot, setSnapshot] = useState<LabRunSnapshot | null>(null);
  const runRef = useRef<LabRun | null>(null);
  const factory = useRef(createWorker);
  const coresRef = useRef(cores);
  const onStartRef = useRef(onStart);
  useEffect(() => {
    onStartRef.current = onStart;
  }, [onStart]);

  const start = useCallback((settings: LabSettings) => {
    const previous = runRef.current;
    runRef.current = null;
    previous?.cancel();
    const seed = settings.seed ?? randomSeed();
    const workers = poolSize(coresRef.current ?? navigator.hardwareConcurrency, settings.trials);
    let run: LabRun | null = null;
    // Reports that come before `startLabRun` returns belong to this run too.
    const current = () => run === null || runRef.current === run;
    const query = queryOfRun(settings, seed);
    setSnapshot(startingSnapshot(settings, seed, workers));
    run = startLabRun({
      settings,
      seed,
      workers,
      createWorker: factory.current,
      // Updates render as transitions, so React can split the work and keep frames coming;
      // only a cancel or a failure shows at once.
      onUpdate: (next) => {
        if (!current()) return;
        if (next.status !== 'running') keepFinishedRun(query, next);
        if (next.status === 'running' || next.status === 'done') {
          startTransition(() => setSnapshot(next));
        } else setSnapshot(next);
      },
      updateIntervalMs: 250,
    });
    runRef.current = run;
    onStartRef.current?.(settings, seed);
  }, []);

  const cancel = useCallback(() => runRef.current?.cancel(), []);

  useEffect(() => {
    // After hydration (pre-rendered HTML shows no run): the run this address was left with.
    const kept = finishedRunFor(window.location.search);
    if (kept && !runRef.current) setSnapshot(kept);
    return () => runRef.current?.cancel();
  }, []);

  return { snapshot, start, cancel };
}
