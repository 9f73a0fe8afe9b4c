import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { usePrisonerStore } from '../simulation/game-store.ts';
import {
  ZOOM_STEP,
  WHOLE_BOARD,
  bringIntoView,
  clampZoom,
  maxZoomFor,
  panBy,
  zoomAbout,
  zoomTransform,
} from './board-zoom.ts';
import { BOX_SIZE, ELEVATION, PITCH, gridLayout } from './layout.ts';
import { ringLayout } from './ring-layout.ts';
import buttons from '../../../components/buttons.module.css';
import styles from './box-grid.module.css';

/** The size the smallest box reaches at the largest zoom, in CSS pixels: a legible number, and
 * well over the 24 × 24 px a target needs (WCAG 2.2). */
const ZOOMED_BOX_PX = 44;
/** A press that moves less than this (CSS px) is a click, not a drag. */
const DRAG_THRESHOLD_PX = 6;
/** Room kept around a box that focus brings into view, as a fraction of the stage. */
const FOCUS_MARGIN = 0.06;

/** The width of an element in CSS pixels, followed as it resizes. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The largest zoom for the board as laid out now and a stage this wide: the one that brings the
 * smallest box (the DOM twin's button over it) to ZOOMED_BOX_PX.
 */
function useMaxZoom(stageWidth: number): number {
  const rings = usePrisonerStore((state) => state.rings);
  const cycles = usePrisonerStore((state) => state.cycles);
  const n = usePrisonerStore((state) => state.slips.length);
  return useMemo(() => {
    const pixelsPerUnit = stageWidth / gridLayout(n).viewWidth;
    // Rows are foreshortened by the camera's elevation: a box is shorter than it is wide.
    const boxScale = rings
      ? ringLayout(cycles.cycles).placements.reduce((least, p) => Math.min(least, p.scale), 1)
      : 1;
    const side = rings ? BOX_SIZE * boxScale : PITCH;
    return maxZoomFor(side * Math.sin(ELEVATION) * pixelsPerUnit, ZOOMED_BOX_PX);
  }, [rings, cycles, stageWidth, n]);
}

/** The stage's pointer, wheel and focus handling: drag to pan, pinch and Ctrl + wheel to zoom. */
function useZoomGestures(stage: RefObject<HTMLElement | null>, maxZoom: number) {
  const maxRef = useRef(maxZoom);
  useEffect(() => {
    maxRef.current = maxZoom;
    // A new layout or stage size may lower the limit: the view follows.
    const { zoom, setZoom } = usePrisonerStore.getState();
    const clamped = clampZoom(zoom, maxZoom);
    if (clamped.scale !== zoom.scale || clamped.x !== zoom.x || clamped.y !== zoom.y) {
      setZoom(clamped);
    }
  }, [maxZoom]);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const store = usePrisonerStore;
    const update = (next: (zoom: typeof WHOLE_BOARD) => typeof WHOLE_BOARD) => {
      const { zoom, setZoom } = store.getState();
      const changed = next(zoom);
      if (changed !== zoom) setZoom(changed);
    };
    const pointers = new Map<number, { x: number; y: number }>();
    let pressedAt: { x: number; y: number } | null = null;
    let dragging = false;
    let swallowClick = false;

    const relative = (clientX: number, clientY: number) => {
      const box = element.getBoundingClientRect();
      return { u: (clientX - box.left) / box.width, v: (clientY - box.top) / box.height, box };
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 1) {
        pressedAt = { x: event.clientX, y: event.clientY };
        dragging = false;
      }
    };
    const onPointerMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const current = { x: event.clientX, y: event.clientY };
      if (pointers.size >= 2) {
        // Pinch: the two fingers' distance sets the scale, their midpoint moves the view.
        const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)?.[1];
        pointers.set(event.pointerId, current);
        if (!other) return;
        const before = Math.hypot(previous.x - other.x, previous.y - other.y);
        const after = Math.hypot(current.x - other.x, current.y - other.y);
        const middle = relative((current.x + other.x) / 2, (current.y + other.y) / 2);
        const { box } = middle;
        dragging = true;
        update((zoom) => {
          const zoomed =
            before > 0 ? zoomAbout(zoom, after / before, middle.u, middle.v, maxRef.current) : zoom;
          return panBy(
            zoomed,
            (current.x - previous.x) / 2 / box.width,
            (current.y - previous.y) / 2 / box.height,
            maxRef.current,
          );
        });
        return;
      }
      pointers.set(event.pointerId, current);
      if (store.getState().zoom.scale === 1 || !pressedAt) return;
      if (!dragging) {
        if (Math.hypot(current.x - pressedAt.x, current.y - pressedAt.y) < DRAG_THRESHOLD_PX)
          return;
        dragging = true;
        element.setPointerCapture(event.pointerId);
      }
      const { box } = relative(current.x, current.y);
      update((zoom) =>
        panBy(
          zoom,
          (current.x - previous.x) / box.width,
          (current.y - previous.y) / box.height,
          maxRef.current,
        ),
      );
    };
    const onPointerEnd = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (pointers.size === 0) {
        // The click that ends a drag opens no box.
        swallowClick = dragging;
        dragging = false;
        pressedAt = null;
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    };
    const onWheel = (event: WheelEvent) => {
      // Ctrl + wheel (and a trackpad's pinch, which browsers send as one) zooms; the plain wheel
      // scrolls the page as everywhere else.
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const { u, v } = relative(event.clientX, event.clientY);
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0025));
      update((zoom) => zoomAbout(zoom, factor, u, v, maxRef.current));
    };
    const onFocusIn = (event: FocusEvent) => {
      // Keyboard focus (or a screen reader) moving to a box out of view pans the view to it.
      const target = event.target;
      if (!(target instanceof HTMLElement) || store.getState().zoom.scale === 1) return;
      const box = element.getBoundingClientRect();
      const shown = target.getBoundingClientRect();
      update((zoom) =>
        bringIntoView(
          zoom,
          {
            left: (shown.left - box.left) / box.width,
            right: (shown.right - box.left) / box.width,
            top: (shown.top - box.top) / box.height,
            bottom: (shown.bottom - box.top) / box.height,
          },
          FOCUS_MARGIN,
          maxRef.current,
        ),
      );
    };

    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerEnd);
    element.addEventListener('pointercancel', onPointerEnd);
    element.addEventListener('click', onClick, true);
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('focusin', onFocusIn);
    return () => {
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerEnd);
      element.removeEventListener('pointercancel', onPointerEnd);
      element.removeEventListener('click', onClick, true);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('focusin', onFocusIn);
    };
  }, [stage]);
}

