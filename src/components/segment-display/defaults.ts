/** Defaults of the segment display props: green segments on black, 20 px characters. */
export const SEGMENT_DEFAULTS = {
  sgClr: '#00e906',
  bgClr: '#000000',
  size: 20,
  dayVersion: 'long',
} as const;
