// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpdateThrottle } from './update-throttle.ts';

describe('createUpdateThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A throttle on the fake clock, with the times (fake ms) at which it published. */
  function throttled(intervalMs: number) {
    const published: number[] = [];
    const updates = createUpdateThrottle(
      () => published.push(Date.now()),
      intervalMs,
      () => Date.now(),
    );
    return { updates, published };
  }

  it('publishes the first request at once and holds later ones to one per interval', () => {
    vi.setSystemTime(1000);
    const { updates, published } = throttled(250);
    updates.schedule();
    expect(published).toEqual([1000]);
    vi.advanceTimersByTime(100);
    updates.schedule();
    updates.schedule();
    updates.schedule();
    expect(published).toEqual([1000]);
    vi.advanceTimersByTime(149);
    expect(published).toEqual([1000]);
    vi.advanceTimersByTime(1);
    expect(published).toEqual([1000, 1250]);
    vi.advanceTimersByTime(1000);
    expect(published).toEqual([1000, 1250]);
    updates.schedule();
    expect(published).toEqual([1000, 1250, 2250]);
  });

  it('drops the waiting update when cancelled, and schedules anew afterwards', () => {
    vi.setSystemTime(0);
    const { updates, published } = throttled(250);
    updates.schedule();
    vi.advanceTimersByTime(10);
    updates.schedule();
    updates.cancel();
    vi.advanceTimersByTime(1000);
    expect(published).toEqual([0]);
    updates.schedule();
    expect(published).toEqual([0, 1010]);
  });
});
