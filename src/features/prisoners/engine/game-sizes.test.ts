import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autoPlay } from './auto-play.ts';
import {
  boxesPerFrame,
  SPEED_INITIAL,
  SPEED_MAX,
  SPEED_TOP,
  speedMaxFor,
  stepDelayMs,
} from './constants.ts';
import { boardSuccessProbability } from './exact.ts';
import {
  canOpen,
  initialGame,
  nextPrisoner,
  openBox,
  playBox,
  playOn,
  prisonerStart,
  randomBox,
  strategyBox,
  type GameState,
  type Play,
} from './game.ts';
import { randomArrangement } from './permutation.ts';
import { createRng } from './rng.ts';
import { routeThrough, secretLabels, wardenArrangement } from './variants.ts';
import { cycleLengthOfBox } from '../../../testing/arrangements.ts';

// A hang guard for the ten-thousand-box game; mutation testing runs the code instrumented, many
// times slower, and raises it (vitest.mutation.config.ts), as Stryker detects hangs itself.
const LONG_TEST_TIMEOUT_MS = Number(process.env.LONG_TEST_TIMEOUT_MS ?? 60_000);

/**
 * A reference game written plainly (arrays, scans, copies), to check the engine's shared and
 * stamped bookkeeping against.
 */
interface Reference {
  prisoner: number;
  guessesLeft: number;
  opened: number[];
  status: string;
}

function referenceOpen(state: Reference, slips: ArrayLike<number>, box: number): Reference {
  if (state.status !== 'searching' || state.opened.includes(box)) return state;
  const opened = [...state.opened, box];
  if (slips[box] === state.prisoner) {
    return {
      ...state,
      opened,
      status: state.prisoner === slips.length - 1 ? 'all-found' : 'found',
    };
  }
  const guessesLeft = state.guessesLeft - 1;
  return { ...state, opened, guessesLeft, status: guessesLeft === 0 ? 'failed' : 'searching' };
}

const view = (state: GameState): Reference => ({
  prisoner: state.prisoner,
  guessesLeft: state.guessesLeft,
  opened: Array.from(state.opened),
  status: state.status,
});

/** Sizes with their guesses: n from 1 to 12, k from 0 to n. */
const sizes = fc
  .integer({ min: 1, max: 12 })
  .chain((n) => fc.record({ n: fc.constant(n), k: fc.integer({ min: 0, max: n }) }));
const seeds = fc.integer({ min: 0, max: 0xffffffff });

