import * as THREE from 'three';

/**
 * Drawing some instances of a mesh apart from the rest: how the boxes and arcs near the view are
 * drawn alone (drawn-boxes.ts, path-arcs.ts). A copy of the geometry shares its shape and has
 * each per-instance attribute of its own; the chosen instances are gathered into its first ones.
 */

/**
 * A geometry sharing `source`'s index, groups and shape, with room for `instances` instances in a
 * per-instance attribute of its own for each of `source`'s: instanced as `source` is (an
 * InstancedBufferGeometry counts its own instances), never of its class (a BoxGeometry's
 * constructor would build a box of its own).
 */
export function instancedCopy(
  source: THREE.InstancedBufferGeometry,
  instances: number,
): THREE.InstancedBufferGeometry;
export function instancedCopy(
  source: THREE.BufferGeometry,
  instances: number,
): THREE.BufferGeometry;
export function instancedCopy(
  source: THREE.BufferGeometry,
  instances: number,
): THREE.BufferGeometry {
  const copy =
    source instanceof THREE.InstancedBufferGeometry
      ? new THREE.InstancedBufferGeometry()
      : new THREE.BufferGeometry();
  copy.setIndex(source.index);
  for (const [name, attribute] of Object.entries(source.attributes)) {
    copy.setAttribute(
      name,
      attribute instanceof THREE.InstancedBufferAttribute
        ? new THREE.InstancedBufferAttribute(
            new Float32Array(instances * attribute.itemSize),
            attribute.itemSize,
          )
        : attribute,
    );
  }
  for (const group of source.groups) copy.addGroup(group.start, group.count, group.materialIndex);
  return copy;
}

/**
 * Copies the instances `chosen` of `from` into the first instances of `to`, in order, and has
 * just those uploaded. Both attributes hold the same number of values per instance.
 */
export function gatherInstances(
  from: THREE.BufferAttribute,
  to: THREE.BufferAttribute,
  chosen: readonly number[],
): void {
  const size = from.itemSize;
  const source = from.array;
  const target = to.array;
  chosen.forEach((instance, i) => {
    for (let k = 0; k < size; k++) target[i * size + k] = source[instance * size + k]!;
  });
  to.clearUpdateRanges();
  to.addUpdateRange(0, chosen.length * size);
  to.needsUpdate = true;
}

/** Gathers the instances `chosen` of every per-instance attribute of `source` into `copy`'s. */
export function gatherGeometry(
  source: THREE.BufferGeometry,
  copy: THREE.BufferGeometry,
  chosen: readonly number[],
): void {
  for (const [name, attribute] of Object.entries(source.attributes)) {
    const own = copy.getAttribute(name);
    if (own !== attribute && own instanceof THREE.BufferAttribute) {
      gatherInstances(attribute as THREE.BufferAttribute, own, chosen);
    }
  }
}
