// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { layoutText } from './geometry.ts';

type Point = [number, number];

/** The polygons and circles of an SVG path as drawn by layoutText, one string each. */
const shapes = (path: string) => path.split('Z').filter((part) => part !== '');

/** The corner points of one polygon (`M x y L x y …`). */
const corners = (polygon: string): Point[] =>
  [...polygon.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]);

/**
 * Every segment of a cell at the left edge, worked out by hand from the cell's design: 62 × 100
 * units, strokes 9 thick (4.5 either side of their line) with pointed ends, 1.6 units of gap
 * where two segments meet.
 * - Outer bars lie on the lines x = 4.5, x = 57.5 (62 − 4.5), y = 4.5, y = 50 and y = 95.5, and
 *   stop 4.5 + 1.6 = 6.1 from the corners and 1.6 from the middle (y = 48.4 and 51.6).
 * - The middle bars stop 4.5 + 1.6 from the centre line x = 31: at 24.9 and 37.1.
 * - The centre stroke runs inside the outer bars: its ends lie 9 + 1.6 − 4.5 = 6.1 from the top
 *   and the bottom.
 * - Each diagonal fills the box between the outer bars (9 + 1.6 = 10.6 in from the edges) and the
 *   centre's bars (x 24.9 or 37.1, y 43.9 or 56.1): 14.3 wide and 33.3 tall, its corner-to-corner
 *   line hypot(14.3, 33.3) = 36.2406 long. A stroke 9 thick cuts that box's edges
 *   4.5 × 36.2406 / 33.3 = 4.897 along the horizontal edges and 4.5 × 36.2406 / 14.3 = 11.404
 *   along the vertical ones (rounded to two decimals as drawn).
 */
// prettier-ignore
const CELL: Record<string, Point[]> = {
  a: [[6.1, 4.5], [10.6, 0], [51.4, 0], [55.9, 4.5], [51.4, 9], [10.6, 9]],
  b: [[57.5, 6.1], [62, 10.6], [62, 43.9], [57.5, 48.4], [53, 43.9], [53, 10.6]],
  c: [[57.5, 51.6], [62, 56.1], [62, 89.4], [57.5, 93.9], [53, 89.4], [53, 56.1]],
  d: [[6.1, 95.5], [10.6, 91], [51.4, 91], [55.9, 95.5], [51.4, 100], [10.6, 100]],
  e: [[4.5, 51.6], [9, 56.1], [9, 89.4], [4.5, 93.9], [0, 89.4], [0, 56.1]],
  f: [[4.5, 6.1], [9, 10.6], [9, 43.9], [4.5, 48.4], [0, 43.9], [0, 10.6]],
  g1: [[6.1, 50], [10.6, 45.5], [20.4, 45.5], [24.9, 50], [20.4, 54.5], [10.6, 54.5]],
  g2: [[37.1, 50], [41.6, 45.5], [51.4, 45.5], [55.9, 50], [51.4, 54.5], [41.6, 54.5]],
  // Upper left, falling from the corner (10.6, 10.6) to (24.9, 43.9).
  h: [[10.6, 10.6], [15.5, 10.6], [24.9, 32.5], [24.9, 43.9], [20, 43.9], [10.6, 22]],
  i: [[31, 6.1], [35.5, 10.6], [35.5, 89.4], [31, 93.9], [26.5, 89.4], [26.5, 10.6]],
  // Upper right, rising from (37.1, 43.9) to the corner (51.4, 10.6).
  j: [[51.4, 10.6], [46.5, 10.6], [37.1, 32.5], [37.1, 43.9], [42, 43.9], [51.4, 22]],
  // Lower left, rising from the corner (10.6, 89.4) to (24.9, 56.1).
  k: [[24.9, 56.1], [20, 56.1], [10.6, 78], [10.6, 89.4], [15.5, 89.4], [24.9, 67.5]],
  // Lower right, falling from (37.1, 56.1) to the corner (51.4, 89.4).
  l: [[37.1, 56.1], [42, 56.1], [51.4, 78], [51.4, 89.4], [46.5, 89.4], [37.1, 67.5]],
};

const shifted = (points: Point[], dx: number): Point[] =>
  points.map(([x, y]) => [Math.round((x + dx) * 100) / 100, y]);

/** The polygons of some segments of a cell that starts at x, in any order. */
const segmentsAt = (ids: string, x = 0) =>
  ids
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => shifted(CELL[id]!, x));

const sortShapes = (polygons: Point[][]) => polygons.map((points) => JSON.stringify(points)).sort();

