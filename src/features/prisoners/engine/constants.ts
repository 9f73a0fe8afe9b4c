/** The numbers of the puzzle and of the simulation page, named once. */

/**
 * Prisoners, and boxes, of the specification's game: the simulation page's default. There is one
 * box per prisoner, so this also counts the boxes and the slips. Numbered 1..n on screen,
 * 0-based in the engine.
 */
export const PRISONER_COUNT = 100;

/** Boxes each prisoner may open in the specification's game: half of them. */
export const GUESS_LIMIT = 50;

/** The sizes the simulation page plays: 1 to 10,000 prisoners, 0 to n guesses each. */
export const SIMULATION_PRISONERS_MIN = 1;
export const SIMULATION_PRISONERS_MAX = 10_000;

/** The speed slider of the simulation page: 10 to 1000 in the specification's game. */
export const SPEED_MIN = 10;
export const SPEED_MAX = 1000;
export const SPEED_INITIAL = 800;

/**
 * The slider's top on boards larger than the specification's. From SPEED_MAX (no pause, one
 * prisoner's walk a frame) to here, the fewest boxes a frame holds doubles every
 * (SPEED_TOP − SPEED_MAX) / TOP_SPEED_DOUBLINGS steps.
 */
export const SPEED_TOP = 2000;
export const TOP_SPEED_DOUBLINGS = 16;

/** The slider's top for n prisoners: the specification's range up to its 100 boxes. */
export function speedMaxFor(n: number): number {
  return n > PRISONER_COUNT ? SPEED_TOP : SPEED_MAX;
}

function clampSpeed(speed: number): number {
  return Math.min(SPEED_TOP, Math.max(SPEED_MIN, speed));
}

/** Milliseconds automatic play waits between two openings at a given slider value. */
export function stepDelayMs(speed: number): number {
  return Math.max(0, SPEED_MAX - clampSpeed(speed));
}

/**
 * The fewest boxes a frame shows at a given slider value, past the pause-free point: 1 up to
 * SPEED_MAX (whole walks are shown, so one prisoner a frame), 2^TOP_SPEED_DOUBLINGS at SPEED_TOP.
 */
export function boxesPerFrame(speed: number): number {
  const beyond = clampSpeed(speed) - SPEED_MAX;
  if (beyond <= 0) return 1;
  return Math.round(2 ** ((beyond / (SPEED_TOP - SPEED_MAX)) * TOP_SPEED_DOUBLINGS));
}
