// @vitest-environment node
import { OrthographicCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  ELEVATION,
  LID_TOP,
  STAGE_ASPECT,
  boxPosition,
  columnsFor,
  gridLayout,
} from './layout.ts';

/** The smallest c with c·c ≥ n, counted up one by one. */
function leastSquareSide(n: number): number {
  let c = 1;
  while (c * c < n) c++;
  return c;
}

/** The camera as the scene frames a board of n boxes on a stage `width` px wide. */
function cameraFor(n: number, width: number) {
  const layout = gridLayout(n);
  const height = width / STAGE_ASPECT;
  const camera = new OrthographicCamera(-width / 2, width / 2, height / 2, -height / 2, 0.1, 1e4);
  const distance = 20 + Math.max(layout.tableWidth, layout.tableDepth);
  camera.position.set(0, LID_TOP + distance * Math.sin(ELEVATION), distance * Math.cos(ELEVATION));
  camera.lookAt(0, LID_TOP, 0);
  camera.zoom = Math.min(width / layout.viewWidth, height / layout.viewHeight);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  return camera;
}

describe('grid layout at any size', () => {
  it('stands n boxes in ⌈√n⌉ columns and as few rows as hold them', () => {
    const wrong: number[] = [];
    for (let n = 1; n <= 10_000; n++) {
      const { columns, rows } = gridLayout(n);
      const fits = columns * rows >= n && (rows - 1) * columns < n;
      if (columns !== leastSquareSide(n) || !fits) wrong.push(n);
    }
    expect(wrong).toEqual([]);
    expect(columnsFor(10_000)).toBe(100);
    expect(columnsFor(1000)).toBe(32);
    expect([gridLayout(7).columns, gridLayout(7).rows]).toEqual([3, 3]);
    expect([gridLayout(1000).columns, gridLayout(1000).rows]).toEqual([32, 32]);
  });

  it('keeps the specification’s board as it was: 10 × 10, filling the stage', () => {
    expect(DEFAULT_LAYOUT).toBe(gridLayout(100));
    expect([DEFAULT_LAYOUT.columns, DEFAULT_LAYOUT.rows]).toEqual([10, 10]);
    expect(DEFAULT_LAYOUT.viewWidth / DEFAULT_LAYOUT.viewHeight).toBeCloseTo(STAGE_ASPECT, 12);
    expect(boxPosition(DEFAULT_LAYOUT, 0)).toEqual({ x: -4.5, z: -4.5 });
    expect(boxPosition(DEFAULT_LAYOUT, 99)).toEqual({ x: 4.5, z: 4.5 });
  });

  it.each([1, 2, 3, 7, 10, 99, 101, 1000, 9999, 10_000])(
    'puts the DOM twin’s cell of every box over its lid as the camera sees it (n = %i)',
    (n) => {
      const layout = gridLayout(n);
      const camera = cameraFor(n, 1000);
      const { left, top, width, height } = layout.overlay;
      const step = Math.max(1, Math.floor(n / 400));
      for (let box = 0; box < n; box += step) {
        const { x, z } = boxPosition(layout, box);
        const seen = new Vector3(x, LID_TOP, z).project(camera);
        const cell = {
          x: (left + ((box % layout.columns) + 0.5) * (width / layout.columns)) / 100,
          y: (top + (Math.floor(box / layout.columns) + 0.5) * (height / layout.rows)) / 100,
        };
        expect(Math.abs(cell.x - (seen.x + 1) / 2), `box ${box} across`).toBeLessThan(1e-9);
        expect(Math.abs(cell.y - (1 - seen.y) / 2), `box ${box} down`).toBeLessThan(1e-9);
      }
      // The whole grid is on the stage.
      expect(left).toBeGreaterThanOrEqual(0);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(left + width).toBeLessThanOrEqual(100 + 1e-9);
      expect(top + height).toBeLessThanOrEqual(100 + 1e-9);
    },
  );
});
