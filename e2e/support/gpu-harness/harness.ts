/**
 * A page for the GPU identity test in Chromium: it starts the site's GPU worker through the
 * worker bridge, runs every identity case on it, runs the same streams on the CPU here, and
 * hands both back as plain arrays. Bundled by the test with esbuild; never part of the site.
 */
import { createWorkerBridge } from '../../../src/features/prisoners/runtime/worker-bridge.ts';
import type { GpuWorkerApi } from '../../../src/features/prisoners/gpu/gpu-worker-api.ts';
import { stateSeed } from '../../../src/features/prisoners/engine/rng.ts';
import type { Tally } from '../../../src/features/prisoners/engine/tally.ts';
import {
  browserIdentityCases,
  cpuStreams,
  identityStarts,
} from '../../../src/testing/gpu-oracle.ts';
import { STRATEGIES, METHODS } from '../../../src/features/prisoners/engine/types.ts';

export interface HarnessCase {
  label: string;
  gpu: PlainRun;
  cpu: PlainRun;
}

export interface PlainRun {
  trials: number;
  successes: number;
  longestCycle: number[];
  freed: number[];
  states: string[];
  watchStates: (string | null)[];
}

const plain = (tally: Tally, states: string[], watchStates: (string | null)[]): PlainRun => ({
  trials: tally.trials,
  successes: tally.successes,
  longestCycle: Array.from(tally.longestCycle),
  freed: Array.from(tally.freed),
  states,
  watchStates,
});

async function runIdentity(): Promise<{ adapter: string; cases: HarnessCase[] }> {
  let failure: string | null = null;
  const bridge = createWorkerBridge<GpuWorkerApi>({
    name: 'The GPU worker',
    start: () => new Worker('/gpu-worker.js', { type: 'module' }),
    onFailure: (message) => (failure = message),
  });
  const probe = await bridge.api.probe();
  if ('missing' in probe) throw new Error(probe.missing);
  const cases: HarnessCase[] = [];
  for (const method of METHODS) {
    for (const strategy of STRATEGIES) {
      for (const [n, k, trials, slice] of browserIdentityCases(method)) {
        const settings = { n, k, strategy, method };
        const starts = identityStarts(n, k, trials.length);
        const cpu = cpuStreams(settings, starts, trials);
        const gpu = await bridge.api.runStreams(
          settings,
          trials.map((count, s) => ({ state: starts[s]!, trials: count })),
          { slice, streamsPerWave: 2 },
        );
        if (failure) throw new Error(failure);
        cases.push({
          label: `${method} ${strategy} n = ${n}, k = ${k}`,
          gpu: plain(
            gpu.tally,
            gpu.streams.map((stream) => stateSeed(stream.state)),
            gpu.streams.map((stream) => stream.watchState),
          ),
          cpu: plain(cpu.tally, cpu.states, cpu.watchStates),
        });
      }
    }
  }
  bridge.terminate();
  return { adapter: probe.adapterName, cases };
}

(window as unknown as { runGpuIdentity: typeof runIdentity }).runGpuIdentity = runIdentity;
