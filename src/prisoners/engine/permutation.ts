import type { Rng } from './rng.ts';

/**
 * Fisher–Yates, from the top: for i = n-1 down to 1, swap item i with a uniform j in 0..i.
 * Every permutation is equally likely. This exact order of draws is part of the contract:
 * a seed must give the same arrangement everywhere (grid, lab, command line).
 */
export function shuffleInPlace<T extends { length: number; [index: number]: number }>(
  items: T,
  rng: Rng,
): T {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    const held = items[i] as number;
    items[i] = items[j] as number;
    items[j] = held;
  }
  return items;
}

/** A uniformly random arrangement: `slips[box]` is the slip (0-based) inside box `box`. */
export function randomArrangement(n: number, rng: Rng): Int32Array {
  const slips = new Int32Array(n);
  for (let i = 0; i < n; i++) slips[i] = i;
  return shuffleInPlace(slips, rng);
}

/** Cycle lengths of a permutation: `lengths[i]` is the length of the cycle through i. */
export function cycleLengths(permutation: ArrayLike<number>): Int32Array {
  const n = permutation.length;
  const lengths = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (lengths[start] !== 0) continue;
    let length = 0;
    let at = start;
    do {
      length++;
      at = permutation[at] as number;
    } while (at !== start);
    at = start;
    do {
      lengths[at] = length;
      at = permutation[at] as number;
    } while (at !== start);
  }
  return lengths;
}
