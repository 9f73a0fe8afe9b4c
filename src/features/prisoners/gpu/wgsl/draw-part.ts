/**
 * The draw: sfc32 and the bounded integers and Bernoulli trials drawn from it, word for word as
 * engine/sfc32.ts and engine/fast-kernels.ts draw them. WGSL's u32 arithmetic wraps as the CPU's
 * `| 0` does, so sfc32 is written as it is; the one product wider than 32 bits (the high word of
 * Lemire's 32-bit draw) is composed from 16-bit halves.
 */
import { SMALL_N_LIMIT } from '../../engine/sfc32.ts';

/** The generator: `rng` holds a, b, c, d; `nextWord()` steps it and returns its word. */
export const SFC32_PART = /* wgsl */ `
var<private> rng: vec4<u32>;

// sfc32: a, b, c, d in x, y, z, w; u32 arithmetic wraps like the CPU's int32.
fn nextWord() -> u32 {
  let a = rng.x;
  let b = rng.y;
  let c = rng.z;
  let d = rng.w;
  let t = a + b + d;
  rng = vec4<u32>(b ^ (b >> 9u), c + (c << 3u), ((c << 21u) | (c >> 11u)) + t, d + 1u);
  return t;
}
`;

/** drawSmall: Lemire on the top 24 bits, for bounds up to 256 (n < 256). */
const DRAW_SMALL = /* wgsl */ `
fn draw(bound: u32) -> u32 {
  var product = (nextWord() >> 8u) * bound;
  if ((product & 0xffffffu) < bound) {
    let threshold = 0x1000000u % bound;
    while ((product & 0xffffffu) < threshold) {
      product = (nextWord() >> 8u) * bound;
    }
  }
  return product >> 24u;
}
`;

/** drawLarge: Lemire on 32-bit words, the product's high word from 16-bit halves. */
const DRAW_LARGE = /* wgsl */ `
fn mulHigh(x: u32, y: u32) -> u32 {
  let xl = x & 0xffffu;
  let xh = x >> 16u;
  let yl = y & 0xffffu;
  let yh = y >> 16u;
  let ll = xl * yl;
  let lh = xl * yh;
  let hl = xh * yl;
  let mid = (ll >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
  return xh * yh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
}

fn draw(bound: u32) -> u32 {
  var word = nextWord();
  var low = word * bound;
  if (low < bound) {
    let threshold = (0u - bound) % bound;
    while (low < threshold) {
      word = nextWord();
      low = word * bound;
    }
  }
  return mulHigh(word, bound);
}
`;

/** `draw(bound)`, uniform on 0..bound − 1 for every bound up to n, as the CPU's `drawFor(n)`. */
export function drawPart(n: number): string {
  return n < SMALL_N_LIMIT ? DRAW_SMALL : DRAW_LARGE;
}

/**
 * `bernoulli()`: true with probability p, given p's binary expansion in 32-bit words, as
 * `bernoulli` in fast-kernels.ts: the first word that differs from p's decides. With no words
 * (p = 0) no word can be below p.
 */
export function bernoulliPart(words: Uint32Array): string {
  if (words.length === 0) return 'fn bernoulli() -> bool {\n  return false;\n}';
  const list = Array.from(words, (word) => `${word}u`).join(', ');
  return `var<private> WORDS: array<u32, ${words.length}> = array<u32, ${words.length}>(${list});

fn bernoulli() -> bool {
  for (var i = 0u; i < ${words.length}u; i++) {
    let word = nextWord();
    let expected = WORDS[i];
    if (word != expected) {
      return word < expected;
    }
  }
  return false;
}`;
}
