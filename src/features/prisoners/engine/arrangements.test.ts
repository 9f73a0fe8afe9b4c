// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRISONER_COUNT } from './constants.ts';
import { randomArrangement } from './permutation.ts';
import { createRng } from './rng.ts';

/** The arrangements a game is dealt: permutations, reproducible from their seed. */

const seeds = fc.integer({ min: 0, max: 0xffffffff });
const arrangementOf = (seed: number) => randomArrangement(PRISONER_COUNT, createRng(seed));

describe('arrangements', () => {
  it('are permutations of 0..99', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const slips = Array.from(arrangementOf(seed)).sort((a, b) => a - b);
        expect(slips).toEqual(Array.from({ length: PRISONER_COUNT }, (_, i) => i));
      }),
    );
  });

  it('are reproducible from their seed, reshuffles included', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        for (let i = 0; i < 3; i++) {
          expect(randomArrangement(PRISONER_COUNT, a)).toEqual(
            randomArrangement(PRISONER_COUNT, b),
          );
        }
      }),
      { numRuns: 50 },
    );
  });
});
