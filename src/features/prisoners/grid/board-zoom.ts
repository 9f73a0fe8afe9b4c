/**
 * The board's zoom and pan as one view transform, the same for the 3D canvas (a camera view
 * offset) and the DOM twin over it (a CSS transform), in units of the board's own frame, so that
 * it holds at any canvas size and for any number of boxes.
 *
 * A point p of the frame at the overview (0..1 across and down) is shown at
 * scale · (p − centre) + ½: `scale` 1 with the centre in the middle is the whole board.
 */
export interface BoardZoom {
  scale: number;
  /** The point of the frame shown at the middle of the stage, as fractions of its width and height. */
  x: number;
  y: number;
}

export const WHOLE_BOARD: BoardZoom = { scale: 1, x: 0.5, y: 0.5 };

/** How much one press of Zoom in or Zoom out changes the scale. */
export const ZOOM_STEP = 1.5;

/** Scales below this count as the whole board (floating-point dust from pinching). */
const WHOLE_EPSILON = 1e-3;

/** Keeps the scale within 1..maxScale and the view inside the frame: no empty margins. */
export function clampZoom(zoom: BoardZoom, maxScale: number): BoardZoom {
  const scale = Math.min(Math.max(zoom.scale, 1), Math.max(1, maxScale));
  if (scale < 1 + WHOLE_EPSILON) return WHOLE_BOARD;
  const half = 0.5 / scale;
  const clamp = (value: number) => Math.min(Math.max(value, half), 1 - half);
  return { scale, x: clamp(zoom.x), y: clamp(zoom.y) };
}

/**
 * Zooms by `factor` about a point of the stage (`u`, `v` as fractions of its width and height):
 * the frame point under it stays under it.
 */
export function zoomAbout(
  zoom: BoardZoom,
  factor: number,
  u: number,
  v: number,
  maxScale: number,
): BoardZoom {
  const scale = Math.min(Math.max(zoom.scale * factor, 1), Math.max(1, maxScale));
  const pointX = zoom.x + (u - 0.5) / zoom.scale;
  const pointY = zoom.y + (v - 0.5) / zoom.scale;
  return clampZoom(
    { scale, x: pointX - (u - 0.5) / scale, y: pointY - (v - 0.5) / scale },
    maxScale,
  );
}

/** Moves the view by a drag of (`du`, `dv`) stage widths and heights: the board follows the pointer. */
export function panBy(zoom: BoardZoom, du: number, dv: number, maxScale: number): BoardZoom {
  return clampZoom(
    { scale: zoom.scale, x: zoom.x - du / zoom.scale, y: zoom.y - dv / zoom.scale },
    maxScale,
  );
}

/** A rectangle on the stage as shown now, in fractions of the stage's width and height. */
export interface StageRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The smallest pan that brings a rectangle shown on the stage fully into view, with `margin`
 * (a fraction of the stage) to spare; the view is unchanged when it is already in view.
 */
export function bringIntoView(
  zoom: BoardZoom,
  rect: StageRect,
  margin: number,
  maxScale: number,
): BoardZoom {
  const shift = (low: number, high: number) => {
    if (high - low > 1 - 2 * margin) return (low + high) / 2 - 0.5;
    if (low < margin) return low - margin;
    if (high > 1 - margin) return high - (1 - margin);
    return 0;
  };
  const du = shift(rect.left, rect.right);
  const dv = shift(rect.top, rect.bottom);
  if (du === 0 && dv === 0) return zoom;
  return panBy(zoom, -du, -dv, maxScale);
}

/** The CSS transform of a layer the size of the stage (transform-origin at its top left). */
export function zoomTransform({ scale, x, y }: BoardZoom): string {
  if (scale === 1) return 'none';
  const percent = (value: number) => `${Number((value * 100).toFixed(4))}%`;
  return `translate(${percent(0.5 - scale * x)}, ${percent(0.5 - scale * y)}) scale(${scale})`;
}

/**
 * The camera's view offset for a canvas of `width` × `height` (three.js `setViewOffset`): the
 * canvas shows this window of a view `scale` times its size. Null at the overview.
 */
export function cameraViewOffset({ scale, x, y }: BoardZoom, width: number, height: number) {
  if (scale === 1) return null;
  return {
    fullWidth: width * scale,
    fullHeight: height * scale,
    offsetX: scale * x * width - width / 2,
    offsetY: scale * y * height - height / 2,
    width,
    height,
  };
}

/**
 * The largest useful scale: the one at which the smallest box, `smallestBoxPx` CSS pixels across
 * at the overview, is `targetPx` across, and never less than `ZOOM_STEP` squared.
 */
export function maxZoomFor(smallestBoxPx: number, targetPx: number): number {
  if (!(smallestBoxPx > 0)) return ZOOM_STEP * ZOOM_STEP;
  return Math.max(ZOOM_STEP * ZOOM_STEP, targetPx / smallestBoxPx);
}
