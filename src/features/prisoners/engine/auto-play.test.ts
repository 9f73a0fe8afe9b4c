// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autoPlay, walkedState } from './auto-play.ts';
import { GUESS_LIMIT, PRISONER_COUNT } from './constants.ts';
import { initialGame, nextPrisoner, openBox, playBox, strategyPath, type Play } from './game.ts';
import { randomArrangement } from './permutation.ts';
import { createRng } from './rng.ts';
import { arrangementWithCycle, firstFailingPrisoner } from '../../../testing/arrangements.ts';

/** Automatic play: the openings it sends, batched by walks, paced by the speed, and its end. */

const seeds = fc.integer({ min: 0, max: 0xffffffff });
const arrangementOf = (seed: number) => randomArrangement(PRISONER_COUNT, createRng(seed));
/** Sizes with their guesses: n from 1 to 12, k from 0 to n. */
const sizes = fc
  .integer({ min: 1, max: 12 })
  .chain((n) => fc.record({ n: fc.constant(n), k: fc.integer({ min: 0, max: n }) }));

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

describe('automatic play at the end of a walk', () => {
  const hooks = (delay: number) => {
    const emitted: number[][] = [];
    const sleeps: number[] = [];
    return {
      emitted,
      sleeps,
      hooks: {
        emit: (boxes: Int32Array) => void emitted.push(Array.from(boxes)),
        delayMs: () => delay,
        sleep: async (ms: number) => void sleeps.push(ms),
      },
    };
  };

  it('sends nothing more when resumed from a walk that has already failed', async () => {
    // Prisoner 0 with two guesses opened box 1 (slip 2) and box 2 (slip 3): failed.
    const slips = [1, 2, 3, 0];
    const { emitted, sleeps, hooks: h } = hooks(5);
    const outcome = await autoPlay(slips, 0, h, undefined, 2, [1, 2]);
    expect(outcome).toEqual({ kind: 'failed', prisoner: 0 });
    expect(emitted).toEqual([]);
    expect(sleeps).toEqual([]);
  });

  it('ends a game without guesses with one empty batch, after a pause only when there is one', async () => {
    const slips = [0, 1, 2];
    const quick = hooks(0);
    expect(await autoPlay(slips, 0, quick.hooks, undefined, 0)).toEqual({
      kind: 'failed',
      prisoner: 0,
    });
    expect([quick.emitted, quick.sleeps]).toEqual([[[]], []]);
    const paused = hooks(7);
    await autoPlay(slips, 0, paused.hooks, undefined, 0);
    expect([paused.emitted, paused.sleeps]).toEqual([[[]], [7]]);
  });
});
