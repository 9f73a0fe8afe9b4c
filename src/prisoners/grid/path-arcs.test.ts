import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { createPathArcs } from './path-arcs.ts';
import type { Placement } from './ring-layout.ts';

// The grid written out: ten boxes a row, one unit apart, centred on the table, full size.
const grid: Placement[] = Array.from({ length: 100 }, (_, box) => ({
  x: (box % 10) - 4.5,
  z: Math.floor(box / 10) - 4.5,
  scale: 1,
}));
// Box height 0.3: an arc starts and ends 0.05 above a lid of a box at its scale.
const BOX_TOP = 0.3;

const material = new THREE.MeshBasicMaterial();
const visible = (arcs: ReturnType<typeof createPathArcs>) =>
  (arcs.group.children as THREE.Mesh[]).map((mesh) => mesh.visible);
const meshAt = (arcs: ReturnType<typeof createPathArcs>, i: number) =>
  arcs.group.children[i] as THREE.Mesh<THREE.TubeGeometry>;
const tube = (arcs: ReturnType<typeof createPathArcs>, i: number) => meshAt(arcs, i).geometry;
const curve = (arcs: ReturnType<typeof createPathArcs>, i: number) =>
  tube(arcs, i).parameters.path as THREE.QuadraticBezierCurve3;
const xyz = (v: THREE.Vector3) => [v.x, v.y, v.z];

/** Resolves true once `geometry` has been disposed. */
const disposed = (geometry: THREE.BufferGeometry) => {
  let done = false;
  geometry.addEventListener('dispose', () => (done = true));
  return () => done;
};

