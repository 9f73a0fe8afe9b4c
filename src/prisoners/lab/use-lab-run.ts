import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { LabSettings } from '../engine/lab-settings.ts';
import { randomSeed } from '../engine/rng.ts';
import { createBrowserLabWorker } from './browser-workers.ts';
import { poolSize, startLabRun, type LabRun, type LabRunSnapshot } from './lab-pool.ts';
import type { LabFaults } from './worker-api.ts';

/**
 * Fault injection for browser tests, read when a run starts:
 * `window.__labFaults = { throwAtTrial: 1 }` makes every worker throw at its first report;
 * `window.__labFaults = { killWorkerAfterMs: 300 }` terminates the first worker silently.
 */
interface LabFaultHooks extends LabFaults {
  killWorkerAfterMs?: number;
}

declare global {
  interface Window {
    __labFaults?: LabFaultHooks;
  }
}

/** Starts, follows and cancels lab runs; the pool is terminated when the page goes away. */
export function useLabRun() {
  const [snapshot, setSnapshot] = useState<LabRunSnapshot | null>(null);
  const runRef = useRef<LabRun | null>(null);

  const start = useCallback((settings: LabSettings) => {
    runRef.current?.cancel();
    const seed = settings.seed ?? randomSeed();
    const { throwAtTrial, killWorkerAfterMs } = window.__labFaults ?? {};
    const run = startLabRun({
      settings,
      seed,
      workers: poolSize(navigator.hardwareConcurrency, settings.trials),
      createWorker: createBrowserLabWorker,
      // Updates render as transitions, so React can split the work and keep frames coming;
      // only a cancel or a failure shows at once.
      onUpdate: (next) =>
        next.status === 'running' || next.status === 'done'
          ? startTransition(() => setSnapshot(next))
          : setSnapshot(next),
      updateIntervalMs: 250,
      faults: throwAtTrial === undefined ? {} : { throwAtTrial },
      ...(killWorkerAfterMs === undefined ? {} : { killWorkerAfterMs }),
    });
    runRef.current = run;
  }, []);

  const cancel = useCallback(() => runRef.current?.cancel(), []);

  useEffect(() => () => runRef.current?.cancel(), []);

  return { snapshot, start, cancel };
}
