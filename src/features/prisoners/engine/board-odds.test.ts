// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { boardSuccessProbability } from './exact.ts';
import { initialGame, playOn } from './game.ts';
import { createRng } from './rng.ts';
import { secretLabels, wardenArrangement } from './variants.ts';

/** The exact odds of the simulation's boards, checked against games played on every deal. */

describe('the exact odds of the board', () => {
  /** Fraction of deals whose game ends with everyone free, over every deal of a small board. */
  function enumerateWarden(n: number, k: number, relabelled: boolean): number {
    // Every single cycle and every relabelling, each equally likely: the deals Sattolo's and
    // Fisher–Yates' shuffles draw uniformly, counted from seeds until all are seen.
    const seen = new Map<string, boolean>();
    for (let seed = 0; seen.size < (relabelled ? 6 * 24 : 6) && seed < 200_000; seed++) {
      const rng = createRng(seed);
      const slips = wardenArrangement(n, rng);
      const labels = secretLabels(n, rng);
      const key = `${slips.join()}|${relabelled ? labels.join() : ''}`;
      if (seen.has(key)) continue;
      const end = playOn(initialGame(k), slips, {
        strategy: 'cycle',
        labels: relabelled ? labels : null,
      });
      seen.set(key, end.status === 'all-found');
    }
    return [...seen.values()].filter(Boolean).length / seen.size;
  }

  it('names each strategy and variant’s odds', () => {
    const at = (
      strategy: 'cycle' | 'random',
      variant: 'classic' | 'helper' | 'warden',
      relabelled = false,
    ) => boardSuccessProbability({ n: 4, k: 2, strategy, variant, relabelled });
    // Four boxes, two guesses: 10 of the 24 arrangements have no cycle longer than 2.
    expect(at('cycle', 'classic')).toBeCloseTo(10 / 24, 15);
    // The best swap frees everyone when 2k >= n.
    expect(at('cycle', 'helper')).toBe(1);
    expect(at('cycle', 'warden')).toBe(0);
    expect(at('cycle', 'warden', true)).toBeCloseTo(10 / 24, 15);
    for (const variant of ['classic', 'helper', 'warden'] as const)
      expect(at('random', variant)).toBeCloseTo(1 / 16, 15);
    expect(
      boardSuccessProbability({
        n: 5,
        k: 5,
        strategy: 'cycle',
        variant: 'warden',
        relabelled: false,
      }),
    ).toBe(1);
    // Ten boxes, two guesses: the helper cannot always help (2k < n).
    expect(
      boardSuccessProbability({
        n: 10,
        k: 2,
        strategy: 'cycle',
        variant: 'helper',
        relabelled: false,
      }),
    ).toBeLessThan(1);
  });

  it('agrees with every warden deal of 4 boxes, with and without the relabelling', () => {
    expect(enumerateWarden(4, 2, false)).toBe(
      boardSuccessProbability({
        n: 4,
        k: 2,
        strategy: 'cycle',
        variant: 'warden',
        relabelled: false,
      }),
    );
    expect(enumerateWarden(4, 2, true)).toBeCloseTo(
      boardSuccessProbability({
        n: 4,
        k: 2,
        strategy: 'cycle',
        variant: 'warden',
        relabelled: true,
      }),
      15,
    );
  });
});
