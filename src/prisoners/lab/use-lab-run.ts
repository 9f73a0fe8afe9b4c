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

export interface UseLabRunOptions {
  /** Starts a lab worker; tests hand in one of their own. */
  createWorker?: () => WorkerPort;
  /** The cores the pool sizes itself to; the browser's count unless given. */
  cores?: number;
}

/** Starts, follows and cancels lab runs; the pool is terminated when the page goes away. */
export function useLabRun(options: UseLabRunOptions = {}) {
  const { createWorker = startLabWorker, cores } = options;
  const [snapshot, setSnapshot] = useState<LabRunSnapshot | null>(null);
  const runRef = useRef<LabRun | null>(null);

  const start = useCallback(
    (settings: LabSettings) => {
      runRef.current?.cancel();
      const seed = settings.seed ?? randomSeed();
      const run = startLabRun({
        settings,
        seed,
        workers: poolSize(cores ?? navigator.hardwareConcurrency, settings.trials),
        createWorker,
        // Updates render as transitions, so React can split the work and keep frames coming;
        // only a cancel or a failure shows at once.
        onUpdate: (next) =>
          next.status === 'running' || next.status === 'done'
            ? startTransition(() => setSnapshot(next))
            : setSnapshot(next),
        updateIntervalMs: 250,
      });
      runRef.current = run;
    },
    [createWorker, cores],
  );

  const cancel = useCallback(() => runRef.current?.cancel(), []);

  useEffect(() => () => runRef.current?.cancel(), []);

  return { snapshot, start, cancel };
}
