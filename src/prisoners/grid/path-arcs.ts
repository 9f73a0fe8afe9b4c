import * as THREE from 'three';
import { BOX_HEIGHT, DEFAULT_LAYOUT } from './layout.ts';
import type { Placement } from './ring-layout.ts';

const TUBE_RADIUS = 0.05;
/** Arcs kept for reuse beyond the walk on screen: enough for a few walks of a large board. */
const SPARE_ARCS = 2048;

/**
 * The tube's radius for a board framed `viewWidth` units across, zoomed `zoomScale` times: as
 * thick on screen as on the specification's board at the overview, never thinner, so the path
 * stays visible however small the boxes; in steps of √2, so zooming rebuilds arcs rarely.
 */
export function tubeRadiusFor(viewWidth: number, zoomScale: number): number {
  const ratio = viewWidth / DEFAULT_LAYOUT.viewWidth / zoomScale;
  if (ratio <= 1) return TUBE_RADIUS;
  return TUBE_RADIUS * Math.SQRT2 ** Math.round(Math.log2(ratio) * 2);
}
const SEGMENTS_PER_ARC = 20;
const RADIAL_SEGMENTS = 6;

export interface PathArcs {
  /** Holds one mesh per arc walked so far in the longest walk shown, hidden while unused. */
  group: THREE.Group;
  /**
   * Shows arcs from each opened box to the next, in the order they were opened, between the
   * boxes' `placements`. Arcs are cached per `layout`, a key that must change whenever the
   * placements or the board do: a new key starts the cache afresh. `radius` is the tube's
   * (tubeRadiusFor); a new radius also starts afresh.
   */
  show(
    opened: ArrayLike<number>,
    placements: readonly Placement[],
    layout: unknown,
    radius: number,
  ): void;
  /** Hides every arc. */
  hide(): void;
  dispose(): void;
}

/**
 * The current prisoner's path as arcs from box to box. Every arc is its own small tube, built the
 * first time it is walked in a layout and then reused, so a path that grows by one box costs one
 * arc, not a rebuild of the whole tube (which took most of a frame's script time at top speed).
 */
export function createPathArcs(material: THREE.Material): PathArcs {
  const group = new THREE.Group();
  const placeholder = new THREE.BufferGeometry();
  // Grows to the longest walk shown (k − 1 arcs at most), so k may be anything up to n.
  const meshes: THREE.Mesh[] = [];
  const meshFor = (arc: number) => {
    while (meshes.length <= arc) {
      const mesh = new THREE.Mesh(placeholder, material);
      mesh.visible = false;
      group.add(mesh);
      meshes.push(mesh);
    }
    return meshes[arc]!;
  };
  const arcs = new Map<number, THREE.TubeGeometry>();
  let cachedLayout: unknown = null;
  let cachedRadius = TUBE_RADIUS;

  const hide = () => {
    for (const mesh of meshes) {
      mesh.geometry = placeholder;
      mesh.visible = false;
    }
  };
  const forget = () => {
    hide();
    for (const geometry of arcs.values()) geometry.dispose();
    arcs.clear();
  };

  return {
    group,
    show(opened, placements, layout, radius) {
      if (layout !== cachedLayout || radius !== cachedRadius) {
        forget();
        cachedLayout = layout;
        cachedRadius = radius;
      }
      const arcCount = Math.max(0, opened.length - 1);
      for (let i = arcCount; i < meshes.length; i++) {
        meshes[i]!.geometry = placeholder;
        meshes[i]!.visible = false;
      }
      for (let i = 0; i < arcCount; i++) {
        const mesh = meshFor(i);
        const from = opened[i]!;
        const to = opened[i + 1]!;
        mesh.visible = true;
        const key = from * placements.length + to; // one key per ordered pair of boxes
        let geometry = arcs.get(key);
        if (!geometry) {
          const start = placements[from]!;
          const end = placements[to]!;
          geometry = new THREE.TubeGeometry(
            arcCurve(start, end),
            SEGMENTS_PER_ARC,
            radius * Math.max(0.5, Math.min(start.scale, end.scale)),
            RADIAL_SEGMENTS,
            false,
          );
          arcs.set(key, geometry);
        }
        mesh.geometry = geometry;
      }
      // A large board walks many more arcs than a walk shows: keep the cache bounded.
      if (arcs.size > arcCount + SPARE_ARCS) {
        const inUse = new Set(meshes.map((mesh) => mesh.geometry));
        for (const [key, geometry] of arcs) {
          if (inUse.has(geometry)) continue;
          geometry.dispose();
          arcs.delete(key);
        }
      }
    },
    hide,
    dispose() {
      forget();
      placeholder.dispose();
    },
  };
}

/** A hop from one box to another, higher the further it goes. */
function arcCurve(start: Placement, end: Placement): THREE.QuadraticBezierCurve3 {
  const lift = BOX_HEIGHT * Math.max(start.scale, end.scale) + 0.05;
  const distance = Math.hypot(end.x - start.x, end.z - start.z);
  return new THREE.QuadraticBezierCurve3(
    new THREE.Vector3(start.x, lift, start.z),
    new THREE.Vector3((start.x + end.x) / 2, lift + 0.25 + distance * 0.22, (start.z + end.z) / 2),
    new THREE.Vector3(end.x, lift, end.z),
  );
}
