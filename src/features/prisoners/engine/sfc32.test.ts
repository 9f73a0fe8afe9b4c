// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { N_MAX } from './lab-settings.ts';
import {
  copyGenerator,
  drawFor,
  drawLarge,
  drawSmall,
  drawWide,
  generatorFromWords,
  LARGE_BOUND_MAX,
  nextWord,
  rewindGenerator,
  seedGenerator,
  setGenerator,
  type Draw,
  type Sfc32,
} from './sfc32.ts';

/** Pearson chi-square of counts against a uniform expectation. */
function uniformChiSquare(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i] as number;
  const expected = total / counts.length;
  let statistic = 0;
  for (let i = 0; i < counts.length; i++)
    statistic += ((counts[i] as number) - expected) ** 2 / expected;
  return statistic;
}

/** Upper 0.1% point of chi-square (Wilson–Hilferty): a fixed-seed test fails only on a real bias. */
function chiSquareCritical(degrees: number): number {
  const z = 3.09;
  const h = 2 / (9 * degrees);
  return degrees * (1 - h + z * Math.sqrt(h)) ** 3;
}

/** A generator whose next word is exactly `word`: sfc32 outputs a + b + d. */
function generatorAt(generator: Sfc32, word: number): Sfc32 {
  generator.a = word | 0;
  generator.b = 0;
  generator.c = 0;
  generator.d = 0;
  return generator;
}

/** Lemire's method on one 32-bit word, in exact integers: the result, or null when rejected. */
function lemireReference(word: number, bound: number): number | null {
  const product = BigInt(word >>> 0) * BigInt(bound);
  const low = product % 2n ** 32n;
  return low < 2n ** 32n % BigInt(bound) ? null : Number(product / 2n ** 32n);
}

describe('sfc32', () => {
  it('keeps the stream of a decimal seed (splitmix32 seeding, 12 rounds of warm-up)', () => {
    const generator = seedGenerator(42);
    const words = Array.from({ length: 4 }, () => nextWord(generator) >>> 0);
    expect(words).toEqual([2280616204, 1720093136, 3924029038, 3927329409]);
  });

  it('copies and restores a state exactly', () => {
    const generator = seedGenerator(7);
    const saved = copyGenerator(generator);
    const first = [nextWord(generator), nextWord(generator)];
    setGenerator(generator, saved);
    expect([nextWord(generator), nextWord(generator)]).toEqual(first);
  });

  it('steps back to any earlier state, word by word', () => {
    for (const words of [
      [1, 2, 3, 4],
      [-1, 0x7fffffff, -0x80000000, 0],
      [0x6a09e667, -0x4498517b, 0x3c6ef372, -1],
    ]) {
      const start = generatorFromWords(words[0]!, words[1]!, words[2]!, words[3]!);
      for (const steps of [0, 1, 2, 37, 1000]) {
        const generator = copyGenerator(start);
        for (let i = 0; i < steps; i++) nextWord(generator);
        rewindGenerator(generator, steps);
        expect(generator).toEqual(start);
      }
    }
  });
});

describe('drawSmall (24-bit Lemire)', () => {
  it.each([3, 7, 100, 255, 256])(
    'accepts every result equally often over all 2^24 words at bound %i',
    (bound) => {
      // Exhaustive: every possible top 24 bits of a word, fed as the generator's next word.
      const counts = new Float64Array(bound);
      const generator = generatorFromWords(0, 0, 0, 0);
      let rejected = 0;
      for (let top = 0; top < 1 << 24; top++) {
        const result = drawSmall(generatorAt(generator, top << 8), bound);
        if (generator.d === 1) counts[result]!++;
        else rejected++;
      }
      const each = Math.floor(2 ** 24 / bound);
      expect(counts.every((count) => count === each)).toBe(true);
      expect(rejected).toBe(2 ** 24 % bound);
    },
    // A guard against a hang, not a speed limit: mutation testing runs this loop on
    // instrumented code, tens of times slower than the half second it takes here.
    300_000,
  );

  it.each([3, 7, 100, 255])('is uniform at bound %i (chi-square, fixed seed)', (bound) => {
    const generator = seedGenerator(bound);
    const counts = new Float64Array(bound);
    const draws = 2000 * bound;
    for (let i = 0; i < draws; i++) counts[drawSmall(generator, bound)]!++;
    expect(uniformChiSquare(counts)).toBeLessThan(chiSquareCritical(bound - 1));
  });
});

describe('drawLarge and drawWide (32-bit Lemire)', () => {
  const cases: [string, Draw, number][] = [
    ['drawLarge', drawLarge, 257],
    ['drawLarge', drawLarge, 1000],
    ['drawLarge', drawLarge, 100_000],
    ['drawLarge', drawLarge, 2 ** 21],
    ['drawWide', drawWide, 3],
    ['drawWide', drawWide, 100_000],
    ['drawWide', drawWide, 3_000_000_001],
    ['drawWide', drawWide, 2 ** 32],
  ];

  it.each(cases)(
    '%s matches exact integer Lemire at bound %i on the words that matter',
    (_, draw, bound) => {
      // The first words of every result's range are the ones rejection may drop; add some others.
      const words: number[] = [0, 1, 2 ** 31, 2 ** 32 - 1];
      const step = Math.max(1, Math.floor(bound / 500));
      for (let result = 0; result < bound; result += step) {
        const first = Math.ceil((result * 2 ** 32) / bound);
        for (let offset = -1; offset <= 2; offset++) {
          const word = first + offset;
          if (word >= 0 && word < 2 ** 32) words.push(word);
        }
      }
      const generator = generatorFromWords(0, 0, 0, 0);
      for (const word of words) {
        const result = draw(generatorAt(generator, word), bound);
        const expected = lemireReference(word, bound);
        if (expected === null) expect(generator.d).toBeGreaterThan(1);
        else expect([result, generator.d]).toEqual([expected, 1]);
      }
    },
  );

  it.each([1000, 100_000])('drawLarge is uniform at bound %i (chi-square, fixed seed)', (bound) => {
    // 1000 equal-width buckets of results.
    const buckets = 1000;
    const generator = seedGenerator(bound);
    const counts = new Float64Array(buckets);
    for (let i = 0; i < 500_000; i++) {
      counts[Math.floor((drawLarge(generator, bound) * buckets) / bound)]!++;
    }
    expect(uniformChiSquare(counts)).toBeLessThan(chiSquareCritical(buckets - 1));
  });

  it('drawWide is uniform near 2^32, where the high word needs exact arithmetic', () => {
    const generator = seedGenerator(11);
    const bound = 3_000_000_000;
    const counts = new Float64Array(10);
    for (let i = 0; i < 100_000; i++)
      counts[Math.floor((drawWide(generator, bound) * 10) / bound)]!++;
    expect(uniformChiSquare(counts)).toBeLessThan(chiSquareCritical(9));
  });
});

describe('drawFor', () => {
  it('uses 24-bit draws below 256 boxes and 32-bit draws from there on, up to the lab’s largest n', () => {
    expect(N_MAX).toBeLessThanOrEqual(LARGE_BOUND_MAX);
    expect(drawFor(1)).toBe(drawSmall);
    expect(drawFor(255)).toBe(drawSmall);
    expect(drawFor(256)).toBe(drawLarge);
    expect(drawFor(100_000)).toBe(drawLarge);
  });
});
