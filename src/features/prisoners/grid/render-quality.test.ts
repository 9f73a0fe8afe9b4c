// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createQualityGovernor, PIXEL_RATIOS } from './render-quality.ts';

/** Records `count` frames of `ms` each, 16 ms apart from `start`; the ratios it changed to. */
function feed(
  governor: ReturnType<typeof createQualityGovernor>,
  ms: number,
  count: number,
  start = 0,
): (number | null)[] {
  return Array.from({ length: count }, (_, i) => governor.record(ms, start + 16 * i));
}

describe('the quality governor', () => {
  it('starts at the screen pixel ratio, within 1 to 2', () => {
    expect(createQualityGovernor(1).pixelRatio).toBe(1);
    expect(createQualityGovernor(2).pixelRatio).toBe(2);
    expect(createQualityGovernor(3).pixelRatio).toBe(2);
    expect(createQualityGovernor(0.5).pixelRatio).toBe(1);
    expect(createQualityGovernor(1.3).pixelRatio).toBe(1.25);
  });

  it('goes no higher than its highest ratio, and starts there when the screen asks for more', () => {
    const capped = createQualityGovernor(1, 1, 1);
    expect(capped.pixelRatio).toBe(1);
    expect(feed(capped, 5, 60).filter((ratio) => ratio !== null)).toEqual([]);
    expect(createQualityGovernor(2, 1, 1.5).pixelRatio).toBe(1.5);
    const room = createQualityGovernor(1, 0.5, 1.25);
    expect(feed(room, 5, 90).filter((ratio) => ratio !== null)).toEqual([1.25]);
  });

  it('steps down one rung on the third slow frame of four, and again after three more', () => {
    const governor = createQualityGovernor(1);
    expect(feed(governor, 80, 3)).toEqual([null, null, 0.875]);
    expect(governor.record(39, 100)).toBeNull();
    expect(feed(governor, 41, 3, 200)).toEqual([null, null, 0.75]);
    expect(governor.pixelRatio).toBe(0.75);
  });

  it('steps down at once for a frame over 100 ms, and not for one of 100', () => {
    const governor = createQualityGovernor(1);
    expect(governor.record(100, 0)).toBeNull();
    expect(governor.record(101, 16)).toBe(0.875);
    expect(governor.record(250, 32)).toBe(0.75);
  });

  it('calls the board too slow after 8 slow frames in a row at its lowest ratio', () => {
    const governor = createQualityGovernor(1, 0.75);
    expect(feed(governor, 150, 2)).toEqual([0.875, 0.75]);
    // Slow, not very slow: 7 in a row are not enough.
    expect(feed(governor, 60, 7, 100).every((change) => change === null)).toBe(true);
    expect(governor.tooSlow).toBe(false);
    // A quick frame between breaks the run.
    governor.record(20, 300);
    expect(feed(governor, 60, 7, 400).every((change) => change === null)).toBe(true);
    expect(governor.tooSlow).toBe(false);
    governor.record(60, 600);
    expect(governor.tooSlow).toBe(true);
  });

  it('keeps its rung when only two frames of four are slow', () => {
    const governor = createQualityGovernor(1);
    const times = [80, 20, 80, 20, 80, 20, 80, 20];
    expect(times.map((ms, i) => governor.record(ms, i * 16))).toEqual(Array(8).fill(null));
    expect(governor.pixelRatio).toBe(1);
  });

  it('never goes below the cheapest ratio', () => {
    const governor = createQualityGovernor(1);
    feed(governor, 500, 60);
    expect(governor.pixelRatio).toBe(PIXEL_RATIOS[0]);
    expect(feed(governor, 500, 6, 5000)).toEqual(Array(6).fill(null));
    expect(governor.tooSlow).toBe(true);
  });

  it('never goes below the lowest ratio it is given, nor starts below it', () => {
    const governor = createQualityGovernor(1, 1);
    expect(feed(governor, 90, 12)).toEqual(Array(12).fill(null));
    expect(governor.pixelRatio).toBe(1);
    expect(createQualityGovernor(1, 1.5).pixelRatio).toBe(1.5);
  });

  it('steps up after 30 quick frames in a row, and not after 29', () => {
    const governor = createQualityGovernor(1);
    expect(feed(governor, 5, 29).every((change) => change === null)).toBe(true);
    expect(governor.record(15, 29 * 16)).toBeNull();
    const changes = feed(governor, 5, 30, 1000);
    expect(changes.slice(0, 29).every((change) => change === null)).toBe(true);
    expect(changes[29]).toBe(1.25);
  });

  it('does not climb back to a rung that was too slow within ten seconds, then tries it again', () => {
    const governor = createQualityGovernor(1);
    expect(feed(governor, 60, 3, 0)[2]).toBe(0.875);
    // Quick again at once: the ceiling holds for 10 s after the slow frames.
    expect(feed(governor, 5, 60, 100).every((change) => change === null)).toBe(true);
    expect(governor.pixelRatio).toBe(0.875);
    // The slow frames ended at 32 ms: the rung may be tried again from 10,032 ms on.
    expect(governor.record(5, 10_031)).toBeNull();
    expect(governor.record(5, 10_032)).toBe(1);
  });
});
