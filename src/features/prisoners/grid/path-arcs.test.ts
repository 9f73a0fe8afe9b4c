// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { arcFade, createPathArcs, tubeRadiusFor } from './path-arcs.ts';
import { DEFAULT_LAYOUT } from './layout.ts';
import type { Placement } from './ring-layout.ts';

// The grid written out: ten boxes a row, one unit apart, centred on the table, full size.
const grid: Placement[] = Array.from({ length: 100 }, (_, box) => ({
  x: (box % 10) - 4.5,
  z: Math.floor(box / 10) - 4.5,
  scale: 1,
}));

type Arcs = ReturnType<typeof createPathArcs>;
const mesh = (arcs: Arcs) => arcs.group.children[0] as THREE.Mesh<THREE.InstancedBufferGeometry>;
const geometry = (arcs: Arcs) => mesh(arcs).geometry;
const attribute = (arcs: Arcs, name: string) =>
  geometry(arcs).getAttribute(name) as THREE.InstancedBufferAttribute;
/** Arc i as the shader reads it: from (x, z, scale), to (x, z, scale), and its radius. */
const arc = (arcs: Arcs, i: number) => ({
  from: [0, 1, 2].map((c) => attribute(arcs, 'arcFrom').array[3 * i + c]),
  to: [0, 1, 2].map((c) => attribute(arcs, 'arcTo').array[3 * i + c]),
  radius: attribute(arcs, 'arcRadius').array[i],
});
const updateRange = (arcs: Arcs, name: string) => attribute(arcs, name).updateRanges;

const newArcs = (boxes = 100) => createPathArcs(new THREE.MeshLambertMaterial(), boxes);

