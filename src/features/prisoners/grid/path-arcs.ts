import * as THREE from 'three';
import { BOX_HEIGHT, DEFAULT_LAYOUT } from './layout.ts';
import type { Placement } from './ring-layout.ts';

const TUBE_RADIUS = 0.05;
const SEGMENTS_PER_ARC = 20;
const RADIAL_SEGMENTS = 6;

/**
 * The tube's radius for a board framed `viewWidth` units across, zoomed `zoomScale` times: as
 * thick on screen as on the specification's board at the overview, never thinner, so the path
 * stays visible however small the boxes.
 */
export function tubeRadiusFor(viewWidth: number, zoomScale: number): number {
  return TUBE_RADIUS * Math.max(1, viewWidth / DEFAULT_LAYOUT.viewWidth / zoomScale);
}

export interface PathArcs {
  /** The path: one instanced mesh, one instance per arc. */
  group: THREE.Group;
  /**
   * Shows arcs from each opened box to the next, in the order they were opened, between the
   * boxes' `placements`. `layout` is a key that changes whenever the placements or the board do;
   * `radius` is the tube's (tubeRadiusFor).
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
 * GLSL that bends a straight tube template into the arc of one instance: a quadratic Bézier hop
 * from `arcFrom` to `arcTo` (table x, z and the box's scale), higher the further it goes (up to a
 * point), with
 * the tube's cross-section turned to follow it. Vertex positions of the template are (t, cos φ,
 * sin φ): how far along the arc, and where round the tube.
 */
const ARC_GLSL = `
  float arcLift = ${BOX_HEIGHT.toFixed(4)} * max(arcFrom.z, arcTo.z) + 0.05;
  vec3 arcStart = vec3(arcFrom.x, arcLift, arcFrom.y);
  vec3 arcEnd = vec3(arcTo.x, arcLift, arcTo.y);
  float arcDistance = length(arcEnd.xz - arcStart.xz);
  // Long hops of a large board rise no higher than the longest hop of the 100-box board.
  vec3 arcControl = (arcStart + arcEnd) * 0.5 + vec3(0.0, 0.25 + min(arcDistance, 13.0) * 0.22, 0.0);
  float arcT = position.x;
  float arcU = 1.0 - arcT;
  vec3 arcPoint = arcU * arcU * arcStart + 2.0 * arcU * arcT * arcControl + arcT * arcT * arcEnd;
  vec3 arcTangent = normalize(arcU * (arcControl - arcStart) + arcT * (arcEnd - arcControl));
  vec3 arcSide = normalize(vec3(arcStart.z - arcEnd.z, 0.0, arcEnd.x - arcStart.x));
  vec3 arcNormal = normalize(cross(arcSide, arcTangent));
  vec3 objectNormal = position.y * arcNormal + position.z * arcSide;
  arcPoint += arcRadius * objectNormal;
`;

/** A tube along x from 0 to 1 (position = (t, cos φ, sin φ)), to be bent by ARC_GLSL. */
function tubeTemplate(): THREE.InstancedBufferGeometry {
  const geometry = new THREE.InstancedBufferGeometry();
  const positions: number[] = [];
  for (let s = 0; s <= SEGMENTS_PER_ARC; s++) {
    for (let r = 0; r < RADIAL_SEGMENTS; r++) {
      const angle = (2 * Math.PI * r) / RADIAL_SEGMENTS;
      positions.push(s / SEGMENTS_PER_ARC, Math.cos(angle), Math.sin(angle));
    }
  }
  const indices: number[] = [];
  for (let s = 0; s < SEGMENTS_PER_ARC; s++) {
    for (let r = 0; r < RADIAL_SEGMENTS; r++) {
      const a = s * RADIAL_SEGMENTS + r;
      const b = s * RADIAL_SEGMENTS + ((r + 1) % RADIAL_SEGMENTS);
      const c = a + RADIAL_SEGMENTS;
      const d = b + RADIAL_SEGMENTS;
      indices.push(a, c, b, b, c, d);
    }
  }
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  return geometry;
}

/**
 * The current prisoner's path as arcs from box to box, all in one instanced draw: an arc is two
 * places and a radius, written once when it is first walked, so a path that grows by one box
 * costs one instance, and a walk of thousands of boxes is still one draw.
 */
export function createPathArcs(material: THREE.MeshLambertMaterial, boxes: number): PathArcs {
  const group = new THREE.Group();
  const geometry = tubeTemplate();
  // A walk opens at most n boxes: n − 1 arcs.
  const capacity = Math.max(1, boxes - 1);
  const from = new THREE.InstancedBufferAttribute(new Float32Array(3 * capacity), 3);
  const to = new THREE.InstancedBufferAttribute(new Float32Array(3 * capacity), 3);
  const radii = new THREE.InstancedBufferAttribute(new Float32Array(capacity), 1);
  geometry.setAttribute('arcFrom', from);
  geometry.setAttribute('arcTo', to);
  geometry.setAttribute('arcRadius', radii);
  geometry.instanceCount = 0;
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        '#include <common>\nattribute vec3 arcFrom;\nattribute vec3 arcTo;\nattribute float arcRadius;',
      )
      .replace('#include <beginnormal_vertex>', ARC_GLSL)
      .replace('#include <begin_vertex>', 'vec3 transformed = arcPoint;');
  };
  material.customProgramCacheKey = () => 'path-arc';
  const mesh = new THREE.Mesh(geometry, material);
  // The template's own bounds say nothing about where the arcs are.
  mesh.frustumCulled = false;
  mesh.visible = false;
  group.add(mesh);

  // The boxes each written arc joins, so only arcs that changed are written again.
  const written = new Int32Array(2 * capacity).fill(-1);
  let writtenFor: { layout: unknown; radius: number } = { layout: null, radius: 0 };

  return {
    group,
    show(opened, placements, layout, radius) {
      if (layout !== writtenFor.layout || radius !== writtenFor.radius) {
        written.fill(-1);
        writtenFor = { layout, radius };
      }
      const count = Math.min(capacity, Math.max(0, opened.length - 1));
      let first = count;
      let last = -1;
      for (let i = 0; i < count; i++) {
        const a = opened[i] as number;
        const b = opened[i + 1] as number;
        if (written[2 * i] === a && written[2 * i + 1] === b) continue;
        written[2 * i] = a;
        written[2 * i + 1] = b;
        const start = placements[a]!;
        const end = placements[b]!;
        from.setXYZ(i, start.x, start.z, start.scale);
        to.setXYZ(i, end.x, end.z, end.scale);
        radii.setX(i, radius * Math.max(0.5, Math.min(start.scale, end.scale)));
        first = Math.min(first, i);
        last = i;
      }
      if (last >= first) {
        for (const [attribute, size] of [
          [from, 3],
          [to, 3],
          [radii, 1],
        ] as const) {
          attribute.clearUpdateRanges();
          attribute.addUpdateRange(first * size, (last - first + 1) * size);
          attribute.needsUpdate = true;
        }
      }
      geometry.instanceCount = count;
      mesh.visible = count > 0;
    },
    hide() {
      mesh.visible = false;
    },
    dispose() {
      geometry.dispose();
    },
  };
}
