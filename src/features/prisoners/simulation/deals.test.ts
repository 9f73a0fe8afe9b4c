// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRng, stateSeed } from '../engine/rng.ts';
import { setGenerator } from '../engine/sfc32.ts';
import type { BoardSize } from './address.ts';
import { createDealsAhead, newDeal, nextDealInSeries, type DealGame } from './deals.ts';
import type { Variant } from '../engine/types.ts';

const board = (n: number, k: number): BoardSize => ({ n, k, strategy: 'cycle', kSet: false });
const BOARD = board(30, 15);
/** The game a deal is for; relabelled, its slips are read through labels (any will do here). */
const game = (variant: Variant, relabelled: boolean, on = BOARD): DealGame => ({
  variant,
  labels: relabelled ? new Int32Array(on.n) : null,
  board: on,
});

/** The deal `rng` makes from where it stands, and where that leaves it; `rng` does not move. */
function fresh(rng: ReturnType<typeof createRng>, variant: 'classic' | 'warden' = 'classic') {
  const copy = createRng(stateSeed(rng.generator));
  const deal = newDeal(variant, variant === 'warden', BOARD, copy);
  return { deal, after: stateSeed(copy.generator) };
}

describe('deals made ahead', () => {
  it('are the deals the generator would make, taken while it stands where it was copied', () => {
    const ahead = createDealsAhead();
    const rng = createRng(7);
    const before = stateSeed(rng.generator);
    const expected = fresh(rng);
    const made = ahead.prepare('new', game('classic', false), rng);
    // Making it ahead leaves the run's generator where it was; made again, it is the same deal.
    expect(stateSeed(rng.generator)).toBe(before);
    expect(ahead.prepare('new', game('classic', false), rng)).toBe(made);
    expect(made).toEqual(expected.deal);
    // Taken: that very deal, and the generator moves on as dealing it would have moved it.
    expect(ahead.take('new', game('classic', false), rng)).toBe(made);
    expect(stateSeed(rng.generator)).toBe(expected.after);
  });

  it('are taken once', () => {
    const ahead = createDealsAhead();
    const rng = createRng(8);
    const start = createRng(stateSeed(rng.generator)).generator;
    const made = ahead.prepare('new', game('classic', false), rng);
    ahead.take('new', game('classic', false), rng);
    setGenerator(rng.generator, start);
    const again = ahead.take('new', game('classic', false), rng);
    expect(again).not.toBe(made);
    expect(again).toEqual(made);
  });

  it('are not taken once the generator moved, nor for another game', () => {
    const rng = createRng(9);
    const moved = createDealsAhead();
    const stale = moved.prepare('new', game('classic', false), rng);
    rng.nextUint32();
    const expected = fresh(rng);
    const taken = moved.take('new', game('classic', false), rng);
    expect(taken).not.toBe(stale);
    expect(taken).toEqual(expected.deal);
    expect(stateSeed(rng.generator)).toBe(expected.after);
    // Made ahead again after the generator moved: the deal from where it stands now.
    const remade = createDealsAhead();
    remade.prepare('new', game('classic', false), rng);
    rng.nextUint32();
    const now = fresh(rng);
    const again = remade.prepare('new', game('classic', false), rng);
    expect(again).toEqual(now.deal);
    expect(remade.take('new', game('classic', false), rng)).toBe(again);

    const others: [string, (ahead: ReturnType<typeof createDealsAhead>) => unknown][] = [
      ['variant', (ahead) => ahead.take('new', game('warden', false), rng)],
      ['reading', (ahead) => ahead.take('new', game('classic', true), rng)],
      ['boxes', (ahead) => ahead.take('new', game('classic', false, board(31, 15)), rng)],
      ['guesses', (ahead) => ahead.take('new', game('classic', false, board(30, 14)), rng)],
      ['kind', (ahead) => ahead.take('series', game('classic', false), rng)],
    ];
    for (const [what, take] of others) {
      const ahead = createDealsAhead();
      const made = ahead.prepare('new', game('classic', false), rng);
      const copy = createRng(stateSeed(rng.generator));
      expect(take(ahead), what).not.toBe(made);
      setGenerator(rng.generator, copy.generator);
    }
  });

  it("of a series: the helper's next deal with the best exchange made", () => {
    const ahead = createDealsAhead();
    const rng = createRng(10);
    const copy = createRng(stateSeed(rng.generator));
    const expected = nextDealInSeries('helper', false, BOARD, copy);
    const made = ahead.prepare('series', game('helper', false), rng);
    expect(made).toEqual(expected);
    expect(made.swap).not.toBeNull();
    expect(ahead.take('series', game('helper', false), rng)).toBe(made);
    expect(stateSeed(rng.generator)).toBe(stateSeed(copy.generator));
  });
});
