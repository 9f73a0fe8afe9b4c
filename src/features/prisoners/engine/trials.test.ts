// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import { cycleStructure } from './cycles.ts';
import {
  cycleSuccessProbability,
  longestCycleDistribution,
  randomSuccessProbability,
  swapSuccessProbability,
} from './exact.ts';
import { bernoulli, probabilityWords } from './fast-kernels.ts';
import { createLiteralScratch } from './literal-kernels.ts';
import { randomArrangement } from './permutation.ts';
import { createRng, type Rng } from './rng.ts';
import { examplesOf } from './streams.ts';
import { cycleLengthOfBox } from '../../../testing/arrangements.ts';
import { copyGenerator, drawFor, generatorFromWords, seedGenerator } from './sfc32.ts';
import { createTally, type Tally } from './tally.ts';
import { fastBatch, literalBatch, planTrials } from './trials.ts';
import { bestSwap, swapSlips } from './variants.ts';
import type { Strategy, TrialSettings } from './types.ts';

/** `trials` literal trials in batches of the given sizes (repeated), from a seeded stream. */
function literal(settings: TrialSettings, seed: number, trials: number, batches = [trials]) {
  const tally = createTally(settings.n, settings.strategy === 'cycle');
  const scratch = createLiteralScratch(settings.n);
  const generator = seedGenerator(seed);
  const plan = planTrials(settings);
  for (let done = 0, i = 0; done < trials; i++) {
    const count = Math.min(batches[i % batches.length] as number, trials - done);
    literalBatch(plan, count, tally, scratch, generator);
    done += count;
  }
  return { tally, generator };
}

/** The same for fast trials. */
function fast(settings: TrialSettings, seed: number, trials: number, batches = [trials]) {
  const tally = createTally(settings.n);
  const generator = seedGenerator(seed);
  const plan = planTrials(settings);
  for (let done = 0, i = 0; done < trials; i++) {
    const count = Math.min(batches[i % batches.length] as number, trials - done);
    fastBatch(plan, count, tally, generator);
    done += count;
  }
  return { tally, generator };
}

const settings = (n: number, k: number, strategy: Strategy = 'cycle') => ({ n, k, strategy });

/**
 * Literal trials of the cycle and swap strategies the slow, obvious way, on the simulation
 * page's own functions: every trial is `randomArrangement(n, rng)` from the one stream, with the
 * swap strategy exchanged by `bestSwap`, and its cycles come from `cycleStructure`. The random
 * strategy draws its searches from the same stream, so no model written apart from the kernel
 * could follow its stream; its oracle is the exact enumeration below.
 */
function literalModel({ n, k, strategy }: TrialSettings, seed: number, trials: number) {
  if (strategy === 'random') throw new Error('the model follows the cycle and swap strategies');
  const tally = createTally(n, strategy === 'cycle');
  const rng: Rng = createRng(seed);
  for (let trial = 0; trial < trials; trial++) {
    const start = copyGenerator(rng.generator);
    const dealt = randomArrangement(n, rng);
    const pair = strategy === 'swap' ? bestSwap(dealt) : null;
    const slips = pair ? swapSlips(dealt, pair[0], pair[1]) : dealt;
    const lengths = cycleStructure(slips).cycles.map((cycle) => cycle.boxes.length);
    const longest = Math.max(0, ...lengths);
    tally.longestCycle[longest]!++;
    tally.trials++;
    const lost = lengths.filter((length) => length > k).reduce((a, b) => a + b, 0);
    tally.freed[n - lost]!++;
    if (longest <= k) tally.successes++;
    const book = tally.examples;
    if (book && book.trial[longest] === 0) {
      // The state after the trial and the words it drew.
      const { a, b, c, d } = rng.generator;
      book.trial[longest] = trial + 1;
      book.words.set([a, b, c, d, (d - start.d) | 0], 5 * longest);
    }
  }
  if (tally.examples) tally.examples.next = trials + 1;
  return { tally, generator: rng.generator };
}

/**
 * Fast trials of the cycle and swap strategies the slow, obvious way: among m boxes left, the
 * cycle through the smallest has a length uniform on 1..m, one draw of the lab's draw for n
 * (`drawFor`, checked on its own in sfc32.test.ts). Cycles are drawn, and kept in a list, until
 * no cycle among the boxes left could change what the trial counts: a cycle longer than the
 * longest (after the swap, the larger half of the longest or the second), or one longer than k.
 * The counts come from the list: the swap splits its longest cycle into halves, the prisoners
 * on cycles longer than k stay in.
 */
