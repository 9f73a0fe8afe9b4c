import { wrap } from 'comlink';
import type { Api } from '../../../workers/webgl-probe-worker.ts';
import { describeWebgl, type WebglSupport } from './webgl-probe.ts';

export type { WebglSupport };

// A worker that stays silent this long is not waited for; the 3D view then simply tries.
const PROBE_TIMEOUT_MS = 5000;
let probed: Promise<WebglSupport> | undefined;

/**
 * Probes WebGL once per page load. Where OffscreenCanvas allows, the probe runs in a worker: the
 * first WebGL context of a page also starts the browser's graphics back end, which takes a few
 * hundred milliseconds with software rendering, and that wait then never blocks the main thread.
 */
export function probeWebglSupport(): Promise<WebglSupport> {
  probed ??= probeOffMainThread().catch(() => describeWebgl(document.createElement('canvas')));
  return probed;
}

async function probeOffMainThread(): Promise<WebglSupport> {
  if (typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') {
    throw new Error('No OffscreenCanvas in workers here');
  }
  const worker = new Worker(new URL('../../../workers/webgl-probe-worker.ts', import.meta.url), {
    type: 'module',
    name: 'webgl-probe',
  });
  try {
    return await new Promise<WebglSupport>((resolve, reject) => {
      const timer = setTimeout(() => resolve('webgl'), PROBE_TIMEOUT_MS);
      worker.addEventListener('error', () => reject(new Error('The WebGL probe failed to start')));
      wrap<Api>(worker)
        .describeWebgl()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  } finally {
    worker.terminate();
  }
}
