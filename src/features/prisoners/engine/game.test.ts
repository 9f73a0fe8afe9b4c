// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GUESS_LIMIT, PRISONER_COUNT, stepDelayMs } from './constants.ts';
import {
  canOpen,
  freedSoFar,
  playToEnd,
  initialGame,
  nextPrisoner,
  openBox,
  prisonerStart,
  strategyBox,
  strategyPath,
  type GameState,
} from './game.ts';
import { cycleStructure } from './cycles.ts';
import { autoPlay, walkedState } from './auto-play.ts';
import { createRng } from './rng.ts';
import { randomArrangement } from './permutation.ts';
import { cycleLengthOfBox, firstFailingPrisoner } from '../../../testing/arrangements.ts';

const seeds = fc.integer({ min: 0, max: 0xffffffff });
const arrangementOf = (seed: number) => randomArrangement(PRISONER_COUNT, createRng(seed));

/** An arrangement of 100 whose first cycle (through box 0) has exactly `length` boxes. */
function arrangementWithCycle(length: number): Int32Array {
  const slips = new Int32Array(PRISONER_COUNT);
  for (let box = 0; box < PRISONER_COUNT; box++) slips[box] = box;
  for (let box = 0; box < length; box++) slips[box] = (box + 1) % length;
  return slips;
}

/** Plays every prisoner with the strategy through the step function; returns the final state. */
function playAll(slips: Int32Array): GameState {
  let state = initialGame();
  for (;;) {
    state = openBox(state, slips, strategyBox(state, slips));
    if (state.status === 'found') state = nextPrisoner(state);
    else if (state.status !== 'searching') return state;
  }
}

describe('step delay', () => {
  it('is 1000 ms minus the slider value, within the slider range', () => {
    expect(stepDelayMs(800)).toBe(200);
    expect(stepDelayMs(1000)).toBe(0);
    expect(stepDelayMs(10)).toBe(990);
    expect(stepDelayMs(5)).toBe(990);
    expect(stepDelayMs(2000)).toBe(0);
  });
});

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

describe('the step function', () => {
  it('spends a guess on a wrong box only, and never reopens a box', () => {
    const slips = arrangementWithCycle(3); // box 0 → 1 → 2 → 0
    const first = openBox(initialGame(), slips, 0);
    expect(first).toMatchObject({ guessesLeft: GUESS_LIMIT - 1, status: 'searching' });
    expect(Array.from(first.opened)).toEqual([0]);
    expect(canOpen(first, 0)).toBe(false);
    expect(openBox(first, slips, 0)).toBe(first);
    const found = openBox(openBox(first, slips, 1), slips, 2);
    expect(found).toMatchObject({ guessesLeft: GUESS_LIMIT - 2, status: 'found' });
    expect(openBox(found, slips, 5)).toBe(found);
    expect(nextPrisoner(found)).toMatchObject({
      prisoner: 1,
      guesses: GUESS_LIMIT,
      guessesLeft: GUESS_LIMIT,
      status: 'searching',
      opened: new Int32Array(0),
    });
  });

  it('a cycle of exactly 50 succeeds with the 50th box', () => {
    const slips = arrangementWithCycle(GUESS_LIMIT);
    const path = strategyPath(slips, 0);
    expect(path).toHaveLength(GUESS_LIMIT);
    expect(slips[path[GUESS_LIMIT - 1] as number]).toBe(0);
    expect(playAll(slips).status).toBe('all-found');
  });

  it('a cycle of 51 fails after exactly 50 boxes, without the own slip among them', () => {
    const slips = arrangementWithCycle(GUESS_LIMIT + 1);
    const path = strategyPath(slips, 0);
    expect(path).toHaveLength(GUESS_LIMIT);
    expect(path.map((box) => slips[box])).not.toContain(0);
    expect(playAll(slips)).toMatchObject({ status: 'failed', prisoner: 0, guessesLeft: 0 });
  });

  it('the 50th wrong box fails a prisoner who chooses boxes at random', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const rng = createRng(seed);
        const slips = randomArrangement(PRISONER_COUNT, rng);
        const order = randomArrangement(PRISONER_COUNT, rng); // the prisoner's own choice of boxes
        let state = prisonerStart(7);
        for (const box of order) {
          if (state.status !== 'searching') break;
          state = openBox(state, slips, box);
        }
        const ownSlipAt = order.indexOf(slips.indexOf(7));
        if (ownSlipAt < GUESS_LIMIT) {
          expect(state.status).toBe('found');
          expect(state.opened).toHaveLength(ownSlipAt + 1);
        } else {
          expect(state).toMatchObject({ status: 'failed', guessesLeft: 0 });
          expect(state.opened).toHaveLength(GUESS_LIMIT);
        }
      }),
    );
  });
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
});

