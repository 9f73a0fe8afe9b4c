import { wrap } from 'comlink';
import type { Api } from '../../../workers/webgl-probe-worker.ts';
import { describeWebgl, type WebglSupport } from './webgl-probe.ts';

export type { WebglSupport };

export interface WebglProbe {
  support: WebglSupport;
  /** WebGL was reached from a worker's OffscreenCanvas, so the grid can be drawn in one too. */
  inWorkers: boolean;
}

// A worker that stays silent this long is not waited for; the 3D view then simply tries.
const PROBE_TIMEOUT_MS = 5000;
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
  const worker = new Worker(new URL('../../../workers/webgl-probe-worker.ts', import.meta.url), {
    type: 'module',
    name: 'webgl-probe',
  });
  try {
    return await new Promise<WebglProbe>((resolve, reject) => {
      const timer = setTimeout(
        () => resolve({ support: 'webgl', inWorkers: false }),
        PROBE_TIMEOUT_MS,
      );
      worker.addEventListener('error', () => reject(new Error('The WebGL probe failed to start')));
      wrap<Api>(worker)
        .describeWebgl()
        .then((support) => {
          // Some browsers have OffscreenCanvas without WebGL in workers: ask the page instead.
          if (support === 'unavailable') reject(new Error('No WebGL in workers'));
          else resolve({ support, inWorkers: true });
        }, reject)
        .finally(() => clearTimeout(timer));
    });
  } finally {
    worker.terminate();
  }
}
