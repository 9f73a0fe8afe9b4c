/** The numbers of the puzzle and of the simulation page, named once. */

/**
 * Prisoners, and boxes: there is one box per prisoner, so this also counts the boxes and the
 * slips. Numbered 1..PRISONER_COUNT on screen, 0-based in the engine.
 */
export const PRISONER_COUNT = 100;

/** Boxes each prisoner may open: half of them. */
export const GUESS_LIMIT = 50;

/** The speed slider of the simulation page. */
export const SPEED_MIN = 10;
export const SPEED_MAX = 1000;
export const SPEED_INITIAL = 800;

/** Milliseconds automatic play waits between two openings at a given slider value. */
export function stepDelayMs(speed: number): number {
  const clamped = Math.min(SPEED_MAX, Math.max(SPEED_MIN, speed));
  return SPEED_MAX - clamped;
}
