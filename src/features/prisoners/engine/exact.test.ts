// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleLengthOfBox } from '../../../testing/arrangements.ts';
import {
  cycleSuccessProbability,
  exactSuccessProbability,
  longestCycleAtMost,
  longestCycleBinProbabilities,
  longestCycleDistribution,
  randomSuccessProbability,
  swapSuccessProbability,
} from './exact.ts';
import { N_MAX } from './lab-settings.ts';
import { bestSwap, swapSlips } from './variants.ts';

/** Permutations of m elements whose cycles are all at most k, for m = 0..n, as exact integers. */
function countsWithCyclesAtMost(n: number, k: number): bigint[] {
  // a(m) = Σ_{j=1..min(k,m)} (m−1)!/(m−j)! · a(m−j): choose the cycle through element 1.
  const a: bigint[] = [1n];
  for (let m = 1; m <= n; m++) {
    let total = 0n;
    let falling = 1n; // (m−1)!/(m−j)!
    for (let j = 1; j <= Math.min(k, m); j++) {
      total += falling * (a[m - j] as bigint);
      falling *= BigInt(m - j);
    }
    a.push(total);
  }
  return a;
}

function factorial(n: number): bigint {
  let f = 1n;
  for (let i = 2; i <= n; i++) f *= BigInt(i);
  return f;
}

/** numerator/denominator rounded to a double, exactly. */
function ratioToNumber(numerator: bigint, denominator: bigint): number {
  if (numerator === 0n) return 0;
  const shift = denominator.toString(2).length - numerator.toString(2).length + 80;
  const scaled = shift >= 0 ? (numerator << BigInt(shift)) / denominator : numerator / denominator;
  return Number(scaled) * 2 ** -shift;
}

function relativeError(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / expected;
}