function fastModel({ n, k, strategy }: TrialSettings, seed: number, trials: number) {
  if (strategy === 'random') throw new Error('the model follows the cycle and swap strategies');
  const tally = createTally(n);
  const generator = seedGenerator(seed);
  const draw = drawFor(n);
  for (let trial = 0; trial < trials; trial++) {
    const drawn: number[] = [];
    let left = n;
    for (;;) {
      const sorted = [...drawn].sort((a, b) => b - a);
      const first = sorted[0] ?? 0;
      const longest = strategy === 'swap' ? Math.max(Math.ceil(first / 2), sorted[1] ?? 0) : first;
      // Only the swap and 2k < n need to know every cycle longer than k.
      const freedCounted = strategy === 'swap' || 2 * k < n;
      if (!(left > longest || (freedCounted && left > k))) break;
      const length = draw(generator, left) + 1;
      drawn.push(length);
      left -= length;
    }
    const sorted = [...drawn].sort((a, b) => b - a);
    const cycles =
      strategy === 'swap'
        ? [Math.ceil(sorted[0]! / 2), Math.floor(sorted[0]! / 2), ...sorted.slice(1)]
        : sorted;
    const longest = Math.max(...cycles);
    const lost = cycles.filter((length) => length > k).reduce((a, b) => a + b, 0);
    tally.trials++;
    tally.longestCycle[longest]!++;
    tally.freed[n - lost]!++;
    if (longest <= k) tally.successes++;
  }
  return { tally, generator };
}

/** [index, value] of each non-zero entry. */
function nonZero(values: ArrayLike<number>): [number, number][] {
  return Array.from(values).flatMap((value, index) => (value === 0 ? [] : [[index, value]]));
}

/** Every k-element subset of 0..n−1. */
function subsets(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  const without = subsets(n - 1, k);
  const withLast = subsets(n - 1, k - 1).map((subset) => [...subset, n - 1]);
  return [...without, ...withLast];
}

/** Every arrangement of 0..n−1. */
function arrangements(n: number): number[][] {
  if (n === 0) return [[]];
  return arrangements(n - 1).flatMap((rest) =>
    Array.from({ length: n }, (_, at) => [...rest.slice(0, at), n - 1, ...rest.slice(at)]),
  );
}

/**
 * The random strategy's chance by exact enumeration: every arrangement, and for every prisoner
 * every set of k boxes it may open, each equally likely; counts the cases where every prisoner's
 * set holds the box with its own slip.
 */
function randomStrategyByEnumeration(n: number, k: number): { freed: number; cases: number } {
  const choices = subsets(n, k);
  let freed = 0;
  let cases = 0;
  for (const slips of arrangements(n)) {
    const boxOf = (prisoner: number) => slips.indexOf(prisoner);
    // Prisoners choose independently: count the choices that find each one's box, multiply.
    let all = 1;
    for (let prisoner = 0; prisoner < n; prisoner++) {
      all *= choices.filter((set) => set.includes(boxOf(prisoner))).length;
    }
    freed += all;
    cases += choices.length ** n;
  }
  return { freed, cases };
}

/** |observed − expected| in standard errors of a proportion. */
function standardErrors(tally: Tally, p: number): number {
  const se = Math.sqrt((p * (1 - p)) / tally.trials);
  return Math.abs(tally.successes / tally.trials - p) / se;
}

/** Pearson chi-square of a longest-cycle histogram against the exact distribution, bins pooled to expected >= 5. */
function chiSquare(histogram: Float64Array, exact: Float64Array, trials: number) {
  let statistic = 0;
  let bins = 0;
  let observed = 0;
  let expected = 0;
  for (let length = 0; length < exact.length; length++) {
    observed += histogram[length] as number;
    expected += (exact[length] as number) * trials;
    if (expected >= 5) {
      statistic += (observed - expected) ** 2 / expected;
      bins++;
      observed = 0;
      expected = 0;
    }
  }
  if (expected > 0) statistic += (observed - expected) ** 2 / expected;
  return { statistic, degrees: bins - 1 };
}

