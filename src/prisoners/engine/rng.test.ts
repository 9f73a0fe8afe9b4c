import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, deriveSeed, isSeed, mix32 } from './rng.ts';
import { cycleLengths, randomArrangement } from './permutation.ts';

describe('createRng', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const fromA = Array.from({ length: 8 }, () => a.nextUint32());
    expect(Array.from({ length: 8 }, () => b.nextUint32())).toEqual(fromA);
    expect(Array.from({ length: 8 }, () => c.nextUint32())).not.toEqual(fromA);
  });

  it('nextBelow stays in range for any bound up to 2^32', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 2 ** 32 }),
        (seed, bound) => {
          const rng = createRng(seed);
          for (let i = 0; i < 20; i++) {
            const x = rng.nextBelow(bound);
            if (!Number.isInteger(x) || x < 0 || x >= bound) return false;
          }
          return true;
        },
      ),
    );
  });

  it('nextBelow is uniform (chi-square over 7 buckets, fixed seed)', () => {
    const rng = createRng(7);
    const counts = new Array<number>(7).fill(0);
    const draws = 70_000;
    for (let i = 0; i < draws; i++) counts[rng.nextBelow(7)]!++;
    const expected = draws / 7;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(22.46); // p = 0.001 for 6 degrees of freedom
  });

  it('nextBelow is uniform for a bound near 2^32, where the high word needs exact arithmetic', () => {
    const rng = createRng(11);
    const bound = 3_000_000_000;
    let low = 0;
    const draws = 20_000;
    for (let i = 0; i < draws; i++) if (rng.nextBelow(bound) < bound / 2) low++;
    expect(Math.abs(low - draws / 2)).toBeLessThan(4 * Math.sqrt(draws / 4));
  });
});

describe('seeds', () => {
  it('mix32 is a bijection on a sample and derived seeds are valid and distinct', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(mix32(i));
    expect(seen.size).toBe(10_000);
    const derived = new Set(Array.from({ length: 1000 }, (_, i) => deriveSeed(5, i)));
    expect(derived.size).toBe(1000);
    for (const s of derived) expect(isSeed(s)).toBe(true);
  });

  it('isSeed accepts exactly the unsigned 32-bit integers', () => {
    expect(isSeed(0)).toBe(true);
    expect(isSeed(4294967295)).toBe(true);
    expect(isSeed(4294967296)).toBe(false);
    expect(isSeed(-1)).toBe(false);
    expect(isSeed(1.5)).toBe(false);
    expect(isSeed(Number.NaN)).toBe(false);
  });
});

describe('randomArrangement', () => {
  it('is always a permutation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 300 }),
        (seed, n) => {
          const slips = randomArrangement(n, createRng(seed));
          return [...slips].sort((x, y) => x - y).every((v, i) => v === i);
        },
      ),
    );
  });

  it('puts every slip in every box equally often (n = 4, fixed seed)', () => {
    const rng = createRng(99);
    const counts = new Map<string, number>();
    const draws = 48_000;
    for (let i = 0; i < draws; i++) {
      const key = randomArrangement(4, rng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const expected = draws / 24;
    const chi2 = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(49.73); // p = 0.001 for 23 degrees of freedom
  });
});

describe('cycleLengths', () => {
  it('finds the cycles of a known permutation', () => {
    // 0→1→2→0, 3→3, 4→5→4
    expect([...cycleLengths([1, 2, 0, 3, 5, 4])]).toEqual([3, 3, 3, 1, 2, 2]);
  });
});
