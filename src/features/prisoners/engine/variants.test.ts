// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRISONER_COUNT } from './constants.ts';
import { cycleStructure } from './cycles.ts';
import { longestCycleDistribution } from './exact.ts';
import { playToEnd } from './game.ts';
import { randomArrangement } from './permutation.ts';
import { createRng } from './rng.ts';
import {
  bestSwap,
  dealFor,
  namesOfBoxes,
  routeThrough,
  secretLabels,
  swapSlips,
  wardenArrangement,
} from './variants.ts';

const lengths = (slips: ArrayLike<number>) =>
  cycleStructure(slips).cycles.map((cycle) => cycle.boxes.length);

const seeds = fc.integer({ min: 0, max: 0xffffffff });

describe("the helper's swap", () => {
  it('exchanges exactly two slips', () => {
    const slips = randomArrangement(PRISONER_COUNT, createRng(5));
    const swapped = swapSlips(slips, 3, 71);
    const changed = [...swapped.keys()].filter((box) => swapped[box] !== slips[box]);
    expect(changed).toEqual([3, 71]);
    expect([swapped[3], swapped[71]]).toEqual([slips[71], slips[3]]);
  });

  it('splits the longest cycle into halves and leaves the others alone', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const slips = randomArrangement(PRISONER_COUNT, createRng(seed));
        const before = lengths(slips);
        const longest = before[0]!;
        const [a, b] = bestSwap(slips)!;
        const { cycleOfBox } = cycleStructure(slips);
        expect(cycleOfBox[a]).toBe(0);
        expect(cycleOfBox[b]).toBe(0);
        const after = lengths(swapSlips(slips, a, b)).sort((x, y) => x - y);
        const expected = [...before.slice(1), Math.ceil(longest / 2), Math.floor(longest / 2)]
          .filter((length) => length > 0)
          .sort((x, y) => x - y);
        expect(after).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('frees every prisoner of 100 with 50 guesses, in every arrangement', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const slips = randomArrangement(PRISONER_COUNT, createRng(seed));
        const [a, b] = bestSwap(slips)!;
        expect(playToEnd(swapSlips(slips, a, b), 0).status).toBe('all-found');
      }),
      { numRuns: 200 },
    );
  });

  it('has nothing to exchange when every box holds its own slip', () => {
    expect(bestSwap(Int32Array.from({ length: 4 }, (_, i) => i))).toBeNull();
  });

  it('exchanges the two boxes of a longest cycle of two, and has nothing to exchange without boxes', () => {
    // Boxes 0 and 1 hold each other's slips, box 2 its own: exchanging them frees everyone.
    expect(bestSwap(Int32Array.from([1, 0, 2]))).toEqual([0, 1]);
    expect(bestSwap(new Int32Array(0))).toBeNull();
  });
});

describe('the names of the boxes under a relabelling', () => {
  it('calls each box by the number whose label it is', () => {
    // labels[name] = box: name 0 is box 2, name 1 is box 0, name 2 is box 1.
    expect(Array.from(namesOfBoxes([2, 0, 1]))).toEqual([1, 2, 0]);
    expect(Object.keys(namesOfBoxes([1, 0]))).toEqual(['0', '1']);
    expect(namesOfBoxes([])).toEqual(new Int32Array(0));
  });
});

describe("the warden's arrangement", () => {
  it('is one cycle through all the boxes, for every seed', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        expect(lengths(wardenArrangement(PRISONER_COUNT, createRng(seed)))).toEqual([100]);
      }),
      { numRuns: 200 },
    );
  });

  it('makes the first prisoner fail, following the slips', () => {
    const slips = wardenArrangement(PRISONER_COUNT, createRng(9));
    expect(playToEnd(slips, 0)).toMatchObject({ prisoner: 0, status: 'failed' });
  });

  it('is a different cycle for different seeds', () => {
    const first = wardenArrangement(PRISONER_COUNT, createRng(1));
    expect(wardenArrangement(PRISONER_COUNT, createRng(1))).toEqual(first);
    expect(wardenArrangement(PRISONER_COUNT, createRng(2))).not.toEqual(first);
  });
});

describe('the secret relabelling', () => {
  it('turns the warden arrangement into a uniform one: chi-square over the longest cycle', () => {
    const n = 12;
    const trials = 20_000;
    const rng = createRng(2026);
    const counts = new Float64Array(n + 1);
    for (let trial = 0; trial < trials; trial++) {
      const route = routeThrough(wardenArrangement(n, rng), secretLabels(n, rng));
      counts[lengths(route)[0]!]! += 1;
    }
    const exact = longestCycleDistribution(n);
    let statistic = 0;
    let bins = 0;
    let observed = 0;
    let expected = 0;
    for (let length = 1; length <= n; length++) {
      observed += counts[length]!;
      expected += exact[length]! * trials;
      if (expected >= 5) {
        statistic += (observed - expected) ** 2 / expected;
        bins++;
        observed = 0;
        expected = 0;
      }
    }
    // 0.1% critical values of chi-square for up to 12 degrees of freedom stay below 33.
    expect(bins).toBeGreaterThanOrEqual(8);
    expect(statistic).toBeLessThan(33);
  });

  it('reads the slips through the labels', () => {
    const slips = Int32Array.of(1, 2, 0);
    const labels = Int32Array.of(2, 0, 1);
    expect(Array.from(routeThrough(slips, labels))).toEqual([0, 1, 2]);
    expect(Array.from(routeThrough(slips, null))).toEqual([1, 2, 0]);
  });

  it('gives back the success rate of the cycle strategy, about 31% of seeds', () => {
    let freed = 0;
    for (let seed = 0; seed < 2000; seed++) {
      const rng = createRng(seed);
      const slips = wardenArrangement(PRISONER_COUNT, rng);
      const labels = secretLabels(PRISONER_COUNT, rng);
      if (playToEnd(slips, 0, labels).status === 'all-found') freed++;
    }
    // 31.18% of 2000 = 623.6; four standard errors are about 83.
    expect(Math.abs(freed - 623.6)).toBeLessThan(83);
  });
});

describe('dealFor', () => {
  it('deals the classic and helper games a plain arrangement from the stream, with no labels', () => {
    for (const variant of ['classic', 'helper'] as const) {
      const rng = createRng(77);
      const deal = dealFor(variant, 30, rng);
      const expected = createRng(77);
      expect(deal).toEqual({ slips: randomArrangement(30, expected), secret: null });
      expect(rng.nextBelow(1000)).toBe(expected.nextBelow(1000));
    }
  });

  it('deals the warden’s cycle, then the secret labels, one draw per Sattolo step', () => {
    const rng = createRng(78);
    const { slips, secret } = dealFor('warden', 30, rng);
    const expected = createRng(78);
    expect(slips).toEqual(wardenArrangement(30, expected));
    expect(secret).toEqual(secretLabels(30, expected));
    // Sattolo's shuffle of n boxes draws n − 1 times: below n − 1, n − 2, …, 1.
    const counted = createRng(78);
    for (let bound = 29; bound >= 1; bound--) counted.nextBelow(bound);
    const afterCycle = secretLabels(30, counted);
    expect(secret).toEqual(afterCycle);
  });
});
