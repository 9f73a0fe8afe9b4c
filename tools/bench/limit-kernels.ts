/**
 * The speed limit the lab's kernels are measured against: the same statistical work written as
 * the fastest plain JavaScript we know, with nothing else to do (no tallies but the histogram, no
 * replay, no progress). Everything is hand-inlined and the sfc32 state lives in int32 locals.
 *
 * - literal: an inside-out Fisher–Yates shuffle builds a fresh arrangement per trial (no reset),
 *   with unbiased draws (Lemire on 24-bit words, exact for bounds up to 256), then one cycle scan
 *   that marks visited boxes in the arrangement itself and stops once the unvisited rest cannot
 *   hold a longer cycle. The arrangement is a Uint8Array, so n must be at most 255.
 * - fast: uniform cycle-length draws (the cycle through the smallest remaining box of a uniform
 *   permutation of m boxes has a length uniform on 1..m) until the rest cannot hold a longer one.
 *   Same draws, so n must be at most 256.
 *
 * Both kernels write out the sfc32 step and Lemire's rejection loop in full rather than share a
 * helper: a helper would keep the four state words outside the kernel's int32 locals (state read
 * from a closure or module variables measured up to 3.7× slower per draw), and the limit would
 * measure that cost instead of the work.
 */

/** A generator state for the limit kernels: sfc32 words a, b, c, d. */
export type LimitState = Int32Array;

/** sfc32 seeded from a 32-bit seed through splitmix32, with 12 warm-up rounds. */
export function limitState(seed: number): LimitState {
  const mix = (x: number): number => {
    x = (x + 0x9e3779b9) | 0;
    x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
    x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
    return x ^ (x >>> 15);
  };
  let a = mix(seed);
  let b = mix(a ^ 0x6a09e667);
  let c = mix(b ^ 0xbb67ae85);
  let d = 1;
  for (let i = 0; i < 12; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  return Int32Array.of(a, b, c, d);
}

/** `count` literal trials of n ≤ 255 prisoners; longest cycles are counted in `histogram`. */
export function limitLiteral(
  n: number,
  count: number,
  state: LimitState,
  histogram: Float64Array,
  slips: Uint8Array,
): void {
  let a = state[0]! | 0;
  let b = state[1]! | 0;
  let c = state[2]! | 0;
  let d = state[3]! | 0;
  for (let trial = 0; trial < count; trial++) {
    slips[0] = 0;
    for (let i = 1; i < n; i++) {
      const bound = i + 1;
      let t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      let product = Math.imul(t >>> 8, bound);
      if ((product & 0xffffff) < bound) {
        const threshold = 0x1000000 % bound;
        while ((product & 0xffffff) < threshold) {
          t = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          product = Math.imul(t >>> 8, bound);
        }
      }
      const j = product >>> 24;
      slips[i] = slips[j]!;
      slips[j] = i;
    }
    let remaining = n;
    let longest = 0;
    for (let start = 0; remaining > longest; start++) {
      let at = slips[start]!;
      if (at === n) continue;
      slips[start] = n;
      let length = 1;
      while (at !== start) {
        const next = slips[at]!;
        slips[at] = n;
        at = next;
        length++;
      }
      remaining -= length;
      if (length > longest) longest = length;
    }
    histogram[longest]!++;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

/** `count` fast trials of n ≤ 256 prisoners; longest cycles are counted in `histogram`. */
export function limitFast(
  n: number,
  count: number,
  state: LimitState,
  histogram: Float64Array,
): void {
  let a = state[0]! | 0;
  let b = state[1]! | 0;
  let c = state[2]! | 0;
  let d = state[3]! | 0;
  for (let trial = 0; trial < count; trial++) {
    let remaining = n;
    let longest = 0;
    while (remaining > longest) {
      let t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      let product = Math.imul(t >>> 8, remaining);
      if ((product & 0xffffff) < remaining) {
        const threshold = 0x1000000 % remaining;
        while ((product & 0xffffff) < threshold) {
          t = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          product = Math.imul(t >>> 8, remaining);
        }
      }
      const length = (product >>> 24) + 1;
      remaining -= length;
      if (length > longest) longest = length;
    }
    histogram[longest]!++;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}
