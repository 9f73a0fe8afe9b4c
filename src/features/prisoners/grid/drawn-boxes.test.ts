// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { createDrawnBoxes } from './drawn-boxes.ts';
import type { SceneResources } from './scene-resources.ts';

describe('the boxes drawn apart', () => {
  it("copies the boxes' matrices, colours and labels into the first instances, and draws those", () => {
    const n = 6;
    const mesh = (labelled: boolean) => {
      const geometry = new THREE.BoxGeometry();
      if (labelled) {
        geometry.setAttribute(
          'label',
          new THREE.InstancedBufferAttribute(
            Float32Array.from({ length: 3 * n }, (_, i) => i),
            3,
          ),
        );
      }
      const made = new THREE.InstancedMesh(geometry, new THREE.MeshBasicMaterial(), n);
      for (let box = 0; box < n; box++) {
        made.setMatrixAt(box, new THREE.Matrix4().makeTranslation(box, 2 * box, 0));
        made.setColorAt(box, new THREE.Color(box / 10, 0, 0));
      }
      return made;
    };
    const resources = {
      boxes: n,
      bodies: mesh(false),
      lids: mesh(true),
      slips: mesh(true),
    } as unknown as SceneResources;
    const drawn = createDrawnBoxes(resources);
    expect([drawn.bodies.visible, drawn.lids.visible, drawn.slips.visible]).toEqual([
      false,
      false,
      false,
    ]);
    drawn.show([4, 1]);
    for (const copy of [drawn.bodies, drawn.lids, drawn.slips]) {
      expect(copy.count).toBe(2);
      const matrix = new THREE.Matrix4();
      copy.getMatrixAt(0, matrix);
      expect(new THREE.Vector3().setFromMatrixPosition(matrix).toArray()).toEqual([4, 8, 0]);
      copy.getMatrixAt(1, matrix);
      expect(new THREE.Vector3().setFromMatrixPosition(matrix).toArray()).toEqual([1, 2, 0]);
      expect(Array.from(copy.instanceColor!.array.slice(0, 6))).toEqual([
        Math.fround(0.4),
        0,
        0,
        Math.fround(0.1),
        0,
        0,
      ]);
      expect(copy.instanceMatrix.updateRanges).toEqual([{ start: 0, count: 32 }]);
    }
    // The labels go with their boxes: box 4's are 12, 13, 14.
    const labels = drawn.lids.geometry.getAttribute('label').array;
    expect(Array.from(labels.slice(0, 6))).toEqual([12, 13, 14, 3, 4, 5]);
    // The shape is the board's own, shared.
    expect(drawn.lids.geometry.getAttribute('position')).toBe(
      resources.lids.geometry.getAttribute('position'),
    );
    expect(drawn.lids.geometry.groups).toEqual(resources.lids.geometry.groups);
  });
});
