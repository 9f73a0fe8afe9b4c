import * as THREE from 'three';
import { cycleColour } from './palette.ts';
import { outOfReach, type Ring } from './ring-layout.ts';

const GUIDE_HEIGHT = 0.012;
const OUT_OF_REACH = new THREE.Color('#ff5a4e');

export interface RingGuides {
  group: THREE.Group;
  /**
   * Draws a circle under every ring in its cycle's colour and, on a ring longer than the guess
   * limit, a red band inside the ring along the boxes that a prisoner never opens when starting
   * from `startBox` (or from the ring's first box, on the rings without it).
   */
  show(rings: readonly Ring[], startBox: number): void;
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
    show(rings, startBox) {
      clear();
      rings.forEach((ring, index) => {
        const length = ring.boxes.length;
        if (length < 2) return;
        const width = Math.max(0.03, ring.radius * 0.05);
        add(
          new THREE.RingGeometry(ring.radius - width / 2, ring.radius + width / 2, 96),
          new THREE.MeshBasicMaterial({
            color: cycleColour(index),
            transparent: true,
            opacity: 0.7,
          }),
          ring,
        );
        const { first, count } = outOfReach(ring, startBox);
        if (count === 0) return;
        // On the table a place p stands at angle θ = ring.start + 2πp/length, drawn at −θ in x–y.
        const step = (2 * Math.PI) / length;
        const from = ring.start + (first - 0.5) * step;
        const sweep = count * step;
        // Just inside the ring, hugging the boxes: the middle of a ring is free, its outside
        // may be the table's edge.
        const outer = ring.radius - ring.boxSize * 0.75;
        const inner = outer - Math.max(0.12, ring.boxSize * 0.9);
        add(
          new THREE.RingGeometry(inner, outer, 96, 1, -from - sweep, sweep),
          new THREE.MeshBasicMaterial({ color: OUT_OF_REACH, transparent: true, opacity: 0.85 }),
          ring,
        );
      });
    },
    dispose: clear,
  };
}
