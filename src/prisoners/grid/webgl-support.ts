import type { Api } from '../../../workers/webgl-probe-worker.ts';
import { createWorkerBridge } from '../worker-bridge.ts';
import { describeWebgl, type WebglSupport } from './webgl-probe.ts';

export type { WebglSupport };

export interface WebglProbe {
  support: WebglSupport;
  /** WebGL was reached from a worker's OffscreenCanvas, so the grid can be drawn in one too. */
  inWorkers: boolean;
}

// A probe silent for this long (and then one more second) is given up; the page asks itself.
const PROBE_SILENCE_MS = 5000;
let probed: Promise<WebglProbe> | undefined;

/**
 * Probes WebGL once per page load. Where OffscreenCanvas allows, the probe runs in a worker: the
 * first WebGL context of a page also starts the browser's graphics back end, which takes a few
 * hundred milliseconds with software rendering, and that wait then never blocks the main thread.
 */
export function probeWebglSupport(): Promise<WebglProbe> {
  probed ??= probeOffMainThread().catch(() => ({
    support: describeWebgl(document.createElement('canvas')),
    inWorkers: false,
  }));
  return probed;
}

async function probeOffMainThread(): Promise<WebglProbe> {
  if (typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') {
    throw new Error('No OffscreenCanvas in workers here');
  }
  let failed: (error: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const bridge = createWorkerBridge<Api>({
    start: () =>
      new Worker(new URL('../../../workers/webgl-probe-worker.ts', import.meta.url), {
        type: 'module',
        name: 'webgl-probe',
      }),
    name: 'The WebGL probe',
    silenceMs: PROBE_SILENCE_MS,
    onFailure: (message) => failed(new Error(message)),
  });
  try {
    const support = await Promise.race([bridge.api.describeWebgl(), failure]);
    // Some browsers have OffscreenCanvas without WebGL in workers: the page asks itself then.
    if (support === 'unavailable') throw new Error('No WebGL in workers');
    return { support, inWorkers: true };
  } finally {
    bridge.terminate();
  }
}
