// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { followTheSlips, initialGame, type GameState, type Play } from './game.ts';
import { followOpenings } from './openings.ts';
import { createRng, stateSeed } from './rng.ts';
import { generatorFromWords, nextWord, rewindGenerator } from './sfc32.ts';
import { dealFor } from './variants.ts';
import { replayGames } from '../../../testing/arrangements.ts';

/** The plain fields of a state, to compare with the oracle. */
const view = (state: GameState | null) =>
  state && {
    prisoner: state.prisoner,
    guessesLeft: state.guessesLeft,
    opened: Array.from(state.opened),
    status: state.status,
  };

/**
 * The oracle: openings split into the prisoners' walks, written plainly. A walk ends with the box
 * that holds the walker's own slip; the next prisoner then walks.
 */
function walksOf(slips: ArrayLike<number>, openings: readonly number[]): number[][] {
  const walks: number[][] = [[]];
  for (const box of openings) {
    const walk = walks[walks.length - 1]!;
    walk.push(box);
    if (slips[box] === walks.length - 1) walks.push([]);
  }
  if (walks.length > 1 && walks[walks.length - 1]!.length === 0) walks.pop();
  return walks;
}

/** Sizes with their guesses: n from 1 to 12, k from 0 to n. */
const sizes = fc
  .integer({ min: 1, max: 12 })
  .chain((n) => fc.record({ n: fc.constant(n), k: fc.integer({ min: 0, max: n }) }));
const seeds = fc.integer({ min: 0, max: 0xffffffff });

describe('following a batch of openings', () => {
  it('ends where the replayed game ends, in one batch or two, with the player’s draws', () => {
    fc.assert(
      fc.property(sizes, seeds, fc.boolean(), fc.nat(), ({ n, k }, seed, random, cutAt) => {
        const strategy = random ? 'random' : 'cycle';
        const replay = replayGames(seed, { n, k, strategy, variant: 'classic' }, 1);
        const openings = replay.openings[0]!;
        const failed = replay.failures[0]!;
        const rng = createRng(seed);
        const slips = dealFor('classic', n, rng).slips;
        const play: Play = random ? { strategy: 'random', rng } : followTheSlips();
        const cut = cutAt % (openings.length + 1);
        const halfway = followOpenings(initialGame(k), slips, openings.slice(0, cut), play);
        const end = followOpenings(halfway!, slips, openings.slice(cut), play);
        const lastWalk = walksOf(slips, openings).at(-1)!;
        expect(view(end)).toEqual({
          prisoner: failed === -1 ? n - 1 : failed,
          // A walk that finds the slip spends a guess on every box before the last.
          guessesLeft: failed === -1 ? k - (lastWalk.length - 1) : 0,
          opened: lastWalk,
          status: failed === -1 ? 'all-found' : 'failed',
        });
        // The generator stands where the player left it: the next deal is the replay's.
        expect(dealFor('classic', n, rng).slips).toEqual(replay.next);
      }),
      { numRuns: 300 },
    );
  });

  it('draws below n − opened for every box, as a rejected draw shows', () => {
    // Eight boxes: the third box of a walk is drawn below 6. Its word is 2796203 · 2⁸, whose top
    // 24 bits times 6 leave 2 in the low 24 bits, below 2²⁴ mod 6 = 4: Lemire's method rejects
    // it and draws again (below 5 or 7 it would not). So the generator moves by four words.
    const target = generatorFromWords(
      0x1234_5678,
      (2796203 * 256 - 0x1234_5678 - 1000) | 0,
      0,
      1000,
    );
    rewindGenerator(target, 2);
    const expected = { ...target };
    for (let word = 0; word < 4; word++) nextWord(expected);
    const rng = createRng(stateSeed(target));
    const slips = [1, 2, 3, 4, 5, 6, 7, 0];
    const end = followOpenings(initialGame(4), slips, [0, 1, 2], { strategy: 'random', rng });
    expect(view(end)).toEqual({
      prisoner: 0,
      guessesLeft: 1,
      opened: [0, 1, 2],
      status: 'searching',
    });
    expect(stateSeed(rng.generator)).toBe(stateSeed(expected));
  });

  it('steps whole walks and the last one: four boxes, k = 3 and k = 2', () => {
    // Box 0 holds slip 1, box 1 slip 2, box 2 slip 0: one cycle of three; box 3 holds its own.
    const slips = [1, 2, 0, 3];
    const all = [0, 1, 2, 1, 2, 0, 2, 0, 1, 3];
    expect(view(followOpenings(initialGame(3), slips, all, followTheSlips()))).toEqual({
      prisoner: 3,
      guessesLeft: 3,
      opened: [3],
      status: 'all-found',
    });
    expect(view(followOpenings(initialGame(3), slips, all.slice(0, 4), followTheSlips()))).toEqual({
      prisoner: 1,
      guessesLeft: 2,
      opened: [1],
      status: 'searching',
    });
    expect(view(followOpenings(initialGame(2), slips, [0, 1], followTheSlips()))).toEqual({
      prisoner: 0,
      guessesLeft: 0,
      opened: [0, 1],
      status: 'failed',
    });
    // An empty batch after a walk that found its slip brings the next prisoner in.
    const found = followOpenings(initialGame(3), slips, [0, 1, 2], followTheSlips())!;
    expect(found.status).toBe('found');
    expect(view(followOpenings(found, slips, [], followTheSlips()))).toEqual({
      prisoner: 1,
      guessesLeft: 3,
      opened: [],
      status: 'searching',
    });
  });

  it('refuses a box opened twice, or any box after a failed walk, and leaves the game as it was', () => {
    const slips = [1, 2, 0, 3];
    const game = initialGame(2);
    expect(followOpenings(game, slips, [0, 0], followTheSlips())).toBeNull();
    expect(followOpenings(game, slips, [0, 1, 2], followTheSlips())).toBeNull();
    // Box 2 holds slip 0, but prisoner 0 failed before it: the next walk may not begin.
    expect(followOpenings(game, slips, [0, 1, 2, 1], followTheSlips())).toBeNull();
    // Prisoner 1 (box 1, slip 2) may not open box 1 again after prisoner 0's walk.
    expect(followOpenings(initialGame(3), slips, [0, 1, 2, 1, 1], followTheSlips())).toBeNull();
    expect(view(game)).toEqual({ prisoner: 0, guessesLeft: 2, opened: [], status: 'searching' });
    // No guesses: the game is lost before any box, and no box can be opened.
    expect(view(followOpenings(initialGame(0), slips, [], followTheSlips()))).toEqual({
      prisoner: 0,
      guessesLeft: 0,
      opened: [],
      status: 'failed',
    });
    expect(followOpenings(initialGame(0), slips, [0], followTheSlips())).toBeNull();
  });
});
