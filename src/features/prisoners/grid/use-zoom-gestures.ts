import { useEffect, useRef, type RefObject } from 'react';
import type { BoardSource } from './board-source.ts';
import { bringIntoView, clampZoom, panBy, zoomAbout, type BoardZoom } from './board-zoom.ts';
import { readingZoomFactor } from './opening-zoom.ts';

/** A press that moves less than this (CSS px) is a click, not a drag. */
const DRAG_THRESHOLD_PX = 6;
/** Room kept around a box that focus brings into view, as a fraction of the stage. */
const FOCUS_MARGIN = 0.06;

/** The stage's pointer, wheel and focus handling: drag to pan, pinch and Ctrl + wheel to zoom. */
export function useZoomGestures(
  source: BoardSource,
  stage: RefObject<HTMLElement | null>,
  maxZoom: number,
) {
  const maxRef = useRef(maxZoom);
  useEffect(() => {
    maxRef.current = maxZoom;
    // A new layout or stage size may lower the limit: the view follows.
    const { zoom } = source.getState();
    const clamped = clampZoom(zoom, maxZoom);
    if (clamped.scale !== zoom.scale || clamped.x !== zoom.x || clamped.y !== zoom.y) {
      source.setZoom(clamped);
    }
  }, [source, maxZoom]);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const update = (next: (zoom: BoardZoom) => BoardZoom) => {
      const { zoom } = source.getState();
      const changed = next(zoom);
      if (changed !== zoom) source.setZoom(changed);
    };
    const pointers = new Map<number, { x: number; y: number }>();
    let pressedAt: { x: number; y: number } | null = null;
    let dragging = false;
    let swallowClick = false;
    // The kind of pointer pressed last, for a browser whose click event does not say it.
    let pressedType = '';
    // From a press until its click: focus that a box takes then comes from the pointer.
    let pointerFocus = false;

    const relative = (clientX: number, clientY: number) => {
      const box = element.getBoundingClientRect();
      return { u: (clientX - box.left) / box.width, v: (clientY - box.top) / box.height, box };
    };

    const onPointerDown = (event: PointerEvent) => {
      pressedType = event.pointerType;
      pointerFocus = true;
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
      if (source.getState().zoom.scale === 1 || !pressedAt) return;
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
      // A press the browser took over (a scroll) ends in no click.
      if (event.type === 'pointercancel') pointerFocus = false;
      if (!pointers.delete(event.pointerId)) return;
      if (pointers.size === 0) {
        // The click that ends a drag opens no box; a drag or pinch gives no box focus.
        swallowClick = dragging;
        if (dragging) pointerFocus = false;
        dragging = false;
        pressedAt = null;
      }
    };
    const onClick = (event: MouseEvent) => {
      pointerFocus = false;
      if (swallowClick) {
        swallowClick = false;
        event.stopPropagation();
        event.preventDefault();
        return;
      }
      // A tap on a box too small to read zooms in on it rather than opening it: on a touch screen
      // a finger cannot aim at a box it cannot read, and opening one spends a guess.
      const type = 'pointerType' in event ? (event as PointerEvent).pointerType : pressedType;
      if (type !== 'touch' || event.detail === 0) return;
      const { u, v, box } = relative(event.clientX, event.clientY);
      const factor = readingZoomFactor(source.getState(), box.width);
      if (factor === null) return;
      const { zoom } = source.getState();
      const zoomed = zoomAbout(zoom, factor, u, v, maxRef.current);
      if (zoomed.scale <= zoom.scale) return;
      event.stopPropagation();
      event.preventDefault();
      source.setZoom(zoomed);
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
      // Keyboard focus (or a screen reader) moving to a box out of view pans the view to it. A
      // box pressed with a pointer stays where it is: panned away, it would leave the finger
      // before the click, and the tap would open nothing.
      const target = event.target;
      if (!(target instanceof HTMLElement) || source.getState().zoom.scale === 1) return;
      if (pointerFocus) return;
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
  }, [source, stage]);
}
