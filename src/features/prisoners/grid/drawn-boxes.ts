/**
 * Only the boxes the camera can show are drawn. A large board is opened zoomed in (its numbers
 * cannot be read at the overview), where a few hundred of its boxes are in view, yet every
 * instance of every mesh was drawn: at 10,000 boxes SwiftShader took 1.3–7 s a frame for them,
 * on the GPU process's main thread, which the page's compositor waits on. When fewer than half
 * the boxes are near the view, the boxes near it are copied, in order, into the first instances
 * of meshes of their own, and only those are drawn; the scene's update keeps writing every box
 * into the board's own meshes, which stay hidden meanwhile. Which boxes are near the view is
 * near-view.ts's; the path's arcs are culled the same way (path-arcs.ts).
 */
import * as THREE from 'three';
import type { SceneResources } from './scene-resources.ts';
import { gatherGeometry, gatherInstances, instancedCopy } from './gather-instances.ts';

export interface DrawnBoxes {
  bodies: THREE.InstancedMesh;
  lids: THREE.InstancedMesh;
  slips: THREE.InstancedMesh;
  /** Copies `boxes` of the board's meshes into the drawn ones, which then draw those alone. */
  show(boxes: readonly number[]): void;
  dispose(): void;
}

/** A mesh that draws copies of `source`'s instances: the same geometry, material and labels. */
function copyOf(source: THREE.InstancedMesh, boxes: number) {
  const mesh = new THREE.InstancedMesh(
    instancedCopy(source.geometry, boxes),
    source.material,
    boxes,
  );
  mesh.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(3 * boxes), 3);
  // Its instances are anywhere on the table: a bounding sphere from the first ones would be wrong.
  mesh.frustumCulled = false;
  mesh.visible = false;
  return mesh;
}

/** Drawn copies of the board's bodies, lids and slips (`resources`). */
export function createDrawnBoxes(resources: SceneResources): DrawnBoxes {
  const n = resources.boxes;
  const pairs = [resources.bodies, resources.lids, resources.slips].map(
    (source) => [source, copyOf(source, n)] as const,
  );
  const [bodies, lids, slips] = pairs.map(([, copy]) => copy) as [
    THREE.InstancedMesh,
    THREE.InstancedMesh,
    THREE.InstancedMesh,
  ];
  return {
    bodies,
    lids,
    slips,
    show(boxes) {
      for (const [source, copy] of pairs) {
        gatherInstances(source.instanceMatrix, copy.instanceMatrix, boxes);
        if (source.instanceColor && copy.instanceColor) {
          gatherInstances(source.instanceColor, copy.instanceColor, boxes);
        }
        gatherGeometry(source.geometry, copy.geometry, boxes);
        copy.count = boxes.length;
      }
    },
    dispose() {
      for (const [, copy] of pairs) {
        copy.geometry.dispose();
        copy.dispose();
      }
    },
  };
}