/**
 * The board's frame, zoomable: `Zoom in`, `Zoom out` and `Show the whole board` below it, pinch
 * and Ctrl + wheel on it, a drag pans, and a box that takes focus is brought into view. The
 * canvas (`backdrop`) follows the store's zoom itself; the DOM twin (`children`) is transformed
 * here, so the two always agree.
 */
export function ZoomableStage({
  stage,
  className,
  backdrop,
  children,
  attributes,
}: {
  stage: RefObject<HTMLDivElement | null>;
  className: string | undefined;
  backdrop?: ReactNode;
  children: ReactNode;
  attributes?: Record<`data-${string}`, string | undefined>;
}) {
  const width = useWidth(stage);
  const maxZoom = useMaxZoom(width);
  useZoomGestures(stage, maxZoom);
  const zoom = usePrisonerStore((state) => state.zoom);
  const setZoom = usePrisonerStore((state) => state.setZoom);
  const zoomed = zoom.scale > 1;
  const atMost = zoom.scale >= maxZoom - 1e-9;

  return (
    <>
      <div
        ref={stage}
        className={className}
        data-zoomed={zoomed ? 'true' : undefined}
        {...attributes}
      >
        {backdrop}
        {/* No style at the overview: pre-rendered HTML carries no style attribute (the CSP). */}
        <div
          className={styles.zoomLayer}
          style={
            zoomed
              ? ({ transform: zoomTransform(zoom), '--zoom-scale': zoom.scale } as CSSProperties)
              : undefined
          }
        >
          {children}
        </div>
      </div>
      <div className={styles.zoomControls} role="group" aria-label="Zoom">
        <button
          type="button"
          className={buttons.secondary}
          aria-disabled={atMost ? 'true' : undefined}
          onClick={() => !atMost && setZoom(zoomAbout(zoom, ZOOM_STEP, 0.5, 0.5, maxZoom))}
        >
          Zoom in
        </button>
        <button
          type="button"
          className={buttons.secondary}
          aria-disabled={zoomed ? undefined : 'true'}
          onClick={() => zoomed && setZoom(zoomAbout(zoom, 1 / ZOOM_STEP, 0.5, 0.5, maxZoom))}
        >
          Zoom out
        </button>
        <button
          type="button"
          className={buttons.secondary}
          aria-disabled={zoomed ? undefined : 'true'}
          onClick={() => zoomed && setZoom(WHOLE_BOARD)}
        >
          Show the whole board
        </button>
      </div>
    </>
  );
}
