/**
 * The engine's generator and its bounded draws, written once for the simulation page and the
 * lab's kernels alike: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state,
 * passes PractRand) and Lemire's unbiased bounded integers.
 *
 * Speed: a kernel copies the state into a local object (`copyGenerator`) and calls these small
 * functions on it. V8 inlines them and, as the copy never leaves the kernel, keeps its four words
 * in registers (escape analysis), as fast as hand-inlined code; `npm run bench` compares the
 * kernels with hand-inlined ones.
 */

/** sfc32's state: four int32 words; d is a counter, so no state is stuck in a short cycle. */
export interface Sfc32 {
  a: number;
  b: number;
  c: number;
  d: number;
}

/** A draw of a uniform integer in [0, bound) from a generator. */
export type Draw = (generator: Sfc32, bound: number) => number;

/** splitmix32's finaliser: a bijective mix of 32 bits, used to spread seeds over the state. */
export function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** A generator with exactly these state words. */
export function generatorFromWords(a: number, b: number, c: number, d: number): Sfc32 {
  // Always built here, so every generator has the same shape and the helpers stay monomorphic.
  return { a: a | 0, b: b | 0, c: c | 0, d: d | 0 };
}

/** sfc32 seeded from a 32-bit seed through splitmix32, past its correlated first outputs. */
export function seedGenerator(seed: number): Sfc32 {
  const a = mix32(seed);
  const b = mix32(a ^ 0x6a09e667);
  const c = mix32(b ^ 0xbb67ae85);
  const generator = generatorFromWords(a, b, c, 1);
  for (let i = 0; i < 12; i++) nextWord(generator);
  return generator;
}

/** A copy of a generator's state; a kernel works on a local copy so it stays in registers. */
export function copyGenerator(generator: Sfc32): Sfc32 {
  return generatorFromWords(generator.a, generator.b, generator.c, generator.d);
}

/** Sets `target` to the state of `source`. */
export function setGenerator(target: Sfc32, source: Sfc32): void {
  target.a = source.a;
  target.b = source.b;
  target.c = source.c;
  target.d = source.d;
}

/** The next 32 random bits as an int32 (`>>> 0` reads them unsigned). */
export function nextWord(generator: Sfc32): number {
  const { a, b, c, d } = generator;
  const t = (((a + b) | 0) + d) | 0;
  generator.d = (d + 1) | 0;
  generator.a = b ^ (b >>> 9);
  generator.b = (c + (c << 3)) | 0;
  generator.c = (((c << 21) | (c >>> 11)) + t) | 0;
  return t;
}

/** 9⁻¹ modulo 2³²: undoes `c + (c << 3)`. */
const INVERSE_OF_9 = 0x38e38e39;

/**
 * Steps a generator back by `steps` words: every step of sfc32 can be undone (d counts the words
 * drawn, b' = 9c, a' = b ^ (b >>> 9), c' = rotl(c, 21) + a + b + d). So a kernel need only note
 * d at the start of a trial to recover the whole state there, should it want to keep the trial.
 */
export function rewindGenerator(generator: Sfc32, steps: number): void {
  let { a, b, c, d } = generator;
  for (let i = 0; i < steps; i++) {
    const previousD = (d - 1) | 0;
    const previousC = Math.imul(b, INVERSE_OF_9);
    const previousB = a ^ (a >>> 9) ^ (a >>> 18) ^ (a >>> 27);
    const t = (c - ((previousC << 21) | (previousC >>> 11))) | 0;
    a = (((t - previousB) | 0) - previousD) | 0;
    b = previousB;
    c = previousC;
    d = previousD;
  }
  generator.a = a;
  generator.b = b;
  generator.c = c;
  generator.d = d;
}

/** Largest bound `drawSmall` takes: a 24-bit word times 256 still fits 32 bits. */
export const SMALL_BOUND_MAX = 256;

/**
 * Uniform integer in [0, bound) for 1 <= bound <= 256: Lemire's method on the top 24 bits of a
 * word. The product is below 2^32, so Math.imul holds it exactly: its top 8 bits are the result,
 * its low 24 bits decide rejection (below 2^24 mod bound), all in integer registers.
 */
export function drawSmall(generator: Sfc32, bound: number): number {
  let product = Math.imul(nextWord(generator) >>> 8, bound);
  if ((product & 0xffffff) < bound) {
    const threshold = 0x1000000 % bound;
    while ((product & 0xffffff) < threshold) {
      product = Math.imul(nextWord(generator) >>> 8, bound);
    }
  }
  return product >>> 24;
}

const TWO_TO_MINUS_32 = 2 ** -32;

/** Largest bound `drawLarge` takes: a 32-bit word times 2^21 is still an exact double. */
export const LARGE_BOUND_MAX = 2 ** 21;

/**
 * Uniform integer in [0, bound) for 1 <= bound <= 2^21: Lemire's method on 32-bit words. The
 * product is below 2^53, an exact double; its low 32 bits come from Math.imul.
 */
export function drawLarge(generator: Sfc32, bound: number): number {
  let word = nextWord(generator);
  let low = Math.imul(word, bound) >>> 0;
  if (low < bound) {
    const threshold = (0x100000000 - bound) % bound;
    while (low < threshold) {
      word = nextWord(generator);
      low = Math.imul(word, bound) >>> 0;
    }
  }
  // Scaling by 2^-32 is exact, and truncation to int32 is the floor of a result below 2^21.
  return ((word >>> 0) * bound * TWO_TO_MINUS_32) | 0;
}

/**
 * Uniform integer in [0, bound) for any 1 <= bound <= 2^32: Lemire's method on 32-bit words, with
 * the high word of the product computed in 16-bit halves, since it may exceed 2^53.
 */
export function drawWide(generator: Sfc32, bound: number): number {
  let word = nextWord(generator) >>> 0;
  let low = Math.imul(word, bound) >>> 0;
  if (low < bound) {
    const threshold = (0x100000000 - bound) % bound;
    while (low < threshold) {
      word = nextWord(generator) >>> 0;
      low = Math.imul(word, bound) >>> 0;
    }
  }
  // word·bound = high·2^16·bound + low16·bound, both partial products below 2^48.
  const high = (word >>> 16) * bound;
  const lowHalf = (word & 0xffff) * bound;
  return Math.floor((high + Math.floor(lowHalf / 0x10000)) / 0x10000);
}

/** Arrangements and cycle samples of fewer boxes than this use bytes and `drawSmall`. */
export const SMALL_N_LIMIT = 256;

/** The draw for arrangements and samples of n boxes (every bound is at most n). */
export function drawFor(n: number): Draw {
  return n < SMALL_N_LIMIT ? drawSmall : drawLarge;
}
