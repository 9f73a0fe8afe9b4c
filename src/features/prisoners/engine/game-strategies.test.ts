// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import { cycleStructure } from './cycles.ts';
import { boardSuccessProbability } from './exact.ts';
import {
  initialGame,
  nextPrisoner,
  openBox,
  playBox,
  playOn,
  prisonerStart,
  randomBox,
  strategyBox,
  strategyPath,
  type GameState,
  type Play,
} from './game.ts';
import { randomArrangement } from './permutation.ts';
import { createRng } from './rng.ts';
import { routeThrough, secretLabels } from './variants.ts';
import { cycleLengthOfBox, firstFailingPrisoner } from '../../../testing/arrangements.ts';

/** How the prisoners choose: following the slips (through the labels) or at random. */

const seeds = fc.integer({ min: 0, max: 0xffffffff });
const arrangementOf = (seed: number) => randomArrangement(PRISONER_COUNT, createRng(seed));
/** Sizes with their guesses: n from 1 to 12, k from 0 to n. */
const sizes = fc
  .integer({ min: 1, max: 12 })
  .chain((n) => fc.record({ n: fc.constant(n), k: fc.integer({ min: 0, max: n }) }));

/** Plays every prisoner with the strategy through the step function; returns the final state. */
function playAll(slips: Int32Array): GameState {
  let state = initialGame();
  for (;;) {
    state = openBox(state, slips, strategyBox(state, slips));
    if (state.status === 'found') state = nextPrisoner(state);
    else if (state.status !== 'searching') return state;
  }
}

const view = (state: GameState) => ({
  prisoner: state.prisoner,
  guessesLeft: state.guessesLeft,
  opened: Array.from(state.opened),
  status: state.status,
});

describe('the cycle-following strategy', () => {
  it('prisoner p succeeds iff the cycle containing p has at most 50 boxes', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 0, max: PRISONER_COUNT - 1 }), (seed, prisoner) => {
        const slips = arrangementOf(seed);
        const path = strategyPath(slips, prisoner);
        const cycle = cycleLengthOfBox(slips)[prisoner] as number;
        const found = slips[path[path.length - 1] as number] === prisoner;
        expect(found).toBe(cycle <= GUESS_LIMIT);
        expect(path).toHaveLength(Math.min(cycle, GUESS_LIMIT));
      }),
    );
  });

  it('all prisoners succeed iff the longest cycle has at most 50 boxes', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const slips = arrangementOf(seed);
        const longest = Math.max(...cycleLengthOfBox(slips));
        const end = playAll(slips);
        expect(end.status === 'all-found').toBe(longest <= GUESS_LIMIT);
        expect(end.prisoner).toBe(
          longest <= GUESS_LIMIT ? PRISONER_COUNT - 1 : firstFailingPrisoner(slips),
        );
      }),
    );
  });

  it('cycle structure partitions the boxes and marks the dooming cycle', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const slips = arrangementOf(seed);
        const { cycles, cycleOfBox } = cycleStructure(slips);
        const lengths = cycleLengthOfBox(slips);
        expect(cycles.reduce((sum, c) => sum + c.boxes.length, 0)).toBe(PRISONER_COUNT);
        for (let box = 0; box < PRISONER_COUNT; box++) {
          const cycle = cycles[cycleOfBox[box] as number];
          expect(cycle?.boxes.length).toBe(lengths[box]);
          expect(cycle?.dooms).toBe((lengths[box] as number) > GUESS_LIMIT);
        }
      }),
      { numRuns: 50 },
    );
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

describe('playing on at random', () => {
  it('ends where box-by-box play ends, with the same draws', () => {
    // Four boxes, three guesses: each prisoner finds the slip with probability 3/4, so games
    // often get past the first prisoners.
    const slips = [2, 0, 3, 1];
    let longGames = 0;
    for (let seed = 0; seed < 40; seed++) {
      const play: Play = { strategy: 'random', rng: createRng(seed) };
      const atOnce = playOn(prisonerStart(0, 3), slips, play);
      const stepPlay: Play = { strategy: 'random', rng: createRng(seed) };
      let state = prisonerStart(0, 3);
      for (;;) {
        while (state.status === 'searching')
          state = openBox(state, slips, playBox(state, slips, stepPlay));
        if (state.status !== 'found') break;
        state = nextPrisoner(state);
      }
      expect([atOnce.prisoner, atOnce.status, Array.from(atOnce.opened)]).toEqual([
        state.prisoner,
        state.status,
        Array.from(state.opened),
      ]);
      if (state.prisoner >= 2) longGames++;
    }
    // The comparison covers games that went past the first prisoner's walk.
    expect(longGames).toBeGreaterThan(10);
  });
});
