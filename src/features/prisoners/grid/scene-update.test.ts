// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { animationStep } from './scene-update.ts';

describe('animationStep', () => {
  it('moves a moving board by all the time since its last frame, however long', () => {
    expect(animationStep(0.016, true, 0.004)).toBe(0.016);
    expect(animationStep(0.1, true, 0.05)).toBe(0.1);
    // A page starved of the CPU: one frame in 1.5 s still shows where the boxes are by now.
    expect(animationStep(1.5, true, 0.2)).toBe(1.5);
  });

  it('starts a board that stood still at the change that moves it, whenever its last frame was', () => {
    // The frame after a change, as soon as the screen allows.
    expect(animationStep(120, false, 0.016)).toBe(0.016);
    // A frame that came 2.3 s after the change shows the movement 2.3 s along.
    expect(animationStep(600, false, 2.3)).toBe(2.3);
    // Never more than the time since the last frame.
    expect(animationStep(0.01, false, 0.5)).toBe(0.01);
  });
});