describe('automatic play', () => {
  it('emits the same openings as the step function and stops at the first failure', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, async (seed) => {
        const slips = arrangementOf(seed);
        const batches: number[][] = [];
        const outcome = await autoPlay(slips, 0, {
          emit: (boxes) => batches.push(Array.from(boxes)),
          delayMs: () => 0,
          sleep: () => Promise.resolve(),
        });
        const failing = firstFailingPrisoner(slips);
        const played = failing === -1 ? PRISONER_COUNT : failing + 1;
        expect(outcome).toEqual(
          failing === -1 ? { kind: 'all-found' } : { kind: 'failed', prisoner: failing },
        );
        // Without a pause, one batch per prisoner holding that prisoner's whole walk.
        expect(batches).toHaveLength(played);
        batches.forEach((batch, prisoner) => expect(batch).toEqual(strategyPath(slips, prisoner)));
      }),
      { numRuns: 40 },
    );
  });

  it('with a pause, sends one opening per batch and honours speed changes', async () => {
    const slips = arrangementWithCycle(3); // prisoners 0..2 walk 3 boxes, the rest 1 each
    let delay = 300;
    const sleeps: number[] = [];
    const batches: number[][] = [];
    const outcome = await autoPlay(slips, 0, {
      emit: (boxes) => {
        batches.push(Array.from(boxes));
        delay = 0; // the visitor drags the slider to the top
      },
      delayMs: () => delay,
      sleep: (ms) => Promise.resolve(sleeps.push(ms)),
    });
    expect(outcome).toEqual({ kind: 'all-found' });
    expect(sleeps).toEqual([300]);
    expect(batches.slice(0, 3)).toEqual([[0], [1, 2], [1, 2, 0]]);
  });
});

describe('automatic play, batches and pauses', () => {
  it('sends every opening once, in order, in one batch when no walk reaches the batch size', async () => {
    // Boxes 2i and 2i + 1 hold each other's slips: prisoner p opens p, then the partner box.
    const slips = Int32Array.from({ length: PRISONER_COUNT }, (_, box) => box ^ 1);
    const expected = Array.from({ length: PRISONER_COUNT }, (_, p) => [p, p ^ 1]).flat();
    const batches: number[][] = [];
    const outcome = await autoPlay(
      slips,
      0,
      {
        emit: (boxes) => batches.push(Array.from(boxes)),
        delayMs: () => 0,
        minBatch: () => 1000,
        sleep: () => Promise.resolve(),
      },
      undefined, // following the slips, the default
      GUESS_LIMIT,
    );
    expect(outcome).toEqual({ kind: 'all-found' });
    expect(batches).toEqual([expected]);
  });

  it('pauses between openings but not after the last one', async () => {
    const slips = [1, 2, 0]; // one cycle of three boxes
    for (const [guesses, openings, outcome] of [
      [3, 9, { kind: 'all-found' }],
      [2, 2, { kind: 'failed', prisoner: 0 }],
    ] as const) {
      const sleeps: number[] = [];
      const batches: number[][] = [];
      const result = await autoPlay(
        slips,
        0,
        {
          emit: (boxes) => batches.push(Array.from(boxes)),
          delayMs: () => 5,
          sleep: (ms) => Promise.resolve(sleeps.push(ms)),
        },
        undefined,
        guesses,
      );
      expect(result).toEqual(outcome);
      expect(batches).toHaveLength(openings);
      expect(sleeps).toEqual(Array.from({ length: openings - 1 }, () => 5));
    }
  });

  it('goes on from the boxes a prisoner has opened', () => {
    const slips = [1, 2, 3, 0]; // one cycle of four boxes
    const state = walkedState(slips, 0, [0, 1], 3);
    expect(Array.from(state.opened)).toEqual([0, 1]);
    expect(state).toMatchObject({ prisoner: 0, guessesLeft: 1, status: 'searching' });
    expect(walkedState(slips, 2, [2, 3], 3).status).toBe('searching');
    expect(walkedState(slips, 2, [2, 3, 0], 3).status).toBe('failed');
  });
});

describe('freedSoFar', () => {
  it('counts the prisoners before the current one, and the current one once found', () => {
    const identity = Array.from({ length: PRISONER_COUNT }, (_, box) => box);
    expect(freedSoFar(prisonerStart(7))).toBe(7);
    // In the identity arrangement every prisoner finds the own number in the first box.
    expect(freedSoFar(openBox(prisonerStart(7), identity, 7))).toBe(8);
    expect(freedSoFar(openBox(prisonerStart(7), identity, 8))).toBe(7);
    expect(freedSoFar(playToEnd(identity, 0))).toBe(PRISONER_COUNT);
    // One cycle through every box: prisoner 1 walks 50 boxes and fails, nobody is free.
    const oneCycle = identity.map((box) => (box + 1) % PRISONER_COUNT);
    const failed = playToEnd(oneCycle, 0);
    expect(failed.status).toBe('failed');
    expect(freedSoFar(failed)).toBe(0);
  });
});
