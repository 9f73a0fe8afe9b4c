import * as THREE from 'three';
import { cycleColour } from './palette.ts';
import { outOfReach, type Ring } from './ring-layout.ts';

const GUIDE_HEIGHT = 0.012;
const OUT_OF_REACH = new THREE.Color('#ff5a4e');

export interface RingGuides {
  group: THREE.Group;
  /**
   * Draws a circle (or a coil's spiral) under every ring in its cycle's colour and, on a ring
   * longer than the guess limit `guesses`, a red band inside the ring along the boxes that a
   * prisoner never opens when starting from `startBox` (or from the ring's first box, on the
   * rings without it).
   */
  show(rings: readonly Ring[], startBox: number, guesses: number): void;
  dispose(): void;
}

/** The rings' guide circles and out-of-reach bands, lying on the table under the boxes. */
export function createRingGuides(): RingGuides {
  const group = new THREE.Group();
  const owned: { geometry: THREE.BufferGeometry; material: THREE.Material }[] = [];
  const clear = () => {
    for (const { geometry, material } of owned) {
      geometry.dispose();
      material.dispose();
    }
    owned.length = 0;
    group.clear();
  };
  const add = (geometry: THREE.BufferGeometry, material: THREE.Material, ring: Ring) => {
    const mesh = new THREE.Mesh(geometry, material);
    // Ring geometry lies in x–y; the table is x–z with z towards the viewer.
    mesh.rotation.x = -Math.PI / 2;
    mesh.position.set(ring.x, GUIDE_HEIGHT, ring.z);
    group.add(mesh);
    owned.push({ geometry, material });
  };

  return {
    group,
    show(rings, startBox, guesses) {
      clear();
      rings.forEach((ring, index) => {
        const length = ring.boxes.length;
        if (length < 2) return;
        if (ring.coil) {
          showCoil(ring, index, startBox, guesses, add);
          return;
        }
        const width = Math.max(0.03, ring.radius * 0.05);
        add(
          new THREE.RingGeometry(ring.radius - width / 2, ring.radius + width / 2, 96),
          guideMaterial(index),
          ring,
        );
        const { first, count } = outOfReach(ring, startBox, guesses);
        if (count === 0) return;
        // On the table a place p stands at angle θ = ring.start + 2πp/length, drawn at −θ in x–y.
        const step = (2 * Math.PI) / length;
        const from = ring.start + (first - 0.5) * step;
        const sweep = count * step;
        // Just inside the ring, hugging the boxes: the middle of a ring is free, its outside
        // may be the table's edge.
        const outer = ring.radius - ring.boxSize * 0.75;
        // A ring of two or three large boxes has no room inside for a band.
        if (outer <= 0.05) return;
        // A small ring of large boxes (a small board) has little room inside: the band narrows.
        const inner = Math.max(outer * 0.4, outer - Math.max(0.12, ring.boxSize * 0.9));
        add(
          new THREE.RingGeometry(inner, outer, 96, 1, -from - sweep, sweep),
          bandMaterial(),
          ring,
        );
      });
    },
    dispose: clear,
  };
}

/** A ring's guide, in the colour of its cycle. */
const guideMaterial = (cycle: number, side: THREE.Side = THREE.FrontSide) =>
  new THREE.MeshBasicMaterial({ color: cycleColour(cycle), transparent: true, opacity: 0.7, side });

/** The band over the boxes out of the current prisoner's reach. */
const bandMaterial = (side: THREE.Side = THREE.FrontSide) =>
  new THREE.MeshBasicMaterial({ color: OUT_OF_REACH, transparent: true, opacity: 0.85, side });

type AddMesh = (geometry: THREE.BufferGeometry, material: THREE.Material, ring: Ring) => void;

/** A coil's guide along its spiral and its out-of-reach band just inside it. */
function showCoil(ring: Ring, index: number, startBox: number, guesses: number, add: AddMesh) {
  const length = ring.boxes.length;
  const all = Array.from({ length }, (_, place) => place);
  const width = Math.max(0.03, ring.boxSize * 0.12);
  add(ribbon(ring, all, -width / 2, width / 2), guideMaterial(index, THREE.DoubleSide), ring);
  const { first, count } = outOfReach(ring, startBox, guesses);
  if (count === 0) return;
  // The band runs from the coil's end round to its start when the reach wraps: two pieces.
  const places = Array.from({ length: count }, (_, step) => (first + step) % length);
  const wrap = places.findIndex((place, step) => step > 0 && place === 0);
  const pieces = wrap > 0 ? [places.slice(0, wrap), places.slice(wrap)] : [places];
  for (const piece of pieces) {
    add(
      ribbon(
        ring,
        piece,
        ring.boxSize * 0.75,
        ring.boxSize * 0.75 + Math.max(0.12, ring.boxSize * 0.9),
      ),
      bandMaterial(THREE.DoubleSide),
      ring,
    );
  }
}

/**
 * A strip along consecutive places of a ring, from `near` to `far` inwards of them (towards the
 * ring's centre), reaching half a step past its first and last place; in the ring's own x–y
 * plane, as the guides are drawn.
 */
function ribbon(ring: Ring, places: readonly number[], near: number, far: number) {
  const at = (place: number) => ring.points[Math.min(Math.max(place, 0), ring.points.length - 1)]!;
  const inRange = (place: number) => place >= 0 && place < ring.points.length;
  // The ends: half way to the neighbouring place, or as far out again at the coil's own ends.
  const edge = (place: number, towards: number) => {
    const here = at(place);
    const step = inRange(towards) ? at(towards) : at(2 * place - towards);
    const sign = inRange(towards) ? 0.5 : -0.5;
    return { x: here.x + sign * (step.x - here.x), z: here.z + sign * (step.z - here.z) };
  };
  const first = places[0]!;
  const last = places[places.length - 1]!;
  const line = [edge(first, first - 1), ...places.map(at), edge(last, last + 1)];
  const positions = new Float32Array(line.length * 6);
  line.forEach(({ x, z }, i) => {
    const dx = x - ring.x;
    const dz = z - ring.z;
    const distance = Math.hypot(dx, dz) || 1;
    for (const [side, offset] of [
      [0, near],
      [1, far],
    ] as const) {
      const scale = 1 - offset / distance;
      // Table (x, z) is (x, −y) in the guides' plane.
      positions.set([dx * scale, -dz * scale, 0], i * 6 + side * 3);
    }
  });
  const indices: number[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const [a, b, c, d] = [2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3];
    indices.push(a, b, c, b, d, c);
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  return geometry;
}
