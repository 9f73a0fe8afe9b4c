import { useEffect, useRef } from 'react';
import { transfer } from 'comlink';
import type { Api } from './grid-render.worker.ts';
import { gridViewFields, sendChangesPerFrame, type GridViewSource } from './grid-view.ts';
import { createWorkerBridge, type WorkerBridge } from '../runtime/worker-bridge.ts';
import styles from './box-grid.module.css';

export interface GridDrawnInWorkerProps {
  /** The view the scene shows: the worker is sent its fields, then every field that changes. */
  source: GridViewSource;
  reducedMotion: boolean;
  onContextLost(): void;
  /** The worker could not draw: the page draws the grid itself instead. */
  onFailure(): void;
}

/** Whether this browser can hand a canvas to a worker. */
export const canDrawInWorker = (): boolean =>
  typeof HTMLCanvasElement !== 'undefined' &&
  typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';

/**
 * The 3D box grid drawn in a worker: the page only hands over a canvas, its size and the state
 * the scene shows, so its main thread stays free however slow the GPU (or software rasteriser).
 */
export default function GridDrawnInWorker({
  source,
  reducedMotion,
  onContextLost,
  onFailure,
}: GridDrawnInWorkerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const renderer = useRef<WorkerBridge<Api> | null>(null);
  // A call the worker could not carry out means it cannot draw: the page takes over.
  const failed = useRef(() => {});
  // Read once, when the worker starts; only reduced motion is sent again when it changes.
  const initial = useRef({ source, reducedMotion, onContextLost, onFailure });

  useEffect(() => {
    const container = frame.current!;
    const { source, reducedMotion, onContextLost, onFailure } = initial.current;
    // A fresh canvas per worker: a canvas can hand over its drawing only once.
    const canvas = document.createElement('canvas');
    canvas.className = styles.workerCanvas!;
    canvas.setAttribute('aria-hidden', 'true');
    container.append(canvas);
    const offscreen = canvas.transferControlToOffscreen();
    let active = true;
    const fail = () => {
      if (active) onFailure();
    };
    failed.current = fail;
    const bridge = createWorkerBridge<Api>({
      start: () =>
        new Worker(new URL('./grid-render.worker.ts', import.meta.url), {
          type: 'module',
          name: 'grid-render',
        }),
      name: 'The grid renderer',
      onFailure: fail,
    });
    renderer.current = bridge;
    const { api } = bridge;

    const box = container.getBoundingClientRect();

    api
      .start(
        transfer(offscreen, [offscreen]),
        {
          width: box.width,
          height: box.height,
          devicePixelRatio: window.devicePixelRatio,
          reducedMotion,
          view: gridViewFields(source.getState()),
        },
        bridge.callback(() => {
          if (active) onContextLost();
        }),
      )
      .catch(fail);

    const resizes = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      api.resize({ width, height, devicePixelRatio: window.devicePixelRatio }).catch(fail);
    });
    resizes.observe(container);

    // The scene reads a few fields of the view: those that changed go to the worker, at most
    // once per frame (at 10,000 boxes each post copies the slips; the worker draws only the
    // latest state anyway).
    const unsubscribe = sendChangesPerFrame(source, (changes) => {
      api.update(changes).catch(fail);
    });

    return () => {
      active = false;
      unsubscribe();
      resizes.disconnect();
      bridge.terminate();
      canvas.remove();
      renderer.current = null;
    };
  }, []);

  useEffect(() => {
    if (renderer.current?.started)
      renderer.current.api.setReducedMotion(reducedMotion).catch(failed.current);
  }, [reducedMotion]);

  return <div ref={frame} className={styles.canvas} />;
}
