// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeFrames } from '../../../testing/fake-frames.ts';
import { FULL, PLAIN, watchPaint } from './paint-effects.ts';

/** Frames `gapMs` apart from `start`, `count` of them; the time of the last. */
function run(at: (time: number) => void, start: number, gapMs: number, count: number): number {
  for (let i = 0; i < count; i++) at(start + i * gapMs);
  return start + (count - 1) * gapMs;
}

/** A paint watch measuring from the start, on fake frames; the rungs it chose, in order. */
function activeWatch() {
  const { frames, at } = fakeFrames();
  const rungs: number[] = [];
  watchPaint((rung) => rungs.push(rung), frames).setActive(true);
  return { at, rungs };
}

describe('the page paint watch', () => {
  it('paints plain on the 4th gap over 50 ms among the last 60; not on 3, nor for 50 ms', () => {
    const { at, rungs } = activeWatch();
    // One gap of 2 s (a worker starting) and two of 51 ms among quick ones, then gaps of exactly
    // 50 ms, which are not slow: still full.
    let time = run(at, 0, 2000, 2);
    time = run(at, time + 16, 16, 20);
    time = run(at, time + 51, 16, 20);
    time = run(at, time + 51, 16, 2);
    time = run(at, time + 50, 50, 3);
    expect(rungs).toEqual([]);
    at(time + 51);
    expect(rungs).toEqual([PLAIN]);
  });

  it('counts the slow gaps among the last 60 only', () => {
    const { at, rungs } = activeWatch();
    // Three slow gaps, then 57 quick ones: the window is full, with 3 slow.
    let time = run(at, 0, 51, 4);
    time = run(at, time + 16, 16, 57);
    // Each slow gap now pushes one of the first three out: still 3 of the last 60.
    time = run(at, time + 51, 51, 3);
    expect(rungs).toEqual([]);
    at(time + 51);
    expect(rungs).toEqual([PLAIN]);
  });

  it('paints full again after 120 quick frames in a row, but not within 30 s of being slow', () => {
    const { at, rungs } = activeWatch();
    const slowUntil = run(at, 0, 60, 5);
    expect(rungs).toEqual([PLAIN]);
    // Quick frames for 20 s: full was too slow 20 s ago, so it is not tried again yet.
    const quickUntil = run(at, slowUntil + 16, 16, 1250);
    expect(rungs).toEqual([PLAIN]);
    // After 30 s: 120 quick frames in a row go back to full, 119 do not.
    run(at, slowUntil + 30_000, 19, 119);
    expect(quickUntil).toBeLessThan(slowUntil + 30_000);
    expect(rungs).toEqual([PLAIN]);
    run(at, slowUntil + 30_000 + 119 * 19, 19, 2);
    expect(rungs).toEqual([PLAIN, FULL]);
  });

  it('measures only while active: no frame asked for, and no gap across a pause', () => {
    const { frames, at, asked } = fakeFrames();
    const rungs: number[] = [];
    const watch = watchPaint((rung) => rungs.push(rung), frames);
    expect(asked()).toBe(0);
    watch.setActive(true);
    watch.setActive(true);
    expect(asked()).toBe(1);
    // Four pauses of a second between quick frames: counted, they would paint plain.
    for (let pause = 0; pause < 4; pause++) {
      const start = pause * 1000;
      at(start);
      at(start + 16);
      watch.setActive(false);
      expect(asked()).toBe(0);
      watch.setActive(true);
    }
    expect(rungs).toEqual([]);
    watch.stop();
    expect(asked()).toBe(0);
  });
});
