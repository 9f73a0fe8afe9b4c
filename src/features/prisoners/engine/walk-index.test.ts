// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canOpen, openBox, prisonerStart, randomBox, type GameState } from './game.ts';
import { randomArrangement } from './permutation.ts';
import { createRng } from './rng.ts';

/**
 * The states of a game share their opened boxes (walk-index.ts): an older state, reused after
 * later ones, still answers from its own boxes.
 */

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

describe('an older state drawing at random', () => {
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
});
