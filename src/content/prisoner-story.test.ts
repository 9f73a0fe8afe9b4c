// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findProject, type StoryBoard } from './project-details.ts';

/** The prisoner write-up's paragraph under `heading`, as a function of the board beside it. */
function paragraph(heading: string): (board: StoryBoard | null) => string {
  const block = findProject('prisoner')!.detailed.find((b) => b.h2 === heading)!;
  if (typeof block.p !== 'function') throw new Error(`${heading} does not name the board`);
  return block.p;
}

const puzzle = paragraph('The puzzle');
const loop = paragraph('The loop strategy');
const RULES =
  'If every prisoner succeeds, all go free; if one fails, all fail. They may agree on a plan beforehand but cannot talk afterwards.';
const WALK =
  'Prisoner n opens box n, then the box whose number is on the slip found, and so on. Each prisoner walks the loop that contains their own number, so everyone succeeds exactly when no loop in the shuffle is longer than';

describe("the prisoner write-up's paragraphs that name the board", () => {
  it('tell the classic puzzle word for word with no board and with 100 boxes and 50 guesses', () => {
    for (const board of [null, { n: 100, k: 50, loopOdds: 0.311827820927 }]) {
      expect(puzzle(board)).toBe(
        `A hundred numbered slips are shuffled into a hundred numbered boxes. One at a time, each prisoner may open fifty boxes and must find their own number. ${RULES}`,
      );
      expect(loop(board)).toBe(
        `${WALK} fifty. That happens with probability 1 − (1/51 + 1/52 + … + 1/100) ≈ 0.3118.`,
      );
    }
  });

  it('name another board, with the sum of the odds where only one loop can be too long', () => {
    // 1 − Σ 1/j for j = 501 … 1000, summed as exact fractions: 0.30735256944…
    const board = { n: 1000, k: 500, loopOdds: 0.3073525694401797 };
    expect(puzzle(board)).toBe(
      `1,000 numbered slips are shuffled into 1,000 numbered boxes. One at a time, each prisoner may open 500 boxes and must find their own number. ${RULES}`,
    );
    expect(loop(board)).toBe(
      `${WALK} 500. That happens with probability 1 − (1/501 + 1/502 + … + 1/1,000) ≈ 0.3074.`,
    );
    // Three terms or fewer are written out: 1 − (1/5 + 1/6 + 1/7) = 103/210.
    expect(loop({ n: 7, k: 4, loopOdds: 103 / 210 })).toBe(
      `${WALK} 4. That happens with probability 1 − (1/5 + 1/6 + 1/7) ≈ 0.4905.`,
    );
  });

  it('give only the odds when two loops can be too long, and say when it always or never holds', () => {
    expect(loop({ n: 1000, k: 100, loopOdds: 1.234e-50 })).toBe(
      `${WALK} 100. That happens with probability ≈ 1.23 × 10⁻⁵⁰.`,
    );
    expect(loop({ n: 9, k: 4, loopOdds: 0.25 })).toBe(
      `${WALK} 4. That happens with probability ≈ 0.2500.`,
    );
    expect(loop({ n: 7, k: 7, loopOdds: 1 })).toBe(
      `${WALK} 7. With as many guesses as boxes, that always holds.`,
    );
    expect(loop({ n: 7, k: 0, loopOdds: 0 })).toBe(
      `${WALK} 0. Every loop holds at least one box, so that never happens.`,
    );
    expect(puzzle({ n: 1, k: 0, loopOdds: 0 })).toBe(
      `One numbered slip lies in one numbered box. One at a time, each prisoner may open no box and must find their own number. ${RULES}`,
    );
    expect(puzzle({ n: 7, k: 1, loopOdds: 0 })).toMatch(/^7 numbered slips .* may open one box /);
  });
});
