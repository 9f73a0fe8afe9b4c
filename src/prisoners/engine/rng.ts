/**
 * Seeded randomness for the whole engine: sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, passes PractRand) seeded through splitmix32, and Lemire's unbiased
 * bounded integers. `Math.random` is only ever used to pick a fresh seed.
 */

/** A seed is an unsigned 32-bit integer, shown and shared in decimal. */
export type Seed = number;

export const MAX_SEED = 0xffffffff;

/** True when `value` is a whole number in 0..2^32-1. */
export function isSeed(value: number): value is Seed {
  return Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

/** A fresh seed for runs the visitor did not seed. */
export function randomSeed(): Seed {
  return Math.floor(Math.random() * (MAX_SEED + 1)) >>> 0;
}

/** splitmix32 finaliser: a bijective mix of 32 bits, used to spread seeds over the state. */
export function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** A seed derived from a parent seed and an index (worker number, trial number …). */
export function deriveSeed(seed: Seed, index: number): Seed {
  return mix32(mix32(seed) ^ Math.imul(index + 1, 0x85ebca6b));
}

export interface Rng {
  /** Next uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** Uniform integer in [0, bound), unbiased, for 1 <= bound <= 2^32. */
  nextBelow(bound: number): number;
  /** Uniform float in [0, 1) with 32 bits of randomness. */
  nextFloat(): number;
}

/** sfc32 seeded from one 32-bit seed. */
export function createRng(seed: Seed): Rng {
  let a = mix32(seed);
  let b = mix32(a ^ 0x6a09e667);
  let c = mix32(b ^ 0xbb67ae85);
  let d = 1; // the counter
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next(); // leave the correlated start behind

  return {
    nextUint32: next,
    nextBelow(bound: number): number {
      // Lemire's nearly-divisionless method on 32-bit words, with exact 64-bit products via BigInt-free split.
      let x = next();
      let product = x * bound; // exact: < 2^64 fits a double only up to 2^53, so split below
      let low = lowWord(x, bound);
      if (low < bound) {
        const threshold = (MAX_SEED + 1 - bound) % bound;
        while (low < threshold) {
          x = next();
          product = x * bound;
          low = lowWord(x, bound);
        }
      }
      return highWord(x, bound, product);
    },
    nextFloat(): number {
      return next() / 4294967296;
    },
  };
}

/** Low 32 bits of x * bound (both < 2^32). */
function lowWord(x: number, bound: number): number {
  return Math.imul(x, bound) >>> 0;
}

/** High 32 bits of x * bound, exact even when the product exceeds 2^53. */
function highWord(x: number, bound: number, approx: number): number {
  if (approx < 2 ** 53) return Math.floor(approx / 4294967296);
  const xh = x >>> 16;
  const xl = x & 0xffff;
  const mid = xh * bound; // < 2^48
  const low = xl * bound; // < 2^48
  return Math.floor((mid + Math.floor(low / 65536)) / 65536);
}
