import { describe, expect, it } from 'vitest';
import {
  cycleSuccessProbability,
  longestCycleAtMost,
  longestCycleBinProbabilities,
  longestCycleDistribution,
  randomSuccessProbability,
} from './exact.ts';

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

  it('rejects impossible counts', () => {
    expect(() => randomSuccessProbability(5, 6)).toThrow(RangeError);
    expect(() => longestCycleAtMost(5, -1)).toThrow(RangeError);
  });
});
