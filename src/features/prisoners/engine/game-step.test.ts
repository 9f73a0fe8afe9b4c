// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import {
  canOpen,
  freedSoFar,
  hasOpened,
  initialGame,
  laterPrisonerStart,
  nextPrisoner,
  openBox,
  playOn,
  playToEnd,
  prisonerStart,
  strategyBox,
  strategyPath,
  type GameState,
} from './game.ts';
import { createRng } from './rng.ts';
import { randomArrangement } from './permutation.ts';
import { arrangementWithCycle, cycleLengthOfBox } from '../../../testing/arrangements.ts';

/** The rules of one step: a box opened, a guess spent, a prisoner found, failed or done. */

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

/** Plays every prisoner with the strategy through the step function; returns the final state. */
function playAll(slips: Int32Array): GameState {
  let state = initialGame();
  for (;;) {
    state = openBox(state, slips, strategyBox(state, slips));
    if (state.status === 'found') state = nextPrisoner(state);
    else if (state.status !== 'searching') return state;
  }
}

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
            expect(hasOpened(state, target)).toBe(reference.opened.includes(target));
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

describe('a later prisoner of the same game', () => {
  it('starts with every box closed and the game’s guesses, and plays on as any prisoner', () => {
    const slips = [0, 1, 2, 3];
    const found = openBox(prisonerStart(0, 2), slips, 0);
    expect(found.status).toBe('found');
    const later = laterPrisonerStart(found, 3);
    expect([later.prisoner, later.guesses, later.guessesLeft, later.status]).toEqual([
      3,
      2,
      2,
      'searching',
    ]);
    expect(Array.from(later.opened)).toEqual([]);
    expect([0, 1, 2, 3].map((box) => canOpen(later, box))).toEqual([true, true, true, true]);
    // Box 1 holds slip 1: a miss for prisoner 3; box 3 holds slip 3, and 3 is the last prisoner.
    const missed = openBox(later, slips, 1);
    expect([missed.guessesLeft, missed.status]).toEqual([1, 'searching']);
    expect(openBox(missed, slips, 3).status).toBe('all-found');
    // With no guesses the later prisoner has failed before opening anything.
    expect(laterPrisonerStart(prisonerStart(0, 0), 2).status).toBe('failed');
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