describe('path arcs', () => {
  it('holds 49 hidden arcs, one per hop a prisoner can make within 50 guesses', () => {
    const arcs = createPathArcs(material);
    expect(arcs.group.children).toHaveLength(49);
    expect(visible(arcs).every((shown) => !shown)).toBe(true);
    expect(meshAt(arcs, 0).material).toBe(material);
  });

  it('draws one arc per hop, in the order the boxes were opened, and hides the rest', () => {
    const arcs = createPathArcs(material);
    arcs.show([3, 17, 42], grid, 'grid');
    expect(visible(arcs)).toEqual([true, true, ...Array<boolean>(47).fill(false)]);
    // Box 3 is at (-1.5, -4.5), box 17 at (2.5, -3.5), box 42 at (-2.5, -0.5).
    const first = curve(arcs, 0);
    const lift = BOX_TOP + 0.05;
    expect(xyz(first.v0)).toEqual([-1.5, lift, -4.5]);
    expect(xyz(first.v2)).toEqual([2.5, lift, -3.5]);
    // Its middle control point: halfway, raised 0.25 plus 0.22 of the hop's length.
    const length = Math.hypot(4, 1);
    expect(first.v1.x).toBeCloseTo(0.5, 12);
    expect(first.v1.z).toBeCloseTo(-4, 12);
    expect(first.v1.y).toBeCloseTo(lift + 0.25 + 0.22 * length, 12);
    const second = curve(arcs, 1);
    expect(xyz(second.v0)).toEqual([2.5, lift, -3.5]);
    expect(xyz(second.v2)).toEqual([-2.5, lift, -0.5]);
    expect(second.v1.y).toBeCloseTo(lift + 0.25 + 0.22 * Math.hypot(5, 3), 12);
    expect(tube(arcs, 0).parameters).toMatchObject({
      tubularSegments: 20,
      radius: 0.05,
      radialSegments: 6,
      closed: false,
    });
  });

  it('draws a hop and its way back as two arcs, each from where it starts', () => {
    const arcs = createPathArcs(material);
    arcs.show([5, 6, 5], grid, 'grid');
    expect(tube(arcs, 0)).not.toBe(tube(arcs, 1));
    expect(curve(arcs, 0).v0.x).toBe(0.5);
    expect(curve(arcs, 1).v0.x).toBe(1.5);
    expect(curve(arcs, 1).v2.x).toBe(0.5);
  });

  it('sizes arcs to small boxes on the rings: lower, with a thinner tube but never below half', () => {
    const arcs = createPathArcs(material);
    const rings: Placement[] = grid.map((place) => ({ ...place, scale: 0.3 }));
    rings[1] = { x: 0, z: 0, scale: 0.8 };
    rings[2] = { x: 3, z: 4, scale: 0.7 };
    arcs.show([0, 1, 2], rings, 'rings');
    // From a box of scale 0.3 to one of 0.8: the tube keeps half its radius, the ends rise above
    // the taller box.
    expect(tube(arcs, 0).parameters.radius).toBeCloseTo(0.025, 12);
    expect(curve(arcs, 0).v0.y).toBeCloseTo(0.3 * 0.8 + 0.05, 12);
    expect(curve(arcs, 0).v2.y).toBeCloseTo(0.3 * 0.8 + 0.05, 12);
    // Between boxes of 0.8 and 0.7, the smaller sets the tube.
    expect(tube(arcs, 1).parameters.radius).toBeCloseTo(0.035, 12);
    expect(curve(arcs, 1).v1.y).toBeCloseTo(0.3 * 0.8 + 0.05 + 0.25 + 0.22 * 5, 12);
    expect(curve(arcs, 1).v1.x).toBeCloseTo(1.5, 12);
    expect(curve(arcs, 1).v1.z).toBeCloseTo(2, 12);
  });

  it('reuses an arc already built in the same layout, and builds afresh in a new one', () => {
    const arcs = createPathArcs(material);
    arcs.show([3, 17], grid, 'grid');
    const built = tube(arcs, 0);
    const gone = disposed(built);
    arcs.show([3, 17, 42], grid, 'grid');
    expect(tube(arcs, 0)).toBe(built);
    arcs.show([8, 3, 17], grid, 'grid');
    // The same hop at another place in the path is the same arc.
    expect(tube(arcs, 1)).toBe(built);
    expect(gone()).toBe(false);
    const moved = grid.map((place) => ({ ...place, x: place.x + 1 }));
    arcs.show([3, 17], moved, 'moved');
    expect(tube(arcs, 0)).not.toBe(built);
    expect(curve(arcs, 0).v0.x).toBe(-0.5);
    expect(gone()).toBe(true);
  });

  it('shows a path of fifty boxes with every arc, and a shorter one with fewer', () => {
    const arcs = createPathArcs(material);
    const path = Array.from({ length: 50 }, (_, i) => (i * 7) % 100);
    arcs.show(path, grid, 'grid');
    expect(visible(arcs).every(Boolean)).toBe(true);
    expect(curve(arcs, 48).v2.x).toBe(grid[path[49]!]!.x);
    arcs.show([path[0]!], grid, 'grid');
    expect(visible(arcs).some(Boolean)).toBe(false);
    // A hidden arc holds the one empty geometry, not an arc of an earlier path.
    const empty = tube(arcs, 0);
    expect((empty as THREE.BufferGeometry).getAttribute('position')).toBeUndefined();
    expect(new Set(arcs.group.children.map((mesh) => (mesh as THREE.Mesh).geometry)).size).toBe(1);
  });

  it('hides every arc on hide, and disposes every geometry on dispose', () => {
    const arcs = createPathArcs(material);
    arcs.show([3, 17, 42], grid, 'grid');
    const built = [tube(arcs, 0), tube(arcs, 1)].map(disposed);
    arcs.hide();
    expect(visible(arcs).some(Boolean)).toBe(false);
    expect(new Set(arcs.group.children.map((mesh) => (mesh as THREE.Mesh).geometry)).size).toBe(1);
    const placeholder = disposed(tube(arcs, 0));
    expect(built.map((gone) => gone())).toEqual([false, false]);
    arcs.dispose();
    expect(built.map((gone) => gone())).toEqual([true, true]);
    expect(placeholder()).toBe(true);
  });
});
