// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageTooSlowForBoard } from './page-frame-trial.tsx';

/** Frame times from 0, one gap after another. */
const framesAfter = (gaps: readonly number[]) =>
  gaps.reduce<number[]>((times, gap) => [...times, times.at(-1)! + gap], [0]);

describe('the page frame trial', () => {
  it('finds the page too slow when the median gap of its frames is over 50 ms', () => {
    // WebKitGTK on a software renderer: about 200 ms a frame with a WebGL canvas on the page.
    expect(pageTooSlowForBoard(framesAfter([300, 205, 201, 212, 198, 203, 207]), [])).toBe(true);
    // The median of six gaps is the mean of the middle two: 50 is within the budget, 51 not.
    expect(pageTooSlowForBoard(framesAfter([900, 16, 16, 16, 84, 84, 84]), [])).toBe(false);
    expect(pageTooSlowForBoard(framesAfter([900, 16, 16, 16, 86, 86, 86]), [])).toBe(true);
  });

  it('leaves out the first gap, and a long task that a mean would count', () => {
    // The first gap holds the scene's upload; the fourth, a worker starting.
    expect(pageTooSlowForBoard(framesAfter([2000, 17, 17, 900, 17, 17, 17]), [])).toBe(false);
    // An odd count: the middle gap decides (17 of 17, 17, 17, 60, 60).
    expect(pageTooSlowForBoard(framesAfter([2000, 17, 60, 17, 60, 17]), [])).toBe(false);
    expect(pageTooSlowForBoard(framesAfter([2000, 17, 60, 51, 60, 17]), [])).toBe(true);
  });

  it("finds it too slow when the board's own frames are, though the page keeps its frames", () => {
    // Chromium drawing on the page with software WebGL: its frames come every 17 ms, most of
    // them dropped by the pacer, while each frame of the board takes 117–150 ms.
    const quickPage = framesAfter([40, 17, 17, 17, 17, 17, 17]);
    expect(pageTooSlowForBoard(quickPage, [117, 133, 150])).toBe(true);
    expect(pageTooSlowForBoard(quickPage, [12, 51, 14])).toBe(false);
    expect(pageTooSlowForBoard(quickPage, [50, 50])).toBe(false);
    expect(pageTooSlowForBoard(quickPage, [50, 52])).toBe(true);
    expect(pageTooSlowForBoard(quickPage, [])).toBe(false);
  });

  it('judges nothing from fewer than three frames', () => {
    expect(pageTooSlowForBoard([], [])).toBe(false);
    expect(pageTooSlowForBoard([0, 900], [])).toBe(false);
  });
});