/** Upper 0.1% point of chi-square (Wilson–Hilferty), generous enough for a fixed-seed test. */
function chiSquareCritical(degrees: number): number {
  const z = 3.09;
  const h = 2 / (9 * degrees);
  return degrees * (1 - h + z * Math.sqrt(h)) ** 3;
}

/** The longest cycles a tally recorded (after the swap, with `swap`) follow the exact distribution. */
function expectExactLongestCycles(tally: Tally, n: number, strategy: Strategy = 'cycle') {
  const { statistic, degrees } = chiSquare(
    tally.longestCycle,
    longestCycleDistribution(n, strategy),
    tally.trials,
  );
  expect(degrees).toBeGreaterThan(0);
  expect(statistic).toBeLessThan(chiSquareCritical(degrees));
}

/** Two histograms of as many trials each come from one distribution: two-sample chi-square. */
function expectSameDistribution(x: Float64Array, y: Float64Array) {
  let statistic = 0;
  let bins = 0;
  for (let value = 0; value < x.length; value++) {
    const a = x[value] as number;
    const b = y[value] as number;
    if (a + b < 20) continue; // bins with enough mass only
    statistic += (a - b) ** 2 / (a + b);
    bins++;
  }
  expect(bins).toBeGreaterThan(5);
  expect(statistic).toBeLessThan(chiSquareCritical(bins - 1));
}

