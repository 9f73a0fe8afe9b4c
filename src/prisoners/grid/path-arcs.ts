import * as THREE from 'three';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { BOX_HEIGHT } from './layout.ts';
import type { Placement } from './ring-layout.ts';

const TUBE_RADIUS = 0.05;
const SEGMENTS_PER_ARC = 20;
const RADIAL_SEGMENTS = 6;

export interface PathArcs {
  /** Holds one mesh per arc a prisoner can walk: GUESS_LIMIT − 1 of them, hidden until used. */
  group: THREE.Group;
  /**
   * Shows arcs from each opened box to the next, in the order they were opened, between the
   * boxes' `placements`. Arcs are cached per `layout`, a key that must change whenever the
   * placements or the board do: a new key starts the cache afresh.
   */
  show(opened: ArrayLike<number>, placements: readonly Placement[], layout: unknown): void;
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
  const meshes = Array.from({ length: GUESS_LIMIT - 1 }, () => {
    const mesh = new THREE.Mesh(new THREE.BufferGeometry(), material);
    mesh.visible = false;
    group.add(mesh);
    return mesh;
  });
  const placeholder = meshes[0]!.geometry;
  const arcs = new Map<number, THREE.TubeGeometry>();
  let cachedLayout: unknown = null;

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
    show(opened, placements, layout) {
      if (layout !== cachedLayout) {
        forget();
        cachedLayout = layout;
      }
      meshes.forEach((mesh, i) => {
        const from = opened[i];
        const to = opened[i + 1];
        mesh.visible = from !== undefined && to !== undefined;
        if (!mesh.visible) {
          mesh.geometry = placeholder;
          return;
        }
        const key = from! * PRISONER_COUNT + to!; // one key per ordered pair of boxes
        let geometry = arcs.get(key);
        if (!geometry) {
          const start = placements[from!]!;
          const end = placements[to!]!;
          geometry = new THREE.TubeGeometry(
            arcCurve(start, end),
            SEGMENTS_PER_ARC,
            TUBE_RADIUS * Math.max(0.5, Math.min(start.scale, end.scale)),
            RADIAL_SEGMENTS,
            false,
          );
          arcs.set(key, geometry);
        }
        mesh.geometry = geometry;
      });
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
