import type * as THREE from 'three';

/**
 * Copies the instances `chosen` of `from` into the first instances of `to`, in order, and has
 * just those uploaded: how the boxes and arcs near the view are drawn apart from the rest
 * (drawn-boxes.ts, path-arcs.ts). Both attributes hold the same number of values per instance.
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