describe('literal trials', () => {
  it.each([
    ['cycle, 2k >= n', settings(100, 50)],
    ['cycle, 2k < n (freed counted per trial)', settings(40, 15)],
    ['cycle, 32-bit draws', settings(300, 150)],
    ['swap, 2k >= n', settings(100, 50, 'swap')],
    ['swap, 2k < n', settings(40, 12, 'swap')],
    ['swap, 32-bit draws', settings(300, 100, 'swap')],
    ['swap, no guesses', settings(9, 0, 'swap')],
  ])(
    'count exactly the arrangements randomArrangement gives on the stream (%s), whatever the batches',
    (_, trialSettings) => {
      const trials = 400;
      const model = literalModel(trialSettings, 3, trials);
      for (const batches of [[trials], [1, 2, 37, 100], [7]]) {
        const { tally, generator } = literal(trialSettings, 3, trials, batches);
        expect(tally).toEqual(model.tally);
        expect(generator).toEqual(model.generator);
      }
    },
  );

  it.each([
    ['2k >= n', settings(100, 50)],
    ['2k < n', settings(40, 15)],
  ])(
    'count the cycle strategy the same into a tally that keeps no examples (%s)',
    (_, trialSettings) => {
      const model = literalModel(trialSettings, 3, 400);
      const tally = createTally(trialSettings.n);
      const generator = seedGenerator(3);
      const plan = planTrials(trialSettings);
      const scratch = createLiteralScratch(trialSettings.n);
      for (const count of [150, 250]) literalBatch(plan, count, tally, scratch, generator);
      expect(tally).toEqual({ ...model.tally, examples: null });
      expect(generator).toEqual(model.generator);
    },
  );

  it('run one trial a chunk above 65 536 boxes (a chunk is 2^16 draws)', () => {
    const n = 70_000;
    const { tally, generator } = literal(settings(n, n / 2), 7, 2);
    // The stream holds the two deals and nothing else; each deal's longest cycle, walked.
    const rng = createRng(7);
    const longest = [0, 1].map(() => {
      const slips = randomArrangement(n, rng);
      const seen = new Uint8Array(n);
      let most = 0;
      for (let box = 0; box < n; box++) {
        let length = 0;
        for (let at = box; seen[at] === 0; at = slips[at]!) {
          seen[at] = 1;
          length++;
        }
        most = Math.max(most, length);
      }
      return most;
    });
    const histogram = new Map<number, number>();
    for (const length of longest) histogram.set(length, (histogram.get(length) ?? 0) + 1);
    expect(tally.trials).toBe(2);
    expect(nonZero(tally.longestCycle)).toEqual([...histogram].sort((a, b) => a[0] - b[0]));
    expect(tally.successes).toBe(longest.filter((length) => length <= n / 2).length);
    expect(generator).toEqual(rng.generator);
  });

  it.each([
    ['random', settings(12, 9, 'random')],
    ['random, 32-bit draws', settings(260, 250, 'random')],
  ])(
    'count the same trials and leave the same stream (%s), whatever the batches',
    (_, trialSettings) => {
      const whole = literal(trialSettings, 3, 400);
      expect(whole.tally.trials).toBe(400);
      for (const batches of [[1, 2, 37, 100], [7]]) {
        const { tally, generator } = literal(trialSettings, 3, 400, batches);
        expect(tally).toEqual(whole.tally);
        expect(generator).toEqual(whole.generator);
      }
    },
  );

  it('deal the random strategy the arrangements randomArrangement gives on the stream', () => {
    // With no guesses nobody opens a box, so the stream holds nothing but the deals.
    const { tally, generator } = literal(settings(30, 0, 'random'), 5, 300);
    const model = literalModel(settings(30, 0), 5, 300);
    expect(tally.longestCycle).toEqual(model.tally.longestCycle);
    expect(tally.successes).toBe(0);
    expect(generator).toEqual(model.generator);
  });

  it('keeps the first trial of each longest cycle with the state that replays it', () => {
    const trials = 2000;
    const { tally } = literal(settings(PRISONER_COUNT, GUESS_LIMIT), 12345, trials);
    const examples = examplesOf(tally.examples, PRISONER_COUNT);
    // The model replays every trial one by one: the first of each length, by trial number.
    const firsts = new Map<number, number>();
    const rng = createRng(12345);
    for (let trial = 1; trial <= trials; trial++) {
      const longest = Math.max(...cycleLengthOfBox(randomArrangement(PRISONER_COUNT, rng)));
      if (!firsts.has(longest)) firsts.set(longest, trial);
    }
    expect(
      examples.flatMap((example, length) => (example ? [[length, example.trial]] : [])),
    ).toEqual([...firsts].sort((a, b) => a[0] - b[0]));
    for (const [length, example] of examples.entries()) {
      if (!example) continue;
      const replay = randomArrangement(PRISONER_COUNT, createRng(example.state));
      expect(Math.max(...cycleLengthOfBox(replay))).toBe(length);
    }
  });

  it('matches the exact success rate and longest-cycle distribution (n = 100, k = 50)', () => {
    const trials = 200_000;
    const { tally } = literal(settings(100, 50), 2024, trials);
    expect(tally.trials).toBe(trials);
    expect(standardErrors(tally, cycleSuccessProbability(100, 50))).toBeLessThan(4);
    expectExactLongestCycles(tally, 100);
    // Freed counts: all 100 exactly when the trial succeeded.
    expect(tally.freed[100]).toBe(tally.successes);
    expect(tally.freed.reduce((a, b) => a + b, 0)).toBe(trials);
  });

  it('matches the exact success rate and distribution when 2k < n (recurrence region)', () => {
    const { tally } = literal(settings(30, 8), 99, 100_000);
    expect(standardErrors(tally, cycleSuccessProbability(30, 8))).toBeLessThan(4);
    expectExactLongestCycles(tally, 30);
  });

  it('matches the exact distribution with 32-bit draws (n = 300)', () => {
    const { tally } = literal(settings(300, 150), 8, 20_000);
    expect(standardErrors(tally, cycleSuccessProbability(300, 150))).toBeLessThan(4);
    expectExactLongestCycles(tally, 300);
  });

  it('counts (k/n)^n as the random strategy’s chance, as exact enumeration does', () => {
    for (const [n, k, freed, cases] of [
      [3, 1, 6, 6 * 27],
      [3, 2, 6 * 8, 6 * 27],
      [4, 2, 24 * 3 ** 4, 24 * 6 ** 4],
      [4, 3, 24 * 3 ** 4, 24 * 4 ** 4],
    ] as const) {
      expect(randomStrategyByEnumeration(n, k)).toEqual({ freed, cases });
      expect(randomSuccessProbability(n, k)).toBeCloseTo(freed / cases, 15);
    }
  });

  it('random strategy frees everyone as often as exact enumeration says, with exact longest cycles', () => {
    for (const [n, k, seed] of [
      [4, 2, 1],
      [5, 3, 2],
    ] as const) {
      const { freed, cases } = randomStrategyByEnumeration(n, k);
      const { tally } = literal(settings(n, k, 'random'), seed, 60_000);
      expect(standardErrors(tally, freed / cases)).toBeLessThan(4);
      expectExactLongestCycles(tally, n);
    }
    const { tally } = literal(settings(10, 8, 'random'), 3, 60_000);
    expect(standardErrors(tally, randomSuccessProbability(10, 8))).toBeLessThan(4);
  });
});

