// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleStructure } from '../engine/cycles.ts';
import { swapSlips } from '../engine/variants.ts';
import { arrangementChance } from './arrangement-chance.ts';

/** Seven boxes in one cycle, 0 → 1 → … → 6 → 0 (slips[box] = box + 1). */
const ring = Int32Array.from({ length: 7 }, (_, box) => (box + 1) % 7);

const chanceOf = (swap: [number, number] | null, k: number) => {
  const slips = swap ? swapSlips(ring, swap[0], swap[1]) : ring;
  return arrangementChance(ring, swap, cycleStructure(slips, k), k);
};

describe('the chance of the helper’s arrangement as it stands', () => {
  it('as dealt: one cycle of 7 boxes dooms a run of 3 guesses', () => {
    expect(chanceOf(null, 3)).toEqual({
      chance: 0,
      which: 'as dealt',
      reason: 'a cycle of 7 boxes is longer than 3 guesses: it dooms the run',
    });
  });

  it('after the best exchange (boxes 1 and 4, either way round): cycles of 4 and 3', () => {
    // Exchanging the slips of boxes 0 and 3 leaves 0 → 4 → 5 → 6 → 0 and 1 → 2 → 3 → 1.
    const best = {
      chance: 1,
      which: 'after the helper’s best exchange',
      reason: 'no cycle is longer than 4 guesses: everyone goes free',
    };
    expect(chanceOf([0, 3], 4)).toEqual(best);
    expect(chanceOf([3, 0], 4)).toEqual(best);
    expect(chanceOf([0, 3], 3)).toEqual({
      chance: 0,
      which: 'after the helper’s best exchange',
      reason: 'a cycle of 4 boxes is longer than 3 guesses: it dooms the run',
    });
  });

  it('after the visitor’s own exchange, named by its boxes, in the singular where it is one', () => {
    // Exchanging the slips of boxes 0 and 1 leaves box 1 on its own and 0 → 2 → … → 6 → 0.
    expect(chanceOf([0, 1], 1)).toEqual({
      chance: 0,
      which: 'after the exchange of boxes 1 and 2',
      reason: 'a cycle of 6 boxes is longer than 1 guess: it dooms the run',
    });
    expect(chanceOf([0, 1], 6)).toEqual({
      chance: 1,
      which: 'after the exchange of boxes 1 and 2',
      reason: 'no cycle is longer than 6 guesses: everyone goes free',
    });
  });
});