describe('cycle strategy, exact', () => {
  it('matches rational arithmetic to 1e-12 for every n <= 60 and k <= n', () => {
    let worst = 0;
    for (let n = 1; n <= 60; n++) {
      const total = factorial(n);
      for (let k = 0; k <= n; k++) {
        const expected = ratioToNumber(countsWithCyclesAtMost(n, k)[n] as bigint, total);
        worst = Math.max(worst, relativeError(longestCycleAtMost(n, k), expected));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('gives the reference values', () => {
    expect(cycleSuccessProbability(100, 50)).toBeCloseTo(0.311827820689805, 14);
    expect(cycleSuccessProbability(20, 10)).toBeCloseTo(0.331229, 6);
    expect(cycleSuccessProbability(25, 12)).toBeCloseTo(0.287253, 6);
    expect(cycleSuccessProbability(2000, 1000)).toBeCloseTo(0.307103, 6);
  });

  it.each([457, 458, 459, 460])(
    'matches rational arithmetic to 1e-14 where the shared scale is raised mid-block (n = %i, k = 5)',
    (n) => {
      const expected = ratioToNumber(countsWithCyclesAtMost(n, 5)[n] as bigint, factorial(n));
      expect(relativeError(longestCycleAtMost(n, 5), expected)).toBeLessThan(1e-14);
    },
  );

  it('agrees between the closed form and the recurrence at the boundary 2k = n', () => {
    // The recurrence is only used for 2k < n; run it one step past the boundary through a
    // neighbour: P(L <= k) for n = 2k+1 via recurrence vs closed form minus exact 1/(k+1) terms.
    for (const k of [10, 37, 500, 20000]) {
      const n = 2 * k + 1;
      const viaRecurrence = longestCycleAtMost(n, k);
      let tail = 0;
      for (let j = n; j > k; j--) tail += 1 / j;
      // For n = 2k+1 two cycles longer than k cannot coexist, so the closed form still holds.
      expect(relativeError(viaRecurrence, 1 - tail)).toBeLessThan(1e-12);
    }
  });

  it('stays accurate for n = 100000', () => {
    const small = longestCycleAtMost(100000, 20000);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(0.01);
    // k = 1: only the identity, 1/100000! underflows to 0; k = 2 likewise tiny but finite steps.
    expect(longestCycleAtMost(100000, 1)).toBe(0);
    expect(longestCycleAtMost(100000, 50000)).toBeCloseTo(1 - Math.log(2), 4);
  });

  it('gives a longest-cycle distribution that sums to 1 and matches 1/length above n/2', () => {
    const distribution = longestCycleDistribution(100);
    const sum = distribution.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
    expect(distribution[80]).toBeCloseTo(1 / 80, 15);
    expect(distribution[0]).toBe(0);
    const bins = longestCycleBinProbabilities(100, [0, 25, 50, 75, 100]);
    expect(bins.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(bins[0]! + bins[1]!).toBeCloseTo(0.311827820689805, 12);
  });
});

describe('the longest cycle’s distribution', () => {
  it('gives every length above n/2 exactly 1/length, summed rather than differenced', () => {
    for (const n of [10, 64, 100, 1000]) {
      const distribution = longestCycleDistribution(n);
      for (let length = n / 2 + 1; length <= n; length++) {
        expect(distribution[length]).toBe(1 / length);
      }
    }
  });

  it('has a longest cycle of 0 boxes for certain when there are no boxes, and no bins without edges', () => {
    expect(Array.from(longestCycleDistribution(0))).toEqual([1]);
    expect(Array.from(longestCycleDistribution(0, 'swap'))).toEqual([1]);
    expect(Array.from(longestCycleDistribution(1))).toEqual([0, 1]);
    expect(Array.from(longestCycleBinProbabilities(5, []))).toEqual([]);
    expect(Array.from(longestCycleBinProbabilities(5, [0]))).toEqual([]);
  });

  it('gives bins that start above 0 their own mass (five boxes, counted by hand)', () => {
    // Longest cycle 3: C(5,3)·2!·2! = 40 of 120; 4: C(5,4)·3! = 30; 5: 4! = 24.
    const bins = longestCycleBinProbabilities(5, [2, 3, 5]);
    expect(bins[0]).toBeCloseTo(40 / 120, 15);
    expect(bins[1]).toBeCloseTo(54 / 120, 15);
  });
});

describe('exactSuccessProbability', () => {
  it('gives each strategy’s odds (five boxes, two guesses, counted by hand)', () => {
    // No cycle longer than 2: the 26 involutions of 5 (1 + C(5,2) + 5·3) of 120 arrangements.
    expect(exactSuccessProbability(5, 2, 'cycle')).toBeCloseTo(26 / 120, 15);
    // Two boxes of five each, at random: (2/5)^5.
    expect(exactSuccessProbability(5, 2, 'random')).toBeCloseTo(32 / 3125, 15);
    // The swap frees all but the 24 arrangements of one cycle of 5 (> 2k = 4).
    expect(exactSuccessProbability(5, 2, 'swap')).toBeCloseTo(96 / 120, 15);
  });
});

describe('random strategy, exact', () => {
  it('is (k/n)^n to 1e-12 against rational arithmetic for n <= 60', () => {
    let worst = 0;
    for (let n = 1; n <= 60; n++) {
      for (let k = 0; k <= n; k++) {
        const expected = ratioToNumber(BigInt(k) ** BigInt(n), BigInt(n) ** BigInt(n));
        worst = Math.max(worst, relativeError(randomSuccessProbability(n, k), expected));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('keeps 1e-12 for large n where k/n is not a double', () => {
    const n = 99991;
    const k = 99990;
    // (1 − 1/n)^n = exp(n·log1p(−1/n)), accurate to a few ulps.
    const expected = Math.exp(n * Math.log1p(-1 / n));
    expect(relativeError(randomSuccessProbability(n, k), expected)).toBeLessThan(1e-12);
  });

  it('corrects the rounding of k/n: a few ulps where the plain power is off by n of them', () => {
    // k/n is rounded to a double; raised to the n-th power that rounding grows n-fold (to about
    // 3e-14 here): only the exact remainder brings the result back within a few ulps.
    for (const [n, k] of [
      [301, 100],
      [500, 167],
      [701, 349],
      [997, 700],
      [1023, 1000],
    ] as const) {
      const expected = ratioToNumber(BigInt(k) ** BigInt(n), BigInt(n) ** BigInt(n));
      expect(relativeError(randomSuccessProbability(n, k), expected)).toBeLessThan(1e-15);
    }
  });

  it('keeps 1e-13 where n itself no longer splits into two halves of 26 bits (n > 2^27)', () => {
    // (1 − g/n)^n = exp(n·log1p(−g/n)), accurate to about g ulps; the plain power is off by 1e-7.
    for (const [n, missed] of [
      [1_000_000_007, 1],
      [1_000_000_007, 100],
      [2 ** 31 - 1, 1],
      [2 ** 31 - 1, 333],
    ] as const) {
      const expected = Math.exp(n * Math.log1p(-missed / n));
      expect(relativeError(randomSuccessProbability(n, n - missed), expected)).toBeLessThan(1e-13);
    }
  });

  it('rejects impossible counts', () => {
    expect(() => randomSuccessProbability(5, 6)).toThrow(RangeError);
    expect(() => longestCycleAtMost(5, -1)).toThrow(RangeError);
  });

  it('names the counts it refuses, whichever rule they break, in every function', () => {
    const refused: [number, number, string][] = [
      [2.5, 1, 'n=2.5, k=1'],
      [-1, 0, 'n=-1, k=0'],
      [Number.NaN, 0, 'n=NaN, k=0'],
      [5, 1.5, 'n=5, k=1.5'],
      [5, -1, 'n=5, k=-1'],
      [5, 6, 'n=5, k=6'],
    ];
    for (const [n, k, named] of refused) {
      const message = `need whole numbers 0 <= k <= n, got ${named}`;
      expect(() => longestCycleAtMost(n, k)).toThrow(new RangeError(message));
      expect(() => randomSuccessProbability(n, k)).toThrow(new RangeError(message));
      expect(() => swapSuccessProbability(n, k)).toThrow(new RangeError(message));
    }
  });

  it('gives certain success with no boxes at all, for every strategy', () => {
    for (const strategy of ['cycle', 'random', 'swap'] as const) {
      expect(exactSuccessProbability(0, 0, strategy)).toBe(1);
    }
    expect(longestCycleAtMost(0, 0)).toBe(1);
  });
});

/** Every arrangement of n boxes, each once. */
function* permutations(n: number): Generator<Int32Array> {
  const slips = new Int32Array(n);
  const used = new Uint8Array(n);
  function* place(box: number): Generator<Int32Array> {
    if (box === n) {
      yield slips;
      return;
    }
    for (let slip = 0; slip < n; slip++) {
      if (used[slip]) continue;
      used[slip] = 1;
      slips[box] = slip;
      yield* place(box + 1);
      used[slip] = 0;
    }
  }
  yield* place(0);
}

const longestCycle = (slips: ArrayLike<number>) => Math.max(0, ...cycleLengthOfBox(slips));

/**
 * Arrangements of m elements, as exact integers for m = n only, that the best swap frees with k
 * guesses, counted by the characterisation the brute force below checks: every cycle at most k
 * (b), or exactly one cycle of k+1..2k boxes and every other at most k (c). Built, like
 * `countsWithCyclesAtMost`, by choosing the cycle through element 1.
 */
function swapSuccessCount(n: number, k: number): bigint {
  const b: bigint[] = [1n];
  const c: bigint[] = [0n];
  for (let m = 1; m <= n; m++) {
    let allShort = 0n;
    let oneLong = 0n;
    let falling = 1n; // (m−1)!/(m−j)!
    for (let j = 1; j <= Math.min(2 * k, m); j++) {
      if (j <= k) {
        allShort += falling * (b[m - j] as bigint);
        oneLong += falling * (c[m - j] as bigint);
      } else {
        oneLong += falling * (b[m - j] as bigint);
      }
      falling *= BigInt(m - j);
    }
    b.push(allShort);
    c.push(oneLong);
  }
  return (b[n] as bigint) + (c[n] as bigint);
}

describe('swap strategy, exact', () => {
  it('counts exactly the arrangements the best single swap frees, for every n <= 7 and k', () => {
    for (let n = 1; n <= 7; n++) {
      const total = Number(factorial(n));
      // freed[k]: arrangements that some swap (or none) leaves with no cycle longer than k;
      // after[m]: arrangements whose longest cycle after the best swap has m boxes.
      const freed = new Array<number>(n + 1).fill(0);
      const after = new Array<number>(n + 1).fill(0);
      for (const slips of permutations(n)) {
        const dealt = longestCycle(slips);
        let bestOfAll = dealt; // the helper may leave the slips alone
        let bestOfSwaps = Infinity;
        for (let a = 0; a < n; a++) {
          for (let b = a + 1; b < n; b++) {
            bestOfSwaps = Math.min(bestOfSwaps, longestCycle(swapSlips(slips, a, b)));
          }
        }
        bestOfAll = Math.min(bestOfAll, bestOfSwaps);
        const pair = bestSwap(slips);
        const played = pair ? swapSlips(slips, pair[0], pair[1]) : slips;
        expect(longestCycle(played)).toBe(bestOfAll);
        // Only when every box holds its own slip is leaving them better than any swap.
        if (dealt > 1) expect(bestOfSwaps).toBe(bestOfAll);
        // The characterisation: at most one cycle longer than k, of at most 2k boxes.
        const lengths = cycleLengthOfBox(slips);
        for (let k = 0; k <= n; k++) {
          // Boxes on cycles longer than k: none, or just the boxes of the longest cycle.
          const boxesOnLong = lengths.filter((length) => length > k).length;
          const expected = boxesOnLong === 0 || (boxesOnLong === dealt && dealt <= 2 * k);
          expect(bestOfAll <= k).toBe(expected);
          if (bestOfAll <= k) freed[k]!++;
        }
        after[bestOfAll]!++;
      }
      for (let k = 0; k <= n; k++) {
        const p = swapSuccessProbability(n, k);
        expect(Math.round(p * total)).toBe(freed[k]);
        expect(Math.abs(p * total - freed[k]!)).toBeLessThan(1e-9);
        expect(BigInt(freed[k]!)).toBe(swapSuccessCount(n, k));
        if (2 * k >= n) expect(p).toBe(1);
        else expect(p).toBeLessThan(1);
      }
      const distribution = longestCycleDistribution(n, 'swap');
      expect(Array.from(distribution, (p) => Math.round(p * total))).toEqual(after);
      for (let m = 0; m <= n; m++) {
        expect(Math.abs(distribution[m]! * total - after[m]!)).toBeLessThan(1e-9);
      }
    }
  });

  it('matches rational arithmetic to 1e-12 for every n <= 60 and k <= n', () => {
    let worst = 0;
    for (let n = 1; n <= 60; n++) {
      const total = factorial(n);
      for (let k = 0; k <= n; k++) {
        const expected = ratioToNumber(swapSuccessCount(n, k), total);
        worst = Math.max(worst, relativeError(swapSuccessProbability(n, k), expected));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it.each([
    [100, 40],
    [100, 33],
    [250, 124],
    // Far below 2^-600 on the way: the shared scale is raised, with the swap's terms.
    [250, 3],
    [250, 2],
    // Raised while the swap's terms are being summed (from q(n − 2k) on).
    [202, 2],
    [203, 2],
    // Raised in the middle of a block of k values (the suffix sums and the prefix scaled too).
    [458, 5],
    [459, 5],
  ])('matches rational arithmetic to 1e-14 for n = %i, k = %i', (n, k) => {
    const expected = ratioToNumber(swapSuccessCount(n, k), factorial(n));
    expect(relativeError(swapSuccessProbability(n, k), expected)).toBeLessThan(1e-14);
  });

  it('is exact to the smallest double where the odds are subnormal', () => {
    // Below 2^-1022 a double keeps whole multiples of 2^-1074 only: the nearest one to the
    // exact ratio, and nothing rounded on the way there (0 would lose the last 2^-1074).
    const smallest = 2 ** -1074;
    for (const [n, k] of [
      [178, 1],
      [317, 2],
      [322, 2],
      [459, 3],
      [460, 3],
    ] as const) {
      const numerator = swapSuccessCount(n, k) << 1074n;
      const denominator = factorial(n);
      const nearest = (numerator + denominator / 2n) / denominator;
      expect(swapSuccessProbability(n, k)).toBe(Number(nearest) * smallest);
    }
  });

  it('gives the reference values', () => {
    expect(swapSuccessProbability(100, 50)).toBe(1);
    expect(swapSuccessProbability(100, 40)).toBeCloseTo(0.7344923660403521, 15);
    expect(swapSuccessProbability(12, 3)).toBeCloseTo(0.16185876623376624, 15);
    expect(exactSuccessProbability(100, 40, 'swap')).toBe(swapSuccessProbability(100, 40));
  });

  it('is exactly 1 when 2k >= n, and below 1 otherwise, up to the lab’s largest n', () => {
    for (const n of [1, 2, 3, 99, 100, 101, N_MAX - 1, N_MAX]) {
      const half = Math.ceil(n / 2);
      expect(swapSuccessProbability(n, half)).toBe(1);
      expect(swapSuccessProbability(n, n)).toBe(1);
      if (half > 0) expect(swapSuccessProbability(n, half - 1)).toBeLessThan(1);
    }
    expect(swapSuccessProbability(1, 0)).toBe(0);
  });

  it('stays finite and above the cycle strategy for n = 100000', () => {
    for (const k of [1, 2, 100, 20_000, 33_334, 49_999]) {
      const swap = swapSuccessProbability(N_MAX, k);
      expect(Number.isFinite(swap)).toBe(true);
      expect(swap).toBeGreaterThanOrEqual(cycleSuccessProbability(N_MAX, k));
      expect(swap).toBeLessThan(1);
    }
    expect(swapSuccessProbability(N_MAX, 1)).toBe(0); // below the smallest double
  });

  it('has no chance of a longest cycle above ⌈n/2⌉ after the swap, and bins that sum to 1', () => {
    const distribution = longestCycleDistribution(100, 'swap');
    expect(distribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(Array.from(distribution.slice(51))).toEqual(new Array(50).fill(0));
    expect(distribution[50]).toBeGreaterThan(0);
    const bins = longestCycleBinProbabilities(100, [0, 25, 40, 50, 75, 100], 'swap');
    expect(bins[0]! + bins[1]!).toBeCloseTo(swapSuccessProbability(100, 40), 14);
    expect(Array.from(bins.slice(3))).toEqual([0, 0]);
  });
});
