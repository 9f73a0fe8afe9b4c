import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { LabSettings } from '../engine/lab-settings.ts';
import { randomSeed } from '../engine/rng.ts';
import type { WorkerPort } from '../worker-bridge.ts';
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
    watchState: null,
    convergence: [],
    elapsedMs: 0,
    trialsPerSecond: 0,
    error: null,
  };
}

/**
 * Starts, follows and cancels lab runs; the pool is terminated when the page goes away. Only the
 * current run reaches the page: a run is shown as running from the moment it starts (not from
 * its first report), and the reports of a run replaced by a newer one (Run, Retry) are dropped,
 * including the cancellation that the replacement causes.
 */
export function useLabRun({ createWorker = startLabWorker }: LabRunHookOptions = {}) {
  const [snapshot, setSnapshot] = useState<LabRunSnapshot | null>(null);
  const runRef = useRef<LabRun | null>(null);
  const factory = useRef(createWorker);

  const start = useCallback((settings: LabSettings) => {
    const previous = runRef.current;
    runRef.current = null;
    previous?.cancel();
    const seed = settings.seed ?? randomSeed();
    const workers = poolSize(navigator.hardwareConcurrency, settings.trials);
    let run: LabRun | null = null;
    // Reports that come before `startLabRun` returns belong to this run too.
    const current = () => run === null || runRef.current === run;
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
        if (next.status === 'running' || next.status === 'done') {
          startTransition(() => setSnapshot(next));
        } else setSnapshot(next);
      },
      updateIntervalMs: 250,
    });
    runRef.current = run;
  }, []);

  const cancel = useCallback(() => runRef.current?.cancel(), []);

  useEffect(() => () => runRef.current?.cancel(), []);

  return { snapshot, start, cancel };
}
