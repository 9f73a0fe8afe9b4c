// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { arrangementBuffer, randomArrangement, shuffleArrangement } from './permutation.ts';
import {
  createRng,
  deriveSeed,
  isSeed,
  parseSeedText,
  randomSeed,
  seedText,
  stateSeed,
  type Seed,
} from './rng.ts';
import { drawSmall, mix32, seedGenerator } from './sfc32.ts';

describe('createRng', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const fromA = Array.from({ length: 8 }, () => a.nextUint32());
    expect(Array.from({ length: 8 }, () => b.nextUint32())).toEqual(fromA);
    expect(Array.from({ length: 8 }, () => c.nextUint32())).not.toEqual(fromA);
  });

  it('uses a state seed as the state itself: it continues exactly where that state was', () => {
    const original = createRng(42);
    original.nextUint32();
    const state = stateSeed(original.generator);
    const resumed = createRng(state);
    const ahead = Array.from({ length: 8 }, () => original.nextUint32());
    expect(Array.from({ length: 8 }, () => resumed.nextUint32())).toEqual(ahead);
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

  it('nextBelow draws from a word’s top 24 bits up to 256, as the kernels’ arrangements do, and from all 32 above', () => {
    // A state whose next word is a + b + d = 0x24924926, just past 2^32 / 7: over 32 bits it
    // falls in the second seventh (· 7 = 2^32 + 10, kept: 10 is above 2^32 mod 7 = 4), over its
    // top 24 bits in the first (0x249249 · 7 = 2^24 − 1, kept).
    const state = '24924926' + '0'.repeat(24);
    expect(createRng(state).nextBelow(7)).toBe(0);
    // 0x24924926 · 257 / 2^32 = 36.71…, and the low word is far above the rejection threshold.
    expect(createRng(state).nextBelow(257)).toBe(36);
  });

  it('refuses a state that is not 32 hexadecimal digits, by name', () => {
    expect(() => createRng('0123')).toThrow(RangeError);
    expect(() => createRng('0123')).toThrow('not a generator state: 0123');
    expect(() => createRng('g'.repeat(32))).toThrow(`not a generator state: ${'g'.repeat(32)}`);
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
});

/** splitmix32's finaliser as the seeding documents it, in exact integers. */
function mix32Reference(x: bigint): bigint {
  const word = 2n ** 32n;
  x = (x + 0x9e3779b9n) % word;
  x = ((x ^ (x >> 16n)) * 0x21f0aaadn) % word;
  x = ((x ^ (x >> 15n)) * 0x735a2d97n) % word;
  return x ^ (x >> 15n);
}

describe('seeds', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('derives stream i’s seed as mix32(mix32(seed) ^ (i + 1) · 0x85ebca6b), so a run replays', () => {
    for (const seed of [0, 5, 4294967295]) {
      for (const index of [0, 1, 15, 1000]) {
        const spread = (BigInt(index + 1) * 0x85ebca6bn) % 2n ** 32n;
        const expected = mix32Reference(mix32Reference(BigInt(seed)) ^ spread);
        expect(deriveSeed(seed, index)).toBe(Number(expected));
      }
    }
  });

  it('picks a fresh seed over all of 0..2^32 − 1 from Math.random', () => {
    const picks = [0, 0.1, 0.5, 1 - 2 ** -53];
    vi.spyOn(Math, 'random').mockImplementation(() => picks.shift()!);
    // ⌊x · 2^32⌋: 0.1 · 2^32 = 429 496 729.6, 0.5 · 2^32 = 2^31, (1 − 2^-53) · 2^32 = 2^32 − 2^-21.
    expect(Array.from({ length: 4 }, () => randomSeed())).toEqual([
      0, 429496729, 2147483648, 4294967295,
    ]);
  });

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

  it('reads decimal seeds and 32-digit generator states, and nothing else', () => {
    expect(parseSeedText('42')).toBe(42);
    expect(parseSeedText(' 4294967295 ')).toBe(4294967295);
    expect(parseSeedText('0')).toBe(0);
    const state = '0123456789abcdef0123456789ABCDEF';
    expect(parseSeedText(state)).toBe(state.toLowerCase());
    for (const bad of [
      '',
      'abc',
      '-1',
      '4294967296',
      '1.5',
      '1e3',
      '0x1f',
      `${state}0`,
      'g'.repeat(32),
    ]) {
      expect(parseSeedText(bad)).toBeNull();
    }
  });

  it('writes seeds so that they read back, states as 32 lowercase hexadecimal digits', () => {
    const state = stateSeed(seedGenerator(9));
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    for (const seed of [0, 42, 4294967295, state] as Seed[]) {
      expect(parseSeedText(seedText(seed))).toBe(seed);
    }
    expect(stateSeed({ a: -1, b: 0, c: 1, d: 0x7fffffff })).toBe(
      'ffffffff00000000000000017fffffff',
    );
  });
});

describe('arrangement buffers', () => {
  it('holds boxes in bytes below 256 boxes and in 32-bit words from there on', () => {
    expect(arrangementBuffer(255)).toBeInstanceOf(Uint8Array);
    expect(arrangementBuffer(255).length).toBe(255);
    expect(arrangementBuffer(256)).toBeInstanceOf(Int32Array);
    expect(arrangementBuffer(256).length).toBe(256);
  });

  it('are filled from scratch whatever they held, and left alone for no boxes', () => {
    const used = new Uint8Array(6).fill(9);
    shuffleArrangement(used, 6, seedGenerator(5), drawSmall);
    expect(Array.from(used).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    const untouched = new Uint8Array(1).fill(9);
    shuffleArrangement(untouched, 0, seedGenerator(5), drawSmall);
    expect(Array.from(untouched)).toEqual([9]);
  });
});

describe('randomArrangement', () => {
  it('is always a permutation (bytes below 256 boxes, 32-bit draws from there on)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 300 }),
        (seed, n) => {
          const slips = randomArrangement(n, createRng(seed));
          return (
            slips instanceof Int32Array && [...slips].sort((x, y) => x - y).every((v, i) => v === i)
          );
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

  it('draws once per box but the first, in one stream with the arrangements after it', () => {
    const rng = createRng(5);
    const start = seedGenerator(5).d;
    randomArrangement(100, rng);
    // d counts the words drawn; no draw of this seed's first arrangement is rejected.
    expect(rng.generator.d - start).toBe(99);
    const next = randomArrangement(100, rng);
    expect(randomArrangement(100, createRng(5))).not.toEqual(next);
  });
});
