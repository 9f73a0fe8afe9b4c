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

/**
 * Starts, follows and cancels lab runs; the pool is terminated when the page goes away.
 * `onStart` learns each run's settings and seed as it starts (the address records them). A run
 * that ends is kept for its address, and shown again when the page opens at that address.
 */
export function useLabRun(onStart?: (settings: LabSettings, seed: number) => void) {
  const [snapshot, setSnapshot] = useState<LabRunSnapshot | null>(null);
  const runRef = useRef<LabRun | null>(null);
  const onStartRef = useRef(onStart);
  useEffect(() => {
    onStartRef.current = onStart;
  }, [onStart]);

  const start = useCallback((settings: LabSettings) => {
    runRef.current?.cancel();
    const seed = settings.seed ?? randomSeed();
    const query = queryOfRun(settings, seed);
    const run = startLabRun({
      settings,
      seed,
      workers: poolSize(navigator.hardwareConcurrency, settings.trials),
      createWorker: startLabWorker,
      // Updates render as transitions, so React can split the work and keep frames coming;
      // only a cancel or a failure shows at once.
      onUpdate: (next) => {
        if (next.status !== 'running') keepFinishedRun(query, next);
        if (next.status === 'running' || next.status === 'done') {
          startTransition(() => setSnapshot(next));
        } else {
          setSnapshot(next);
        }
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
