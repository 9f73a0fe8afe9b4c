import * as THREE from 'three';
import { BOX_HEIGHT, DEFAULT_LAYOUT, LID_SIZE } from './layout.ts';
import type { Placement } from './ring-layout.ts';
import type { TableRect } from './near-view.ts';
import { gatherGeometry, instancedCopy } from './gather-instances.ts';

const TUBE_RADIUS = 0.05;
const SEGMENTS_PER_ARC = 20;
const RADIAL_SEGMENTS = 6;

/**
 * A long walk would cover a large board in a mat of tubes: its latest FULL_ARCS arcs are drawn
 * in full, and the ones before them thin and fade over the next FADING_ARCS, down to a thread of
 * FADED_RADIUS of the tube at FADED_ALPHA, which still shows where the walk went.
 */
export const FULL_ARCS = 24;
export const FADING_ARCS = 24;
export const FADED_RADIUS = 0.4;
export const FADED_ALPHA = 0.3;

/** How far an arc `age` arcs before the latest has faded: 0 (in full) to 1 (a thread). */
export function arcFade(age: number): number {
  return Math.min(1, Math.max(0, (age - FULL_ARCS + 1) / FADING_ARCS));
}

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
   * `radius` is the tube's (tubeRadiusFor). With `near`, only the arcs whose boxes span part of
   * it are drawn, when that leaves out more than half of them.
   */
  show(
    opened: ArrayLike<number>,
    placements: readonly Placement[],
    layout: unknown,
    radius: number,
    near?: TableRect | null,
  ): void;
  /** Hides every arc. */
  hide(): void;
  dispose(): void;
}

/**
 * GLSL that bends a straight tube template into the arc of one instance: a quadratic Bézier hop
 * from the rim of `arcFrom`'s box to the rim of `arcTo`'s (table x, z and the box's scale),
 * higher the further it goes (up to a point), thinned and faded with its age in the walk
 * (`arcIndex` of `pathArcs`), with the tube's cross-section turned to follow it. Vertex positions of the template are (t, cos φ,
 * sin φ): how far along the arc, and where round the tube.
 */
const ARC_GLSL = `
  // As arcFade: 0 for the latest FULL_ARCS arcs, rising to 1 over the FADING_ARCS before them.
  float arcFaded = clamp((pathArcs - arcIndex - ${FULL_ARCS.toFixed(1)}) / ${FADING_ARCS.toFixed(1)}, 0.0, 1.0);
  vArcAlpha = mix(1.0, ${FADED_ALPHA.toFixed(2)}, arcFaded);
  float arcLift = ${BOX_HEIGHT.toFixed(4)} * max(arcFrom.z, arcTo.z) + 0.05;
  // The arc leaves its box at the rim and lands on the next one's, so it never crosses the slip
  // lying in an open box: a ray from a square's centre leaves it at half its side over the larger
  // of the ray's two components, as a share of the ray.
  vec2 arcRay = arcTo.xy - arcFrom.xy;
  float arcReach = max(max(abs(arcRay.x), abs(arcRay.y)), 1e-4);
  vec2 arcRimFrom = arcFrom.xy + arcRay * min(0.45, ${(LID_SIZE / 2).toFixed(4)} * arcFrom.z / arcReach);
  vec2 arcRimTo = arcTo.xy - arcRay * min(0.45, ${(LID_SIZE / 2).toFixed(4)} * arcTo.z / arcReach);
  vec3 arcStart = vec3(arcRimFrom.x, arcLift, arcRimFrom.y);
  vec3 arcEnd = vec3(arcRimTo.x, arcLift, arcRimTo.y);
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
  arcPoint += arcRadius * mix(1.0, ${FADED_RADIUS.toFixed(2)}, arcFaded) * objectNormal;
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
  // Arc i joins the i-th and (i + 1)-th boxes opened: its place in the walk, for its fade.
  const places = new THREE.InstancedBufferAttribute(
    Float32Array.from({ length: capacity }, (_, i) => i),
    1,
  );
  geometry.setAttribute('arcFrom', from);
  geometry.setAttribute('arcTo', to);
  geometry.setAttribute('arcRadius', radii);
  geometry.setAttribute('arcIndex', places);
  geometry.instanceCount = 0;
  // The arcs shown: the fade counts back from the latest.
  const shownArcs = { value: 0 };
  // Faded arcs blend with what is under them.
  material.transparent = true;
  material.onBeforeCompile = (shader) => {
    shader.uniforms.pathArcs = shownArcs;
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        '#include <common>\nattribute vec3 arcFrom;\nattribute vec3 arcTo;\nattribute float arcRadius;\nattribute float arcIndex;\nuniform float pathArcs;\nvarying float vArcAlpha;',
      )
      .replace('#include <beginnormal_vertex>', ARC_GLSL)
      .replace('#include <begin_vertex>', 'vec3 transformed = arcPoint;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying float vArcAlpha;')
      .replace(
        '#include <color_fragment>',
        '#include <color_fragment>\ndiffuseColor.a *= vArcAlpha;',
      );
  };
  material.customProgramCacheKey = () => 'path-arc';
  const mesh = new THREE.Mesh(geometry, material);
  // The template's own bounds say nothing about where the arcs are.
  mesh.frustumCulled = false;
  mesh.visible = false;
  group.add(mesh);

  // The arcs near the view, copied (with their place in the walk) into instances of their own.
  const nearGeometry = instancedCopy(geometry, capacity);
  nearGeometry.instanceCount = 0;
  const nearMesh = new THREE.Mesh(nearGeometry, material);
  nearMesh.frustumCulled = false;
  nearMesh.visible = false;
  group.add(nearMesh);

  /** Draws the arcs among the first `count` that may cross `near`, when they are under half. */
  const drawNear = (count: number, near: TableRect): boolean => {
    const shown: number[] = [];
    const f = from.array;
    const t = to.array;
    for (let i = 0; i < count; i++) {
      const x1 = f[3 * i]!;
      const z1 = f[3 * i + 1]!;
      const x2 = t[3 * i]!;
      const z2 = t[3 * i + 1]!;
      const crosses =
        Math.max(x1, x2) > near.left &&
        Math.min(x1, x2) < near.right &&
        Math.max(z1, z2) > near.back &&
        Math.min(z1, z2) < near.front;
      if (crosses) shown.push(i);
      if (2 * shown.length >= count) return false;
    }
    gatherGeometry(geometry, nearGeometry, shown);
    nearGeometry.instanceCount = shown.length;
    return true;
  };

  // The boxes each written arc joins, so only arcs that changed are written again.
  const written = new Int32Array(2 * capacity).fill(-1);
  let writtenFor: { layout: unknown; radius: number } = { layout: null, radius: 0 };

  return {
    group,
    show(opened, placements, layout, radius, near = null) {
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
      shownArcs.value = count;
      const culled = count > 0 && near !== null && drawNear(count, near);
      mesh.visible = count > 0 && !culled;
      nearMesh.visible = culled;
    },
    hide() {
      mesh.visible = false;
      nearMesh.visible = false;
    },
    dispose() {
      geometry.dispose();
      nearGeometry.dispose();
    },
  };
}
