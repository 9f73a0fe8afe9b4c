// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { failureExplanation } from './outcome.ts';

const identity = () => Array.from({ length: 100 }, (_, box) => box);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('failureExplanation', () => {
  it('names the own box and a cycle too long to walk, for a walk that followed the slips', () => {
    // Boxes 1 to 60 form one cycle: box b holds slip b + 1, box 60 holds slip 1.
    const slips = identity();
    for (let box = 0; box < 59; box++) slips[box] = box + 1;
    slips[59] = 0;
    expect(
      failureExplanation({ prisoner: 0, slips, labels: null, route: slips, opened: range(0, 49) }),
    ).toBe(
      "All 50 guesses are used up: slip 1 was in box 60. Prisoner 1's own box is box 1, on a cycle of 60 boxes: following the slips from it could not have found slip 1 within 50 boxes.",
    );
  });

  it('says that following the slips would have worked, and where the clicks left the path', () => {
    // Boxes 2 to 40 form a cycle of 39: box b holds slip b + 1, box 40 holds slip 2.
    const slips = identity();
    for (let box = 1; box < 39; box++) slips[box] = box + 1;
    slips[39] = 1;
    expect(
      failureExplanation({ prisoner: 1, slips, labels: null, route: slips, opened: range(40, 89) }),
    ).toBe(
      "All 50 guesses are used up: slip 2 was in box 40. Prisoner 2's own box is box 2, on a cycle of 39 boxes: following the slips from it would have found slip 2 at the 39th box. The boxes opened left that path at the 1st box: box 41 instead of box 2.",
    );
  });

  it('says when the clicks left a path too long to walk, and where', () => {
    // Boxes 1 to 60 form one cycle; the prisoner followed it for 10 boxes, then opened 61 to 100.
    const slips = identity();
    for (let box = 0; box < 59; box++) slips[box] = box + 1;
    slips[59] = 0;
    const opened = [...range(0, 9), ...range(60, 99)];
    expect(failureExplanation({ prisoner: 0, slips, labels: null, route: slips, opened })).toBe(
      "All 50 guesses are used up: slip 1 was in box 60. Prisoner 1's own box is box 1, on a cycle of 60 boxes: following the slips from it could not have found slip 1 within 50 boxes. The boxes opened left that path at the 11th box: box 61 instead of box 11.",
    );
  });

  it('words a single guess and a cycle of one box', () => {
    // Every slip in its own box: prisoner 3's box is a cycle of 1, and they opened box 8.
    const slips = identity();
    expect(
      failureExplanation({
        prisoner: 2,
        slips,
        labels: null,
        route: slips,
        opened: [7],
        guesses: 1,
      }),
    ).toBe(
      "The one guess is used up: slip 3 was in box 3. Prisoner 3's own box is box 3, on a cycle of 1 box: following the slips from it would have found slip 3 at the 1st box. The boxes opened left that path at the 1st box: box 8 instead of box 3.",
    );
    const long = identity();
    for (let box = 0; box < 59; box++) long[box] = box + 1;
    long[59] = 0;
    expect(
      failureExplanation({
        prisoner: 0,
        slips: long,
        labels: null,
        route: long,
        opened: [0],
        guesses: 1,
      }),
    ).toBe(
      "The one guess is used up: slip 1 was in box 60. Prisoner 1's own box is box 1, on a cycle of 60 boxes: following the slips from it could not have found slip 1 within 1 box.",
    );
  });

  it('reads a relabelled cycle too long to walk, for a walk that followed it', () => {
    // Box 100 is called 1, box 99 is called 2, and so on. Read that way, the slips lead from box
    // 100 down to box 41 (a cycle of 60) and back; box 41 holds slip 1.
    const labels = identity().map((name) => 99 - name);
    const slips = identity().map((box) => (box < 40 ? 99 - box : box === 40 ? 0 : 100 - box));
    const route = slips.map((slip) => labels[slip]!);
    expect(
      failureExplanation({ prisoner: 0, slips, labels, route, opened: range(50, 99).reverse() }),
    ).toBe(
      "All 50 guesses are used up: slip 1 was in box 41. Prisoner 1's own box is box 100, the box the prisoners call 1, on a cycle of 60 boxes: following the slips from it could not have found slip 1 within 50 boxes.",
    );
  });

  it('reads the boxes through a secret relabelling', () => {
    // Box 100 is called 1, box 99 is called 2, and so on; every slip is in its own box.
    const slips = identity();
    const labels = identity().map((name) => 99 - name);
    const route = slips.map((slip) => labels[slip]!);
    expect(failureExplanation({ prisoner: 0, slips, labels, route, opened: [99, 5] })).toBe(
      "All 50 guesses are used up: slip 1 was in box 1. Prisoner 1's own box is box 100, the box the prisoners call 1, on a cycle of 2 boxes: following the slips from it would have found slip 1 at the 2nd box. The boxes opened left that path at the 2nd box: box 6 instead of box 1.",
    );
  });
});
