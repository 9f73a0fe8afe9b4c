/**
 * Okabe–Ito colours: told apart with every common colour-vision deficiency. Cycles are
 * coloured longest first; the dooming cycle (if any) is always the first.
 */
export const CYCLE_COLOURS = [
  '#D55E00', // vermillion
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#F0E442', // yellow
  '#999999', // grey
] as const;

/** The box the helper has picked for an exchange, in the 3D grid and its DOM twin alike. */
export const PICKED_COLOUR = '#ffd166';

export function cycleColour(cycleIndex: number): string {
  return CYCLE_COLOURS[cycleIndex % CYCLE_COLOURS.length] as string;
}
