import type { Api } from './webgl-probe.worker.ts';
import { createWorkerBridge, type WorkerPort } from '../runtime/worker-bridge.ts';
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

export interface WebglProbeOptions {
  /**
   * Starts the probe's worker; null where workers have no OffscreenCanvas. A module Web Worker
   * where the browser has both, unless given.
   */
  startWorker?: (() => WorkerPort) | null;
  /** How long the worker may stay silent before it must prove that it is alive. */
  silenceMs?: number;
  /** How long it then has to answer. */
  answerMs?: number;
  /** WebGL as the page itself sees it: the answer when the worker gives none. */
  probeOnPage?: () => WebglSupport;
}

/**
 * Probes WebGL once per page load. Where OffscreenCanvas allows, the probe runs in a worker: the
 * first WebGL context of a page also starts the browser's graphics back end, which takes a few
 * hundred milliseconds with software rendering, and that wait then never blocks the main thread.
 */
export function probeWebglSupport(): Promise<WebglProbe> {
  probed ??= probeWebgl();
  return probed;
}

/**
 * One probe: the worker's answer, or the page's own when the worker fails to start, crashes,
 * stays silent or has no WebGL. The first of answer and failure decides; the worker is
 * terminated after either, and an answer that comes later is dropped.
 */
export async function probeWebgl({
  startWorker = webglProbeWorker(),
  silenceMs = PROBE_SILENCE_MS,
  answerMs,
  probeOnPage = () => describeWebgl(document.createElement('canvas')),
}: WebglProbeOptions = {}): Promise<WebglProbe> {
  if (startWorker) {
    try {
      return await probeOffMainThread(startWorker, silenceMs, answerMs);
    } catch {
      // The page asks itself below.
    }
  }
  return { support: probeOnPage(), inWorkers: false };
}

function webglProbeWorker(): (() => WorkerPort) | null {
  if (typeof OffscreenCanvas === 'undefined' || typeof Worker === 'undefined') return null;
  return () =>
    new Worker(new URL('./webgl-probe.worker.ts', import.meta.url), {
      type: 'module',
      name: 'webgl-probe',
    });
}

async function probeOffMainThread(
  start: () => WorkerPort,
  silenceMs: number,
  answerMs: number | undefined,
): Promise<WebglProbe> {
  let failed: (error: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const bridge = createWorkerBridge<Api>({
    start,
    name: 'The WebGL probe',
    silenceMs,
    answerMs,
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