describe('path arcs', () => {
  it('is one hidden instanced mesh with room for the n − 1 hops of a walk through every box', () => {
    const arcs = newArcs(100);
    // The whole path, and the copy of its arcs near the view (drawn-boxes.ts).
    expect(arcs.group.children).toHaveLength(2);
    expect(arcs.group.children.map((child) => child.visible)).toEqual([false, false]);
    expect(geometry(arcs).instanceCount).toBe(0);
    expect(attribute(arcs, 'arcFrom').count).toBe(99);
    expect(attribute(arcs, 'arcTo').count).toBe(99);
    expect(attribute(arcs, 'arcRadius').count).toBe(99);
    // A board of one box still has a (never used) slot rather than an empty buffer.
    expect(attribute(newArcs(1), 'arcFrom').count).toBe(1);
    expect(attribute(newArcs(10_000), 'arcFrom').count).toBe(9_999);
  });

  it('holds a tube template of 20 segments round 6 sides, bent by the shader', () => {
    const arcs = newArcs();
    const positions = geometry(arcs).getAttribute('position');
    expect(positions.count).toBe(21 * 6);
    expect(geometry(arcs).getIndex()!.count).toBe(20 * 6 * 6);
    // Vertex (t, cos φ, sin φ): the first ring at t = 0, the last at t = 1, each on the unit circle.
    expect([positions.getX(0), positions.getY(0), positions.getZ(0)]).toEqual([0, 1, 0]);
    expect(positions.getX(20 * 6 + 3)).toBe(1);
    expect(positions.getY(3)).toBeCloseTo(-1, 12);
    // Vertex 6s + r is segment boundary s, side r. Each quad of the tube, between boundaries s
    // and s + 1 and sides r and r + 1 (round to 0 after 5), is two triangles.
    const index = Array.from(geometry(arcs).getIndex()!.array);
    expect(index.slice(0, 6)).toEqual([0, 6, 1, 1, 6, 7]);
    expect(index.slice(6, 12)).toEqual([1, 7, 2, 2, 7, 8]);
    // The last side closes the ring back to side 0.
    expect(index.slice(30, 36)).toEqual([5, 11, 0, 0, 11, 6]);
    // The next segment, then the last quad of the tube.
    expect(index.slice(36, 42)).toEqual([6, 12, 7, 7, 12, 13]);
    expect(index.slice(-6)).toEqual([119, 125, 114, 114, 125, 120]);
    const material = mesh(arcs).material as THREE.MeshLambertMaterial;
    const shader = {
      vertexShader: THREE.ShaderLib.lambert.vertexShader,
      fragmentShader: THREE.ShaderLib.lambert.fragmentShader,
      uniforms: {},
    } as unknown as Parameters<typeof material.onBeforeCompile>[0];
    // The renderer is not used in the rewrite.
    material.onBeforeCompile(shader, undefined as never);
    // The arcs' attributes are declared after the common chunk; the arc replaces the normal's
    // and the position's starts.
    expect(shader.vertexShader).toContain('#include <common>\nattribute vec3 arcFrom;');
    expect(shader.vertexShader.split('#include <common>')).toHaveLength(2);
    expect(shader.vertexShader).not.toContain('#include <beginnormal_vertex>');
    expect(shader.vertexShader).toContain('attribute float arcRadius;');
    expect(shader.vertexShader).toContain('vec3 transformed = arcPoint;');
    expect(shader.vertexShader).not.toContain('#include <begin_vertex>');
    // Lift: a box 0.3 tall at its scale, plus 0.05.
    expect(shader.vertexShader).toContain('0.3000 * max(arcFrom.z, arcTo.z) + 0.05');
    expect(material.customProgramCacheKey()).toBe('path-arc');
    // The arcs lie wherever the boxes are, not inside the template's bounds.
    expect(mesh(arcs).frustumCulled).toBe(false);
  });

  it('writes one arc per hop, in the order the boxes were opened, each from where it starts', () => {
    const arcs = newArcs();
    arcs.show([3, 17, 42], grid, 'grid', 0.05);
    expect(mesh(arcs).visible).toBe(true);
    expect(geometry(arcs).instanceCount).toBe(2);
    // Box 3 is at (-1.5, -4.5), box 17 at (2.5, -3.5), box 42 at (-2.5, -0.5).
    expect(arc(arcs, 0)).toEqual({
      from: [-1.5, -4.5, 1],
      to: [2.5, -3.5, 1],
      radius: Math.fround(0.05),
    });
    expect(arc(arcs, 1)).toEqual({
      from: [2.5, -3.5, 1],
      to: [-2.5, -0.5, 1],
      radius: Math.fround(0.05),
    });

    arcs.show([5, 6, 5], grid, 'grid', 0.05);
    expect(arc(arcs, 0)).toMatchObject({ from: [0.5, -4.5, 1], to: [1.5, -4.5, 1] });
    expect(arc(arcs, 1)).toMatchObject({ from: [1.5, -4.5, 1], to: [0.5, -4.5, 1] });
  });

  it('thins the tube for small ring boxes by the smaller box, never below half', () => {
    const arcs = newArcs();
    const rings: Placement[] = grid.map((place) => ({ ...place, scale: 0.3 }));
    rings[1] = { x: 0, z: 0, scale: 0.8 };
    rings[2] = { x: 3, z: 4, scale: 0.7 };
    arcs.show([0, 1, 2], rings, 'rings', 0.05);
    expect(arc(arcs, 0).from).toEqual([-4.5, -4.5, Math.fround(0.3)]);
    expect(arc(arcs, 0).radius).toBeCloseTo(0.025, 7);
    expect(arc(arcs, 1).radius).toBeCloseTo(0.035, 7);
    expect(arc(arcs, 1).to).toEqual([3, 4, Math.fround(0.7)]);
  });

  it('writes only the arcs that changed, and all of them again in a new layout or radius', () => {
    const arcs = newArcs();
    arcs.show([3, 17], grid, 'grid', 0.05);
    expect(updateRange(arcs, 'arcFrom')).toEqual([{ start: 0, count: 3 }]);
    arcs.show([3, 17, 42, 8], grid, 'grid', 0.05);
    // Arcs 1 and 2 are new; arc 0 is as it was.
    expect(updateRange(arcs, 'arcFrom')).toEqual([{ start: 3, count: 6 }]);
    expect(updateRange(arcs, 'arcRadius')).toEqual([{ start: 1, count: 2 }]);
    const names = ['arcFrom', 'arcTo', 'arcRadius'];
    const versions = () => names.map((name) => attribute(arcs, name).version);
    const before = versions();
    arcs.show([3, 17, 42, 8], grid, 'grid', 0.05);
    expect(versions()).toEqual(before);
    // A walk from another box into the same one: only its first arc is written, and sent.
    arcs.show([5, 17, 42, 8], grid, 'grid', 0.05);
    expect(versions()).toEqual(before.map((version) => version + 1));
    expect(arc(arcs, 0).from).toEqual([0.5, -4.5, 1]);
    expect(updateRange(arcs, 'arcTo')).toEqual([{ start: 0, count: 3 }]);
    // From the same box to another: the first two arcs.
    arcs.show([5, 42, 8], grid, 'grid', 0.05);
    expect(arc(arcs, 0).to).toEqual([-2.5, -0.5, 1]);
    expect(arc(arcs, 1)).toMatchObject({ from: [-2.5, -0.5, 1], to: [3.5, -4.5, 1] });
    expect(updateRange(arcs, 'arcFrom')).toEqual([{ start: 0, count: 6 }]);
    // Back to arc 0 from box 3 to box 17: only the new layout makes it be written again.
    arcs.show([3, 17, 42, 8], grid, 'grid', 0.05);

    const moved = grid.map((place) => ({ ...place, x: place.x + 1 }));
    arcs.show([3, 17], moved, 'moved', 0.05);
    expect(geometry(arcs).instanceCount).toBe(1);
    expect(arc(arcs, 0).from).toEqual([-0.5, -4.5, 1]);
    arcs.show([3, 17], moved, 'moved', 0.1);
    expect(arc(arcs, 0).radius).toBeCloseTo(0.1, 7);
  });

  it('shows nothing for a single box, hides on hide, and disposes its geometry', () => {
    const arcs = newArcs();
    const version = () => attribute(arcs, 'arcFrom').version;
    arcs.show([42], grid, 'grid', 0.05);
    expect(mesh(arcs).visible).toBe(false);
    expect(geometry(arcs).instanceCount).toBe(0);
    // Nothing to write: nothing sent.
    expect(version()).toBe(0);
    arcs.show([3, 17], grid, 'grid', 0.05);
    expect(version()).toBe(1);
    arcs.show([3, 17], grid, 'grid', 0.05);
    expect(version()).toBe(1);
    arcs.show([3, 17], grid, 'grid', 0.05);
    arcs.hide();
    expect(mesh(arcs).visible).toBe(false);
    let disposed = false;
    geometry(arcs).addEventListener('dispose', () => (disposed = true));
    arcs.dispose();
    expect(disposed).toBe(true);
  });

  it('keeps the tube as thick on screen as on the 100-box overview, never thinner', () => {
    const width = DEFAULT_LAYOUT.viewWidth;
    expect(tubeRadiusFor(width, 1)).toBe(0.05);
    // Zoomed in on the 100-box board: the boxes grow, the tube keeps its world size.
    expect(tubeRadiusFor(width, 4)).toBe(0.05);
    // A board framed ten times as wide: ten times the radius, until zoom makes up for it.
    expect(tubeRadiusFor(10 * width, 1)).toBeCloseTo(0.5, 12);
    expect(tubeRadiusFor(10 * width, 5)).toBeCloseTo(0.1, 12);
    expect(tubeRadiusFor(10 * width, 20)).toBe(0.05);
  });

  it('draws the latest 24 arcs in full and fades the 24 before them to a thread', () => {
    // Age 0 is the arc just walked.
    expect([0, 23].map(arcFade)).toEqual([0, 0]);
    expect([24, 35, 47, 48, 499].map(arcFade)).toEqual([1 / 24, 12 / 24, 1, 1, 1]);
    // Each arc knows its place in the walk: the shader counts its age from the arcs shown.
    const arcs = createPathArcs(new THREE.MeshLambertMaterial(), 100);
    expect(Array.from(attribute(arcs, 'arcIndex').array.slice(0, 4))).toEqual([0, 1, 2, 3]);
    expect(attribute(arcs, 'arcIndex').count).toBe(99);
  });

  it('draws only the arcs whose boxes span part of the view, when that leaves out most of them', () => {
    const arcs = newArcs(100);
    const near = arcs.group.children[1] as THREE.Mesh<THREE.InstancedBufferGeometry>;
    const nearAttribute = (name: string) =>
      near.geometry.getAttribute(name) as THREE.InstancedBufferAttribute;
    // A walk down the first column, then along the last row: boxes 0, 10, …, 90, 91, …, 99.
    const walk = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99];
    // The view: the top left corner, x < −3 and z < −3 (boxes 0, 1, 10, 11).
    const corner = { left: -10, right: -3, back: -10, front: -3 };
    arcs.show(walk, grid, 'grid', 0.05, corner);
    expect(mesh(arcs).visible).toBe(false);
    expect(near.visible).toBe(true);
    // Arcs 0 (box 0 to 10) and 1 (10 to 20) reach into the corner; the 16 others do not.
    expect(near.geometry.instanceCount).toBe(2);
    expect(Array.from(nearAttribute('arcIndex').array.slice(0, 2))).toEqual([0, 1]);
    expect(Array.from(nearAttribute('arcFrom').array.slice(0, 6))).toEqual([
      -4.5, -4.5, 1, -4.5, -3.5, 1,
    ]);
    expect(Array.from(nearAttribute('arcTo').array.slice(3, 6))).toEqual([-4.5, -2.5, 1]);
    // The last row right of x = −3: arcs 10 (box 91 to 92) to 17. Arc 9 (90 to 91) ends at
    // x = −3.5, and arc 8 (80 to 90) runs down the first column: both out.
    arcs.show(walk, grid, 'grid', 0.05, { left: -3, right: 10, back: 4, front: 10 });
    expect(near.geometry.instanceCount).toBe(8);
    expect(Array.from(nearAttribute('arcIndex').array.slice(0, 8))).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    // Nine of the eighteen, half of them: the whole path is drawn.
    arcs.show(walk, grid, 'grid', 0.05, { left: -4, right: 10, back: 4, front: 10 });
    expect([mesh(arcs).visible, near.visible]).toEqual([true, false]);
    // The whole table in view: the whole path is drawn.
    arcs.show(walk, grid, 'grid', 0.05, { left: -10, right: 10, back: -10, front: 10 });
    expect([mesh(arcs).visible, near.visible]).toEqual([true, false]);
    arcs.show(walk, grid, 'grid', 0.05, null);
    expect([mesh(arcs).visible, near.visible]).toEqual([true, false]);
    expect(geometry(arcs).instanceCount).toBe(18);
    arcs.hide();
    expect([mesh(arcs).visible, near.visible]).toEqual([false, false]);
  });
});