describe('the game at n prisoners and k guesses', () => {
  it('matches the reference game on any sequence of openings, from any earlier state', () => {
    fc.assert(
      fc.property(
        sizes,
        seeds,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 60 }),
        ({ n, k }, seed, moves) => {
          const slips = randomArrangement(n, createRng(seed));
          // Every state seen so far, engine and reference side by side: moves may branch off any.
          const seen: [GameState, Reference][] = [
            [
              initialGame(k),
              { prisoner: 0, guessesLeft: k, opened: [], status: k ? 'searching' : 'failed' },
            ],
          ];
          for (const [from, box, next] of moves) {
            const [state, reference] = seen[from % seen.length]!;
            expect(view(state)).toEqual(reference);
            const target = box % n;
            expect(canOpen(state, target)).toBe(
              reference.status === 'searching' && !reference.opened.includes(target),
            );
            let engine = openBox(state, slips, target);
            let expected = referenceOpen(reference, slips, target);
            if (next && engine.status === 'found') {
              engine = nextPrisoner(engine);
              expected = {
                prisoner: expected.prisoner + 1,
                guessesLeft: k,
                opened: [],
                status: 'searching',
              };
            }
            seen.push([engine, expected]);
          }
          // No later step changed an earlier state.
          for (const [state, reference] of seen) expect(view(state)).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fails a prisoner with no guesses before any box is opened', () => {
    const slips = Int32Array.of(0, 1, 2);
    expect(initialGame(0)).toMatchObject({ prisoner: 0, guessesLeft: 0, status: 'failed' });
    expect(openBox(initialGame(0), slips, 0)).toMatchObject({
      status: 'failed',
      opened: new Int32Array(0),
    });
    expect(playOn(initialGame(0), slips, { strategy: 'cycle', labels: null })).toMatchObject({
      prisoner: 0,
      status: 'failed',
    });
  });

  it('frees the only prisoner of one box with one guess', () => {
    const end = openBox(initialGame(1), Int32Array.of(0), 0);
    expect(end).toMatchObject({ prisoner: 0, status: 'all-found', guessesLeft: 1 });
  });

  it('follows the slips to the end exactly as box-by-box play does, from any state', () => {
    fc.assert(
      fc.property(sizes, seeds, fc.boolean(), fc.nat(), ({ n, k }, seed, relabel, stepsIn) => {
        const rng = createRng(seed);
        const slips = randomArrangement(n, rng);
        const labels = relabel ? secretLabels(n, rng) : null;
        const play: Play = { strategy: 'cycle', labels };
        // Box by box, remembering every state on the way.
        const states: GameState[] = [];
        let state = initialGame(k);
        for (;;) {
          states.push(state);
          if (state.status === 'found') state = nextPrisoner(state);
          else if (state.status !== 'searching') break;
          else state = openBox(state, slips, strategyBox(state, slips, labels));
        }
        const from = states[stepsIn % states.length]!;
        expect(view(playOn(from, slips, play))).toEqual(view(state));
        // The oracle: everyone is free exactly when no cycle of the walk is longer than k.
        const route = routeThrough(slips, labels);
        const lengths = cycleLengthOfBox(route);
        const failing = Array.from({ length: n }, (_, p) => p).find(
          (p) => lengths[labels ? labels[p]! : p]! > k,
        );
        expect(state.status).toBe(failing === undefined ? 'all-found' : 'failed');
        expect(state.prisoner).toBe(failing ?? n - 1);
      }),
      { numRuns: 300 },
    );
  });

  it(
    'plays 10,000 prisoners with 5,000 guesses each to the end, box by box',
    () => {
      const n = 10_000;
      const k = 5_000;
      // A hundred blocks of 100 boxes, each arranged at random within itself: no cycle is longer
      // than k, so every prisoner walks their whole cycle and the game ends with everyone free.
      // (Walks of up to 100 boxes grow the opened list past its first capacity four times; the
      // walks cost the sum of the squared cycle lengths, half a million openings.)
      const rng = createRng(21);
      const slips = new Int32Array(n);
      for (let block = 0; block < 100; block++) {
        const inner = randomArrangement(100, rng);
        for (let i = 0; i < 100; i++) slips[block * 100 + i] = block * 100 + inner[i]!;
      }
      const lengths = cycleLengthOfBox(slips);
      let state = initialGame(k);
      let openings = 0;
      let walked = 0;
      for (;;) {
        const box = strategyBox(state, slips);
        state = openBox(state, slips, box);
        openings++;
        if (state.status === 'searching') continue;
        // Each walk is the prisoner's whole cycle, ending at the own slip.
        expect(state.opened.length).toBe(lengths[state.prisoner]);
        expect(slips[state.opened[state.opened.length - 1]!]).toBe(state.prisoner);
        walked += state.opened.length;
        if (state.status !== 'found') break;
        state = nextPrisoner(state);
      }
      expect(state).toMatchObject({ prisoner: n - 1, status: 'all-found' });
      expect(openings).toBe(lengths.reduce((sum, length) => sum + length, 0));
      expect(walked).toBe(openings);
    },
    LONG_TEST_TIMEOUT_MS,
  );
});

describe('the random strategy', () => {
  /** The oracle: a partial Fisher–Yates shuffle of an explicit list of box numbers per prisoner. */
  function referenceRandomWalk(
    n: number,
    k: number,
    prisoner: number,
    slips: Int32Array,
    seed: number,
  ) {
    const rng = createRng(seed);
    const boxes = Array.from({ length: n }, (_, box) => box);
    const walk: number[] = [];
    for (let opened = 0; opened < k; opened++) {
      const j = opened + rng.nextBelow(n - opened);
      [boxes[opened], boxes[j]] = [boxes[j]!, boxes[opened]!];
      walk.push(boxes[opened]!);
      if (slips[boxes[opened]!] === prisoner) break;
    }
    return walk;
  }

  it('opens different boxes, drawn one by one from the generator as a partial shuffle', () => {
    fc.assert(
      fc.property(sizes, seeds, seeds, ({ n, k }, seed, drawSeed) => {
        const slips = randomArrangement(n, createRng(seed));
        const prisoner = seed % n;
        const rng = createRng(drawSeed);
        let state = prisonerStart(prisoner, k);
        while (state.status === 'searching')
          state = openBox(state, slips, randomBox(state, slips, rng));
        expect(Array.from(state.opened)).toEqual(
          referenceRandomWalk(n, k, prisoner, slips, drawSeed),
        );
        expect(new Set(state.opened).size).toBe(state.opened.length);
        // The next draw is where the walk left the generator.
        const check = createRng(drawSeed);
        for (let i = 0; i < state.opened.length; i++) check.nextBelow(n - i);
        expect(rng.nextUint32()).toBe(check.nextUint32());
      }),
      { numRuns: 300 },
    );
  });

  it('chooses the same box from an older state as when that state was the latest', () => {
    const n = 9;
    const slips = randomArrangement(n, createRng(4));
    const rng = createRng(77);
    let state = prisonerStart(slips[0] === 3 ? 5 : 3, 8);
    const states: GameState[] = [];
    while (state.status === 'searching') {
      states.push(state);
      state = openBox(state, slips, randomBox(state, slips, rng));
    }
    const older = states[Math.floor(states.length / 2)]!;
    const choices = [createRng(5), createRng(5)].map((generator) =>
      randomBox(older, slips, generator),
    );
    expect(choices[0]).toBe(choices[1]);
    expect(older.opened).not.toContain(choices[0]);
  });

  it('frees everyone (k/n)^n of the time: 3 prisoners with 2 guesses, 20,000 games', () => {
    const rng = createRng(2026);
    const play: Play = { strategy: 'random', rng };
    let freed = 0;
    const games = 20_000;
    for (let game = 0; game < games; game++) {
      const slips = randomArrangement(3, rng);
      if (playOn(initialGame(2), slips, play).status === 'all-found') freed++;
    }
    const p = boardSuccessProbability({
      n: 3,
      k: 2,
      strategy: 'random',
      variant: 'classic',
      relabelled: false,
    });
    expect(p).toBeCloseTo(8 / 27, 15);
    // Four standard errors of 20,000 games at p = 8/27: about 0.013.
    expect(Math.abs(freed / games - 8 / 27)).toBeLessThan(0.013);
  });
});

describe('automatic play at any size', () => {
  it('sends whole walks of at least the batch size, together the box-by-box game', async () => {
    await fc.assert(
      fc.asyncProperty(
        sizes,
        seeds,
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async ({ n, k }, seed, minBatch, random) => {
          const slips = randomArrangement(n, createRng(seed));
          const play = (): Play =>
            random
              ? { strategy: 'random', rng: createRng(seed ^ 1) }
              : { strategy: 'cycle', labels: null };
          const batches: number[][] = [];
          const outcome = await autoPlay(
            slips,
            0,
            {
              emit: (boxes) => batches.push(Array.from(boxes)),
              delayMs: () => 0,
              minBatch: () => minBatch,
              sleep: () => Promise.resolve(),
            },
            play(),
            k,
          );
          // The same game, box by box.
          const chooser = play();
          const walks: number[][] = [];
          let state = initialGame(k);
          while (state.status === 'searching' || state.status === 'found') {
            state = nextPrisoner(state);
            while (state.status === 'searching')
              state = openBox(state, slips, playBox(state, slips, chooser));
            walks.push(Array.from(state.opened));
          }
          expect(outcome).toEqual(
            state.status === 'failed'
              ? { kind: 'failed', prisoner: state.prisoner }
              : { kind: 'all-found' },
          );
          if (k === 0) {
            // Lost before any box is opened: the end is reported as one empty batch.
            expect(batches).toEqual([[]]);
            return;
          }
          expect(batches.flat()).toEqual(walks.flat());
          batches
            .slice(0, -1)
            .forEach((batch) => expect(batch.length).toBeGreaterThanOrEqual(minBatch));
          // Batches end where walks end.
          const walkEnds = new Set<number>();
          walks.reduce((at, walk) => (walkEnds.add(at + walk.length), at + walk.length), 0);
          batches.reduce(
            (at, batch) => (expect(walkEnds.has(at + batch.length)).toBe(true), at + batch.length),
            0,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the speed scale', () => {
  it('keeps the specification’s slider for its 100 boxes and reaches past it for larger boards', () => {
    expect(speedMaxFor(100)).toBe(1000);
    expect(speedMaxFor(7)).toBe(1000);
    expect(speedMaxFor(101)).toBe(SPEED_TOP);
    expect(stepDelayMs(SPEED_INITIAL)).toBe(200);
    expect(stepDelayMs(1500)).toBe(0);
  });

  it('shows one walk a frame up to the pause-free point, then doubles up to 65,536 boxes', () => {
    expect(boxesPerFrame(10)).toBe(1);
    expect(boxesPerFrame(SPEED_MAX)).toBe(1);
    expect(boxesPerFrame(SPEED_MAX + (SPEED_TOP - SPEED_MAX) / 16)).toBe(2);
    expect(boxesPerFrame(1500)).toBe(256);
    expect(boxesPerFrame(SPEED_TOP)).toBe(65_536);
    expect(boxesPerFrame(5000)).toBe(65_536);
    for (let speed = SPEED_MAX; speed < SPEED_TOP; speed += 10) {
      expect(boxesPerFrame(speed + 10)).toBeGreaterThanOrEqual(boxesPerFrame(speed));
    }
  });
});

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
