/**
 * The two famous variants of the puzzle. A helper who sees every slip may exchange the slips
 * of two boxes, once, before the first prisoner enters. A warden who knows the prisoners will
 * follow the slips lays them out as one single cycle, unless the prisoners secretly relabel
 * the boxes.
 */
import { cycleStructure } from './cycles.ts';
import { randomArrangement } from './permutation.ts';
import type { Rng } from './rng.ts';
import type { Variant } from './types.ts';

/** The arrangement with the slips of boxes `a` and `b` exchanged. */
export function swapSlips(slips: ArrayLike<number>, a: number, b: number): Int32Array {
  const swapped = Int32Array.from(slips);
  swapped[a] = slips[b] as number;
  swapped[b] = slips[a] as number;
  return swapped;
}

/**
 * The helper's best exchange: two boxes of the longest cycle, half its length apart, whose
 * slips exchanged split it into cycles of ⌈L/2⌉ and ⌊L/2⌋. Null when every cycle has one box.
 */
export function bestSwap(slips: ArrayLike<number>): [number, number] | null {
  // The longest cycle, walked from its smallest box: b₀ → b₁ → … → b_{L−1} → b₀.
  const longest = cycleStructure(slips).cycles[0]?.boxes;
  if (!longest || longest.length < 2) return null;
  // Exchanging the slips of b₀ and b_m leaves b₀ → b_{m+1} → … → b₀ (L − m boxes) and
  // b₁ → … → b_m → b₁ (m boxes).
  return [longest[0]!, longest[Math.floor(longest.length / 2)]!];
}

/**
 * The warden's arrangement: a uniformly random single cycle through all n boxes (Sattolo's
 * algorithm), so that every prisoner who follows the slips walks all n boxes.
 */
export function wardenArrangement(n: number, rng: Rng): Int32Array {
  const slips = Int32Array.from({ length: n }, (_, box) => box);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.nextBelow(i);
    const held = slips[i] as number;
    slips[i] = slips[j] as number;
    slips[j] = held;
  }
  return slips;
}

/**
 * One deal of a variant, drawn from `rng` in this order: the arrangement of n boxes and, in the
 * warden's variant, the prisoners' secret relabelling.
 */
export function dealFor(
  variant: Variant,
  n: number,
  rng: Rng,
): { slips: Int32Array; secret: Int32Array | null } {
  if (variant !== 'warden') return { slips: randomArrangement(n, rng), secret: null };
  const slips = wardenArrangement(n, rng);
  return { slips, secret: secretLabels(n, rng) };
}

/** The prisoners' secret relabelling: a uniformly random name for every box. */
export function secretLabels(n: number, rng: Rng): Int32Array {
  return randomArrangement(n, rng);
}

/** What the prisoners call each box under a relabelling: names[box] = n where labels[n] = box. */
export function namesOfBoxes(labels: ArrayLike<number>): Int32Array {
  const names = new Int32Array(labels.length);
  for (let name = 0; name < labels.length; name++) names[labels[name] as number] = name;
  return names;
}

/**
 * Where the slips lead through a relabelling: after box b the strategy opens the box called
 * by b's slip. With a uniform relabelling this is a uniform arrangement, whatever the slips.
 */
export function routeThrough(
  slips: ArrayLike<number>,
  labels: ArrayLike<number> | null,
): Int32Array {
  if (!labels) return Int32Array.from(slips);
  // A plain loop: Int32Array.from with a mapping function is several times slower at n = 10,000.
  const route = new Int32Array(slips.length);
  for (let box = 0; box < slips.length; box++) route[box] = labels[slips[box] as number] as number;
  return route;
}
