import { act, renderHook, waitFor as waitUntil } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { nodeWorkerPort } from '../../../scripts/node-endpoint.ts';
import type { LabSettings } from '../engine/lab-settings.ts';
import type { WorkerPort } from '../worker-bridge.ts';
import { useLabRun } from './use-lab-run.ts';

/** Lab workers on Node worker threads (a real thread, so terminating one stops it), counted. */
function labWorkers() {
  const terminated: number[] = [];
  const createWorker = vi.fn((): WorkerPort => {
    const index = createWorker.mock.calls.length - 1;
    // A path, not a URL: jsdom's URL class is not the one Node's Worker takes.
    const port = nodeWorkerPort(new Worker(resolve('scripts/sim-worker.mjs')));
    const terminate = port.terminate.bind(port);
    port.terminate = () => {
      terminated.push(index);
      terminate();
    };
    return port;
  });
  return { createWorker, terminated };
}

/** Threads start slowly on a busy machine: wait for the run, not for a clock. */
const waitFor = (check: () => void) => waitUntil(check, { timeout: 30_000 });

const settings: LabSettings = {
  n: 100,
  k: 50,
  trials: 20_000,
  strategy: 'cycle',
  method: 'fast',
  seed: 9,
};

// Worker threads load the engine through tsx first: a few seconds on a busy machine.
describe('useLabRun', { timeout: 60_000 }, () => {
  it('runs the settings to the end on a pool sized to the cores given, the same result every time', async () => {
    const workers = labWorkers();
    const { result } = renderHook(() => useLabRun({ ...workers, cores: 2 }));
    expect(result.current.snapshot).toBeNull();
    act(() => result.current.start(settings));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    const first = result.current.snapshot!;
    expect(first).toMatchObject({ seed: 9, workers: 1, trials: 20_000, settings });
    expect(workers.createWorker).toHaveBeenCalledTimes(1);

    act(() => result.current.start(settings));
    await waitFor(() => expect(result.current.snapshot?.trials).toBe(20_000));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(result.current.snapshot!.successes).toBe(first.successes);
    expect(Array.from(result.current.snapshot!.longestCycle)).toEqual(
      Array.from(first.longestCycle),
    );
  });

  it('draws a fresh seed when the settings name none', async () => {
    const { result } = renderHook(() => useLabRun({ ...labWorkers(), cores: 2 }));
    act(() => result.current.start({ ...settings, seed: null }));
    await waitFor(() => expect(result.current.snapshot?.status).toBe('done'));
    expect(Number.isInteger(result.current.snapshot!.seed)).toBe(true);
  });

  it('cancels a run, replaces a run in progress, and ends the run when unmounted', async () => {
    const workers = labWorkers();
    const { result, unmount } = renderHook(() => useLabRun({ ...workers, cores: 2 }));
    const long = { ...settings, trials: 1e12 };
    act(() => result.current.start(long));
    await waitFor(() => expect(result.current.snapshot?.trials).toBeGreaterThan(0));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.snapshot?.status).toBe('cancelled'));
    expect(workers.terminated).toEqual([0]);

    act(() => result.current.start(long));
    await waitFor(() => expect(workers.createWorker).toHaveBeenCalledTimes(2));
    act(() => result.current.start({ ...long, seed: 10 }));
    // The run in progress is terminated as the new one starts.
    expect(workers.terminated).toEqual([0, 1]);
    await waitFor(() => expect(result.current.snapshot?.seed).toBe(10));
    unmount();
    expect(workers.terminated).toEqual([0, 1, 2]);
  });
});
