import { useEffect, useRef } from 'react';
import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { Api } from '../../../workers/grid-render-worker.ts';
import { usePrisonerStore } from '../store.ts';
import styles from './box-grid.module.css';

export interface OffscreenBoxGridProps {
  reducedMotion: boolean;
  software: boolean;
  onContextLost(): void;
  /** The worker could not draw: the page draws the grid itself instead. */
  onFailure(): void;
}

declare global {
  interface Window {
    /** With `?debug`: the grid's renderer, so a test can lose its WebGL context. */
    __gridRenderer?: Remote<Api>;
  }
}

/** Whether this browser can hand a canvas to a worker. */
export const canDrawInWorker = (): boolean =>
  typeof HTMLCanvasElement !== 'undefined' &&
  typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';

/**
 * The 3D box grid drawn in a worker: the page only hands over a canvas, its size and the state
 * the scene shows, so its main thread stays free however slow the GPU (or software rasteriser).
 */
export default function OffscreenBoxGrid({
  reducedMotion,
  software,
  onContextLost,
  onFailure,
}: OffscreenBoxGridProps) {
  const frame = useRef<HTMLDivElement>(null);
  const renderer = useRef<Remote<Api> | null>(null);
  // Read when the worker starts; later changes go through their own messages.
  const initial = useRef({ reducedMotion, software, onContextLost, onFailure });

  useEffect(() => {
    const container = frame.current!;
    const { software, reducedMotion, onContextLost, onFailure } = initial.current;
    // A fresh canvas per worker: a canvas can hand over its drawing only once.
    const canvas = document.createElement('canvas');
    canvas.className = styles.workerCanvas!;
    canvas.setAttribute('aria-hidden', 'true');
    container.append(canvas);
    const offscreen = canvas.transferControlToOffscreen();
    const worker = new Worker(new URL('../../../workers/grid-render-worker.ts', import.meta.url), {
      type: 'module',
      name: 'grid-render',
    });
    const api = wrap<Api>(worker);
    renderer.current = api;
    let active = true;
    const fail = () => {
      if (active) onFailure();
    };
    worker.addEventListener('error', fail);

    const box = container.getBoundingClientRect();
    const { slips, game, showCycles } = usePrisonerStore.getState();
    api
      .start(
        transfer(offscreen, [offscreen]),
        {
          width: box.width,
          height: box.height,
          devicePixelRatio: window.devicePixelRatio,
          software,
          reducedMotion,
          view: { slips, game, showCycles },
        },
        proxy({ contextLost: () => active && onContextLost() }),
      )
      .catch(fail);

    const resizes = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      void api.resize({ width, height, devicePixelRatio: window.devicePixelRatio });
    });
    resizes.observe(container);

    // The scene reads three fields of the store: send them whenever they change.
    const unsubscribe = usePrisonerStore.subscribe((next, previous) => {
      if (
        next.slips === previous.slips &&
        next.game === previous.game &&
        next.showCycles === previous.showCycles
      ) {
        return;
      }
      void api.update({
        slips: next.slips === previous.slips ? undefined : next.slips,
        game: next.game,
        showCycles: next.showCycles,
      });
    });

    const debug = new URLSearchParams(window.location.search).has('debug');
    if (debug) window.__gridRenderer = api;
    return () => {
      active = false;
      unsubscribe();
      resizes.disconnect();
      worker.terminate();
      canvas.remove();
      renderer.current = null;
      if (window.__gridRenderer === api) delete window.__gridRenderer;
    };
  }, []);

  useEffect(() => {
    void renderer.current?.setReducedMotion(reducedMotion);
  }, [reducedMotion]);

  return <div ref={frame} className={styles.canvas} />;
}
