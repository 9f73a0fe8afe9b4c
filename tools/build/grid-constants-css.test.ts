// @vitest-environment node
import { OrthographicCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  boxPosition,
  DEFAULT_LAYOUT,
  LID_TOP,
  ELEVATION,
} from '../../src/features/prisoners/grid/layout.ts';
import { CYCLE_COLOURS, PICKED_COLOUR } from '../../src/features/prisoners/grid/palette.ts';
import { gridConstantsCss } from './grid-constants-css.ts';

const css = gridConstantsCss();

/** The value of a custom property on :root, as written. */
function property(name: string): string {
  const match = new RegExp(`--${name}: ([^;]+);`).exec(css);
  if (!match) throw new Error(`--${name} missing`);
  return match[1]!;
}
const percent = (name: string) => Number(property(name).replace(/%$/, '')) / 100;

describe('grid constants as CSS', () => {
  it('puts every button of the DOM twin over the lid of its box as the camera sees it', () => {
    // A canvas of the stated aspect ratio, framed the way the scene frames it: an orthographic
    // camera looking down at ELEVATION, zoomed until the frame fills the canvas.
    const [frameWidth, frameHeight] = property('grid-aspect-ratio').split(' / ').map(Number) as [
      number,
      number,
    ];
    const width = 1000;
    const height = (width * frameHeight) / frameWidth;
    const camera = new OrthographicCamera(-width / 2, width / 2, height / 2, -height / 2, 0.1, 100);
    camera.position.set(0, LID_TOP + 20 * Math.sin(ELEVATION), 20 * Math.cos(ELEVATION));
    camera.lookAt(0, LID_TOP, 0);
    camera.zoom = Math.min(width / frameWidth, height / frameHeight);
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();

    const columns = Number(property('grid-columns'));
    const rows = Number(property('grid-rows'));
    expect(columns * rows).toBe(100);
    const [left, top] = [percent('grid-overlay-left'), percent('grid-overlay-top')];
    const [cellWidth, cellHeight] = [
      percent('grid-overlay-width') / columns,
      percent('grid-overlay-height') / rows,
    ];
    for (let box = 0; box < 100; box++) {
      const { x, z } = boxPosition(DEFAULT_LAYOUT, box);
      const seen = new Vector3(x, LID_TOP, z).project(camera);
      const button = {
        x: left + ((box % columns) + 0.5) * cellWidth,
        y: top + (Math.floor(box / columns) + 0.5) * cellHeight,
      };
      // Within a thousandth of the canvas: the percentages are rounded to four digits.
      expect(Math.abs(button.x - (seen.x + 1) / 2), `box ${box} across`).toBeLessThan(1e-3);
      expect(Math.abs(button.y - (1 - seen.y) / 2), `box ${box} down`).toBeLessThan(1e-3);
    }
  });

  it('gives each cycle colour its own rule, in palette order, and the picked box its colour', () => {
    const rules = [...css.matchAll(/\[data-cycle-colour='(\d+)'\] \{ --cycle-colour: (#\w+); \}/g)];
    expect(rules.map(([, index, colour]) => [Number(index), colour])).toEqual(
      CYCLE_COLOURS.map((colour, index) => [index, colour]),
    );
    // The picked box's colour in the DOM twin is the one the 3D scene paints it.
    expect(property('picked-colour')).toBe(PICKED_COLOUR);
  });
});
