import { describe, expect, it } from 'vitest';
import {
  WHOLE_BOARD,
  bringIntoView,
  cameraViewOffset,
  clampZoom,
  maxZoomFor,
  panBy,
  zoomAbout,
  zoomTransform,
  type BoardZoom,
} from './board-zoom.ts';

/** Where a point of the frame (fractions at the overview) is shown on the stage: the oracle. */
const shown = ({ scale, x, y }: BoardZoom, px: number, py: number): [number, number] => [
  scale * (px - x) + 0.5,
  scale * (py - y) + 0.5,
];

describe('board zoom', () => {
  it('keeps the frame point under the pointer while zooming about it', () => {
    const start: BoardZoom = { scale: 2, x: 0.4, y: 0.6 };
    // The frame point under (0.3, 0.7) of the stage.
    const [px, py] = [0.4 + (0.3 - 0.5) / 2, 0.6 + (0.7 - 0.5) / 2];
    const zoomed = zoomAbout(start, 1.5, 0.3, 0.7, 10);
    expect(zoomed.scale).toBe(3);
    const [u, v] = shown(zoomed, px, py);
    expect(u).toBeCloseTo(0.3, 12);
    expect(v).toBeCloseTo(0.7, 12);
  });

  it('stays between the whole board and the largest scale, with no empty margin', () => {
    expect(clampZoom({ scale: 0.5, x: 0.1, y: 0.9 }, 8)).toEqual(WHOLE_BOARD);
    expect(clampZoom({ scale: 20, x: 0, y: 1 }, 8)).toEqual({ scale: 8, x: 1 / 16, y: 15 / 16 });
    expect(zoomAbout(WHOLE_BOARD, 1 / 1.5, 0.5, 0.5, 8)).toEqual(WHOLE_BOARD);
  });

  it('moves the board with a drag, by exactly the drag', () => {
    const start: BoardZoom = { scale: 4, x: 0.5, y: 0.5 };
    const moved = panBy(start, 0.1, -0.05, 8);
    const [u0, v0] = shown(start, 0.45, 0.55);
    const [u1, v1] = shown(moved, 0.45, 0.55);
    expect(u1 - u0).toBeCloseTo(0.1, 12);
    expect(v1 - v0).toBeCloseTo(-0.05, 12);
  });

  it('brings a rectangle out of view to the edge, with the margin, and leaves one in view alone', () => {
    const start: BoardZoom = { scale: 4, x: 0.5, y: 0.5 };
    const moved = bringIntoView(start, { left: -0.3, right: -0.2, top: 1.1, bottom: 1.2 }, 0.05, 8);
    // The rectangle's frame points, shown again under the new view.
    const frame = (u: number, v: number) => [0.5 + (u - 0.5) / 4, 0.5 + (v - 0.5) / 4];
    const [left, top] = frame(-0.3, 1.1);
    const [right, bottom] = frame(-0.2, 1.2);
    const [newLeft, newTop] = shown(moved, left!, top!);
    const [newRight, newBottom] = shown(moved, right!, bottom!);
    expect(newLeft).toBeCloseTo(0.05, 12);
    expect(newRight).toBeCloseTo(0.15, 12);
    expect(newBottom).toBeCloseTo(0.95, 12);
    expect(newTop).toBeCloseTo(0.85, 12);
    const inside = { left: 0.2, right: 0.3, top: 0.4, bottom: 0.5 };
    expect(bringIntoView(start, inside, 0.05, 8)).toBe(start);
  });

  it('places a frame point at the same pixel through the camera and through CSS', () => {
    const zoom: BoardZoom = { scale: 3, x: 0.3, y: 0.7 };
    const [width, height] = [640, 560];
    const offset = cameraViewOffset(zoom, width, height)!;
    expect(zoomTransform(zoom)).toBe('translate(-40%, -160%) scale(3)');
    for (const [px, py] of [
      [0.3, 0.7],
      [0.1, 0.9],
      [0.45, 0.62],
    ] as const) {
      const [u, v] = shown(zoom, px, py);
      // The camera shows the window at offset of a view `scale` times the canvas.
      expect((px * offset.fullWidth - offset.offsetX) / width).toBeCloseTo(u!, 12);
      expect((py * offset.fullHeight - offset.offsetY) / height).toBeCloseTo(v!, 12);
      // CSS: translate by a share of the layer, then scale about its top left corner.
      expect(0.5 - 3 * 0.3 + 3 * px).toBeCloseTo(u!, 12);
    }
    expect(cameraViewOffset(WHOLE_BOARD, width, height)).toBeNull();
    expect(zoomTransform(WHOLE_BOARD)).toBe('none');
  });

  it('zooms far enough for the smallest box to reach the target size', () => {
    expect(maxZoomFor(5.5, 44)).toBe(8);
    expect(maxZoomFor(30, 44)).toBe(2.25);
    expect(maxZoomFor(0, 44)).toBe(2.25);
  });
});
