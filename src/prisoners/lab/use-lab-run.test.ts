import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { LabSettings } from '../engine/lab-settings.ts';
import { exposeWorkerApi } from '../expose-worker-api.ts';
import type { WorkerPort } from '../worker-bridge.ts';
import type { LabRunSnapshot } from './lab-pool.ts';
import { labWorkerApi } from './lab-worker-api.ts';
import { useLabRun } from './use-lab-run.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** The real lab worker API on the far side of a MessageChannel: a worker without the thread. */
function channelLabWorker(): WorkerPort {
  const channel = new MessageChannel();
  channels.push(channel);
  exposeWorkerApi(labWorkerApi, channel.port2);
  return Object.assign(channel.port1, {
    terminate: () => {
      channel.port1.close();
      channel.port2.close();
    },
  }) as unknown as WorkerPort;
}

const settingsA: LabSettings = {
  n: 10,
  k: 5,
  trials: 2000,
  strategy: 'cycle',
  method: 'literal',
  seed: 11,
};
const settingsB: LabSettings = { ...settingsA, n: 12, k: 6, trials: 3000, seed: 12 };

/** The hook, with every snapshot it rendered. */
function renderLabRun() {
  const seen: (LabRunSnapshot | null)[] = [];
  const hook = renderHook(() => {
    const run = useLabRun({ createWorker: channelLabWorker });
    seen.push(run.snapshot);
    return run;
  });
  return { hook, seen };
}

describe('useLabRun', () => {
  it('shows a new run as running from the moment it starts, not the previous result', async () => {
    const { hook } = renderLabRun();
    act(() => hook.result.current.start(settingsA));
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    expect(hook.result.current.snapshot?.trials).toBe(2000);

    act(() => hook.result.current.start(settingsB));
    // Before any worker has reported: the new run, running, nothing counted.
    const starting = hook.result.current.snapshot!;
    expect([starting.status, starting.settings, starting.seed, starting.trials]).toEqual([
      'running',
      settingsB,
      12,
      0,
    ]);
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    expect(hook.result.current.snapshot?.trials).toBe(3000);
    hook.unmount();
  });

  it('never shows a replaced run again, not even its cancellation', async () => {
    const { hook, seen } = renderLabRun();
    act(() => hook.result.current.start({ ...settingsA, trials: 1_000_000 }));
    act(() => hook.result.current.start(settingsB));
    const fromB = seen.length - 1;
    await waitFor(() => expect(hook.result.current.snapshot?.status).toBe('done'));
    const afterB = seen.slice(fromB).map((snapshot) => [snapshot?.settings.n, snapshot?.status]);
    expect(afterB.every(([n]) => n === 12)).toBe(true);
    expect(afterB.at(-1)).toEqual([12, 'done']);
    expect(hook.result.current.snapshot?.trials).toBe(3000);
    hook.unmount();
  });

  it('cancels a run at once, before its first report, keeping it on screen as cancelled', () => {
    const { hook } = renderLabRun();
    act(() => hook.result.current.start(settingsB));
    act(() => hook.result.current.cancel());
    const cancelled = hook.result.current.snapshot!;
    expect([cancelled.status, cancelled.settings.n, cancelled.trials]).toEqual([
      'cancelled',
      12,
      0,
    ]);
    hook.unmount();
  });
});