describe('fast trials', () => {
  it.each([
    ['cycle, 2k >= n', settings(100, 50)],
    ['cycle, 2k < n', settings(40, 15)],
    ['cycle, 32-bit draws', settings(1000, 300)],
    ['random', settings(8, 6, 'random')],
    ['random, p = 1', settings(5, 5, 'random')],
    ['swap, 2k >= n', settings(100, 50, 'swap')],
    ['swap, 2k < n', settings(40, 12, 'swap')],
    ['swap, 32-bit draws', settings(1000, 300, 'swap')],
  ])('give the same tallies from the same seed whatever the batches (%s)', (_, trialSettings) => {
    const whole = fast(trialSettings, 4, 5000);
    expect(whole.tally.trials).toBe(5000);
    for (const batches of [[1, 2, 37, 1000], [1025]]) {
      const split = fast(trialSettings, 4, 5000, batches);
      expect(split.tally).toEqual(whole.tally);
      expect(split.generator).toEqual(whole.generator);
    }
    expect(fast(trialSettings, 5, 5000).tally).not.toEqual(whole.tally);
  });

  it.each([
    ['cycle, 2k >= n', settings(100, 50), 6],
    ['cycle, 2k < n', settings(40, 15), 6],
    ['cycle, odd n, 2k < n', settings(7, 3), 6],
    // Below 256 boxes, 24-bit draws: seeds 7 and 11 meet words on which a 32-bit draw gives
    // another length within these trials.
    ['cycle, 255 boxes', settings(255, 128), 7],
    ['cycle, 255 boxes, 2k < n', settings(255, 60), 11],
    // From 256 boxes on, 32-bit draws: seed 16's stream holds words on which a 24-bit draw of
    // fewer than 256 boxes gives another length, or rejects the word, within these trials.
    ['cycle, 256 boxes', settings(256, 128), 16],
    ['cycle, 256 boxes, 2k < n', settings(256, 100), 16],
    ['cycle, 32-bit draws, 2k < n', settings(1000, 300), 6],
    ['swap, 2k >= n', settings(100, 50, 'swap'), 6],
    ['swap, 2k < n', settings(40, 12, 'swap'), 6],
    ['swap, no guesses', settings(9, 0, 'swap'), 6],
    ['swap, 32-bit draws', settings(1000, 300, 'swap'), 6],
  ])(
    'count exactly the cycles a plain sampler draws from the stream (%s)',
    (_, trialSettings, seed) => {
      const model = fastModel(trialSettings, seed, 3000);
      const { tally, generator } = fast(trialSettings, seed, 3000, [1, 1000, 1999]);
      expect(tally).toEqual(model.tally);
      expect(generator).toEqual(model.generator);
    },
  );

  it('match the exact success rate and longest-cycle distribution', () => {
    for (const [n, k] of [
      [100, 50],
      [1000, 300],
      [7, 3],
    ] as const) {
      const { tally } = fast(settings(n, k), n * 31 + k, 400_000);
      expect(standardErrors(tally, cycleSuccessProbability(n, k))).toBeLessThan(4);
      expectExactLongestCycles(tally, n);
    }
  });

  it('agree with literal trials on the prisoners-freed distribution', () => {
    const n = 40;
    const k = 15;
    const trials = 100_000;
    const literalTally = literal(settings(n, k), 3, trials).tally;
    const sampled = fast(settings(n, k), 4, trials).tally;
    expectSameDistribution(literalTally.freed, sampled.freed);
    const difference = literalTally.successes / trials - sampled.successes / trials;
    const p = cycleSuccessProbability(n, k);
    expect(Math.abs(difference) / Math.sqrt((2 * p * (1 - p)) / trials)).toBeLessThan(4);
  });

  it('random strategy matches (k/n)^n and the exact longest cycles', () => {
    const { tally } = fast(settings(8, 6, 'random'), 11, 300_000);
    expect(standardErrors(tally, randomSuccessProbability(8, 6))).toBeLessThan(4);
    expectExactLongestCycles(tally, 8);
    expect(fast(settings(5, 5, 'random'), 1, 100).tally.successes).toBe(100);
  });
});

