// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pixelRatioFor } from './scene-host.ts';

describe('pixelRatioFor', () => {
  it('follows the device on real GPUs, between 1 and 2', () => {
    expect(pixelRatioFor(640, 740, 1, false)).toBe(1);
    expect(pixelRatioFor(640, 740, 1.5, false)).toBe(1.5);
    expect(pixelRatioFor(640, 740, 3, false)).toBe(2);
    expect(pixelRatioFor(640, 740, 0.5, false)).toBe(1);
  });

  it('keeps software rendering within its pixel budget, never above one pixel per CSS pixel', () => {
    const ratio = pixelRatioFor(640, 740, 2, true);
    expect(ratio).toBeLessThan(1);
    expect(640 * ratio * 740 * ratio).toBeLessThanOrEqual(300_000 * 1.02);
    expect(640 * ratio * 740 * ratio).toBeGreaterThan(300_000 * 0.95);
    expect(pixelRatioFor(343, 310, 3, true)).toBe(1);
    expect(pixelRatioFor(0, 0, 1, true)).toBe(1);
  });
});
