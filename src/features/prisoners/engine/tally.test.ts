// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextWord, seedGenerator, type Sfc32 } from './sfc32.ts';
import {
  createTally,
  deriveCycleCounts,
  oneLongCycleAtMost,
  trialStart,
  watchThreshold,
} from './tally.ts';

describe('tally', () => {
  it('starts empty, with n + 1 counts and an example book only when asked', () => {
    const tally = createTally(4);
    expect(tally).toMatchObject({ trials: 0, successes: 0, examples: null });
    expect(Array.from(tally.longestCycle)).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(tally.freed)).toEqual([0, 0, 0, 0, 0]);
    const book = createTally(4, true).examples!;
    expect(book.next).toBe(1);
    expect(Array.from(book.trial)).toEqual([0, 0, 0, 0, 0]);
    expect(book.words).toBeInstanceOf(Int32Array);
    expect(book.words.length).toBe(25);
    expect(book.words.every((word) => word === 0)).toBe(true);
  });

  it('lets a trial be watched only at the simulation page’s size, following the slips', () => {
    expect(watchThreshold(100, 'cycle')).toBe(50);
    expect(watchThreshold(100, 'swap')).toBeNull();
    expect(watchThreshold(100, 'random')).toBeNull();
    expect(watchThreshold(99, 'cycle')).toBeNull();
    expect(watchThreshold(101, 'cycle')).toBeNull();
  });

  it('knows when 2k >= n rules out two cycles longer than k', () => {
    // 2k >= n: two cycles of k + 1 boxes or more would need n >= 2k + 2.
    expect(oneLongCycleAtMost(10, 5)).toBe(true);
    expect(oneLongCycleAtMost(9, 5)).toBe(true);
    expect(oneLongCycleAtMost(10, 4)).toBe(false);
    expect(oneLongCycleAtMost(12, 5)).toBe(false);
  });

  it('derives successes and freed counts from the longest cycles when 2k >= n', () => {
    // n = 6, k = 3: lengths 1..6 seen 1..6 times. Successes: lengths 1..3, 1 + 2 + 3 = 6 trials.
    // A longest cycle of L > 3 boxes frees the 6 − L prisoners outside it.
    const tally = createTally(6);
    tally.longestCycle.set([0, 1, 2, 3, 4, 5, 6]);
    tally.freed.set([9, 9, 9, 9, 9, 9, 9]); // stale counts of an earlier batch, rewritten whole
    deriveCycleCounts(tally, 6, 3);
    expect(tally.successes).toBe(6);
    expect(Array.from(tally.freed)).toEqual([6, 5, 4, 0, 0, 0, 6]);
  });

  it('derives only the successes when two cycles can be longer than k', () => {
    // n = 7, k = 3: a trial may hold cycles of 4 and 3 boxes, or 5 and 2, so the freed counts
    // need the whole arrangement: the kernels count them, and they stay as they are.
    const tally = createTally(7);
    tally.longestCycle.set([0, 2, 0, 5, 1, 0, 0, 7]);
    tally.freed.set([1, 2, 3, 4, 5, 6, 7, 8]);
    deriveCycleCounts(tally, 7, 3);
    expect(tally.successes).toBe(7);
    expect(Array.from(tally.freed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('recovers the state at the start of a kept trial from its end state and its word count', () => {
    const generator = seedGenerator(77);
    for (let i = 0; i < 5; i++) nextWord(generator);
    const start: Sfc32 = { ...generator };
    for (let i = 0; i < 9; i++) nextWord(generator);
    const book = createTally(3, true).examples!;
    // Length 2 keeps this trial: its end state and the 9 words it drew.
    book.words.set([generator.a, generator.b, generator.c, generator.d, 9], 10);
    expect(trialStart(book, 2)).toEqual(start);
  });
});