/** A dot of radius 6 centred at (cx, cy), as an SVG path of two half-circle arcs. */
const dot = (cx: number, cy: number) => `M${cx - 6} ${cy}a6 6 0 1 0 12 0a6 6 0 1 0 -12 0`;

describe('cell geometry', () => {
  it('draws all thirteen segments of a blank cell where the design puts them', () => {
    const blank = layoutText(' ');
    expect(blank.litPath).toBe('');
    expect(sortShapes(shapes(blank.unlitPath).map(corners))).toEqual(
      sortShapes(segmentsAt('a b c d e f g1 g2 h i j k l')),
    );
  });

  it('makes every diagonal a stroke 9 thick along its box from corner to corner', () => {
    // The two long edges lie 4.5 either side of the line between the box's corners.
    for (const id of ['h', 'j', 'k', 'l']) {
      const points = CELL[id]!;
      const [[x0, y0], [x1, y1]] = [points[0]!, points[3]!];
      const length = Math.hypot(x1 - x0, y1 - y0);
      const distance = ([x, y]: Point) =>
        Math.abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length;
      for (const index of [1, 2, 4, 5]) {
        expect(distance(points[index]!), `${id} corner ${index}`).toBeCloseTo(4.5, 1);
      }
    }
  });

  it('splits each character between its lit and its unlit segments', () => {
    const t = layoutText('T');
    expect(sortShapes(shapes(t.litPath).map(corners))).toEqual(sortShapes(segmentsAt('a i')));
    expect(sortShapes(shapes(t.unlitPath).map(corners))).toEqual(
      sortShapes(segmentsAt('b c d e f g1 g2 h j k l')),
    );
  });

  it('writes each polygon as a move to its first corner and lines to the rest, closed, one after another', () => {
    // 8 leaves the diagonals and the centre stroke unlit, in the order h i j k l; the corners are
    // those of the design above, written out.
    expect(layoutText('8').unlitPath).toBe(
      'M10.6 10.6L15.5 10.6L24.9 32.5L24.9 43.9L20 43.9L10.6 22Z' +
        'M31 6.1L35.5 10.6L35.5 89.4L31 93.9L26.5 89.4L26.5 10.6Z' +
        'M51.4 10.6L46.5 10.6L37.1 32.5L37.1 43.9L42 43.9L51.4 22Z' +
        'M24.9 56.1L20 56.1L10.6 78L10.6 89.4L15.5 89.4L24.9 67.5Z' +
        'M37.1 56.1L42 56.1L51.4 78L51.4 89.4L46.5 89.4L37.1 67.5Z',
    );
    // 1 after a blank: b and c of the second cell, 62 + 14 = 76 to the right.
    expect(layoutText(' 1')).toMatchObject({
      width: 138,
      litPath:
        'M133.5 6.1L138 10.6L138 43.9L133.5 48.4L129 43.9L129 10.6Z' +
        'M133.5 51.6L138 56.1L138 89.4L133.5 93.9L129 89.4L129 56.1Z',
    });
  });

  it('moves each later cell right by a cell and its spacing (62 + 14)', () => {
    const text = layoutText('T7X');
    expect(text.width).toBe(3 * 62 + 2 * 14);
    expect(sortShapes(shapes(text.litPath).map(corners))).toEqual(
      sortShapes([...segmentsAt('a i'), ...segmentsAt('a b c', 76), ...segmentsAt('h j k l', 152)]),
    );
  });

  it('draws colon and dot as dots of radius 6 in an 18-unit cell, 7 units from their neighbours', () => {
    // Colon: dots at 30% and 70% of the height; dot: resting on the baseline (100 − 6).
    expect(layoutText(':')).toEqual({
      width: 18,
      litPath: `${dot(9, 30)}Z${dot(9, 70)}Z`,
      unlitPath: `${dot(9, 94)}Z`,
      unsupported: [],
    });
    expect(layoutText('.').litPath).toBe(`${dot(9, 94)}Z`);
    // 1, then the colon's cell from 62 + 7 = 69 (centre 78), then 0 from 69 + 18 + 7 = 94.
    const time = layoutText('1:0.');
    expect(time.width).toBe(62 + 7 + 18 + 7 + 62 + 7 + 18);
    expect(shapes(time.litPath).filter((shape) => shape.includes('a'))).toEqual([
      dot(78, 30),
      dot(78, 70),
      dot(94 + 62 + 7 + 9, 94),
    ]);
    expect(
      sortShapes(
        shapes(time.litPath)
          .filter((shape) => !shape.includes('a'))
          .map(corners),
      ),
    ).toEqual(sortShapes([...segmentsAt('b c'), ...segmentsAt('a b c d e f j k', 94)]));
  });
});
