// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { autoPlay } from './auto-play.ts';
import {
  canOpen,
  laterPrisonerStart,
  nextPrisoner,
  openBox,
  playBox,
  playOn,
  prisonerStart,
  randomBox,
  type GameState,
  type Play,
} from './game.ts';
import { createRng } from './rng.ts';

/**
 * The order of the boxes after opening `opened` in turn, as a plain array: each opened box
 * changes place with the box at the next position (a partial Fisher–Yates shuffle), so the closed
 * boxes stand after the opened ones.
 */
function modelOrder(n: number, opened: readonly number[]): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  opened.forEach((box, i) => {
    const from = order.indexOf(box);
    [order[from], order[i]] = [order[i]!, order[from]!];
  });
  return order;
}

/** Each state agrees with its own opened boxes: what it may open, and the box a draw picks. */
function expectConsistent(state: GameState, opened: number[], slips: readonly number[]) {
  const n = slips.length;
  expect(Array.from(state.opened)).toEqual(opened);
  for (let box = 0; box < n; box++) {
    expect(canOpen(state, box), `box ${box} after ${opened.join(',')}`).toBe(!opened.includes(box));
  }
  for (const seed of [1, 2, 3, 4]) {
    const bound = n - opened.length;
    const at = opened.length + createRng(seed).nextBelow(bound);
    expect(randomBox(state, slips, createRng(seed))).toBe(modelOrder(n, opened)[at]);
  }
}

describe('states of one walk reused in any order', () => {
  it('answer from their own boxes after the walk branched, whichever branch went on', () => {
    // One cycle of six boxes: prisoner 0's slip is in box 5, the last opened here, so every
    // opening below is a miss and the prisoner keeps searching.
    const slips = [1, 2, 3, 4, 5, 0];
    const s0 = prisonerStart(0, 5);
    const s1 = openBox(s0, slips, 2);
    const s2 = openBox(s1, slips, 3);
    const branches: [GameState, number[]][] = [
      [s0, []],
      [s1, [2]],
      [s2, [2, 3]],
    ];
    const check = () =>
      branches.forEach(([state, opened]) => expectConsistent(state, opened, slips));
    check();
    // A second branch from s1, then the first branch goes on from its latest state, and so on.
    const f2 = openBox(s1, slips, 4);
    branches.push([f2, [2, 4]]);
    check();
    const s3 = openBox(s2, slips, 1);
    branches.push([s3, [2, 3, 1]]);
    check();
    const f3 = openBox(f2, slips, 3);
    branches.push([f3, [2, 4, 3]]);
    check();
    const g2 = openBox(s1, slips, 0);
    branches.push([g2, [2, 0]]);
    check();
    expect(g2.guessesLeft).toBe(3);
    expect(s3.guessesLeft).toBe(2);
  });
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
