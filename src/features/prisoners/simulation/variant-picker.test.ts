// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { helperWhy } from './variant-picker.tsx';

describe("the helper's reason", () => {
  it('with n = 2k + 1, one long cycle at most, yet a cycle of all n boxes survives the swap', () => {
    // The swap fails only on a single cycle of all 7 boxes: 6! of 7! arrangements, 1/7.
    expect(helperWhy(7, 3)).toBe(
      'A cycle longer than 3 can exist only once, because two of them would need more than 7 boxes, but a cycle of all 7 boxes stays longer than 3 in either half. So the best swap frees everyone 85.71% of the time.',
    );
  });

  it('with n ≤ 2k, the swap frees everyone; with n ≥ 2k + 2, two long cycles fit', () => {
    expect(helperWhy(100, 50)).toBe(
      'A cycle longer than 50 can exist only once, because two of them would need more than 100 boxes. Cutting it in half leaves every cycle at most 50 long, so the best swap frees everyone in every arrangement.',
    );
    expect(helperWhy(8, 3)).toMatch(
      /^With 3 guesses for 8 boxes, two cycles longer than 3 fit in one arrangement, and a cycle longer than 6 stays too long in either half\./,
    );
  });
});