describe('exact Bernoulli draws', () => {
  it('write a probability as its exact binary expansion', () => {
    expect(Array.from(probabilityWords(0.75))).toEqual([0xc0000000]);
    expect(Array.from(probabilityWords(2 ** -40))).toEqual([0, 2 ** 24]);
    // 1/3 as a double is 0x15555555555555 · 2^-54.
    expect(Array.from(probabilityWords(1 / 3))).toEqual([0x55555555, 0x55555400]);
    expect(probabilityWords(0)).toHaveLength(0);
  });

  it('compare random words with the expansion until one differs', () => {
    const words = probabilityWords(0.75);
    // sfc32's next word is a + b + d: these states start with the given word.
    const startingWith = (word: number) => generatorFromWords(word, 0, 0, 0);
    expect(bernoulli(startingWith(0xbfffffff), words)).toBe(true);
    expect(bernoulli(startingWith(0xc0000000), words)).toBe(false); // exactly p: not below it
    expect(bernoulli(startingWith(0xc0000001), words)).toBe(false);
    // Each word is drawn only while the ones before it equal p's: one word for p = 0.75 even
    // when it equals p's, and a second for 1/3 when the first equals 0x55555555.
    const drawnWords = (generator: ReturnType<typeof startingWith>, p: number) => {
      const before = generator.d;
      bernoulli(generator, probabilityWords(p));
      return generator.d - before;
    };
    expect(drawnWords(startingWith(0xc0000000), 0.75)).toBe(1);
    expect(drawnWords(startingWith(0x55555555), 1 / 3)).toBe(2);
    expect(drawnWords(startingWith(0x55555554), 1 / 3)).toBe(1);
    const generator = seedGenerator(3);
    const before = copyGenerator(generator);
    let hits = 0;
    for (let i = 0; i < 100_000; i++) if (bernoulli(generator, probabilityWords(0.3))) hits++;
    expect(Math.abs(hits / 100_000 - 0.3) / Math.sqrt(0.21 / 100_000)).toBeLessThan(4);
    expect(generator.d - before.d).toBe(100_000); // one word per draw
  });
});

describe('swap strategy trials', () => {
  it.each([
    [100, 40, 'literal', 200_000],
    [100, 40, 'fast', 400_000],
    [30, 6, 'literal', 100_000],
    [1000, 300, 'fast', 400_000],
    [300, 100, 'literal', 20_000],
    [7, 2, 'fast', 400_000],
  ] as const)(
    'n = %i, k = %i, %s: the exact success rate, and the exact longest cycles after the swap',
    (n, k, method, trials) => {
      const run = method === 'literal' ? literal : fast;
      const { tally } = run(settings(n, k, 'swap'), n * 7 + k, trials);
      expect(tally.trials).toBe(trials);
      expect(standardErrors(tally, swapSuccessProbability(n, k))).toBeLessThan(4);
      expectExactLongestCycles(tally, n, 'swap');
      expect(tally.longestCycle.slice(Math.ceil(n / 2) + 1).every((count) => count === 0)).toBe(
        true,
      );
      expect(tally.freed.reduce((a, b) => a + b, 0)).toBe(trials);
      expect(tally.freed[n]).toBe(tally.successes);
    },
  );

  it('frees everyone in every trial when 2k >= n, in both methods', () => {
    for (const run of [literal, fast]) {
      const { tally } = run(settings(101, 51, 'swap'), 9, 20_000);
      expect(tally.successes).toBe(20_000);
      expect(tally.freed[101]).toBe(20_000);
      expect(tally.longestCycle.slice(52).every((count) => count === 0)).toBe(true);
      expect(tally.longestCycle[51]).toBeGreaterThan(0);
    }
  });

  it.each([
    [40, 12],
    [40, 6],
  ])(
    'agree between literal and fast trials on longest cycles and prisoners freed (n = %i, k = %i)',
    (n, k) => {
      const trials = 100_000;
      const literalTally = literal(settings(n, k, 'swap'), 5, trials).tally;
      const sampled = fast(settings(n, k, 'swap'), 6, trials).tally;
      expectSameDistribution(literalTally.longestCycle, sampled.longestCycle);
      expectSameDistribution(literalTally.freed, sampled.freed);
      const difference = literalTally.successes / trials - sampled.successes / trials;
      const p = swapSuccessProbability(n, k);
      expect(Math.abs(difference) / Math.sqrt((2 * p * (1 - p)) / trials)).toBeLessThan(4);
    },
  );
});
