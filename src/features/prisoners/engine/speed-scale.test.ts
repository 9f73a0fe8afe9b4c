// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  boxesPerFrame,
  SPEED_INITIAL,
  SPEED_MAX,
  SPEED_TOP,
  speedMaxFor,
  stepDelayMs,
} from './constants.ts';

/** The speed slider: the pause between openings, its range for a board, boxes per frame. */

describe('step delay', () => {
  it('is 1000 ms minus the slider value, within the slider range', () => {
    expect(stepDelayMs(800)).toBe(200);
    expect(stepDelayMs(1000)).toBe(0);
    expect(stepDelayMs(10)).toBe(990);
    expect(stepDelayMs(5)).toBe(990);
    expect(stepDelayMs(2000)).toBe(0);
  });
});

describe('the speed scale', () => {
  it('keeps the specification’s slider for its 100 boxes and reaches past it for larger boards', () => {
    expect(speedMaxFor(100)).toBe(1000);
    expect(speedMaxFor(7)).toBe(1000);
    expect(speedMaxFor(101)).toBe(SPEED_TOP);
    expect(stepDelayMs(SPEED_INITIAL)).toBe(200);
    expect(stepDelayMs(1500)).toBe(0);
  });

  it('shows one walk a frame up to the pause-free point, then doubles up to 65,536 boxes', () => {
    expect(boxesPerFrame(10)).toBe(1);
    expect(boxesPerFrame(SPEED_MAX)).toBe(1);
    expect(boxesPerFrame(SPEED_MAX + (SPEED_TOP - SPEED_MAX) / 16)).toBe(2);
    expect(boxesPerFrame(1500)).toBe(256);
    expect(boxesPerFrame(SPEED_TOP)).toBe(65_536);
    expect(boxesPerFrame(5000)).toBe(65_536);
    for (let speed = SPEED_MAX; speed < SPEED_TOP; speed += 10) {
      expect(boxesPerFrame(speed + 10)).toBeGreaterThanOrEqual(boxesPerFrame(speed));
    }
  });
});
