/**
 * Seeds and the seeded generator as the rest of the app sees them. A seed is either a whole
 * number from 0 to 2^32 − 1 (spread over sfc32's state by splitmix32, then warmed up) or a whole
 * sfc32 state written as 32 lowercase hexadecimal digits, used as it is: the lab hands out the
 * state at the start of a trial, so the simulation page can replay that trial's arrangement.
 * `Math.random` is only ever used to pick a fresh seed.
 */
import {
  drawSmall,
  drawWide,
  generatorFromWords,
  mix32,
  nextWord,
  seedGenerator,
  SMALL_BOUND_MAX,
  type Sfc32,
} from './sfc32.ts';

/** A generator state as 32 lowercase hexadecimal digits: the words a, b, c, d, 8 digits each. */
export type StateSeed = string;

/** A whole number 0..2^32 − 1, shown in decimal, or a generator state. */
export type Seed = number | StateSeed;

export const MAX_SEED = 0xffffffff;

const DECIMAL_SEED = /^\d{1,10}$/;
const STATE_SEED = /^[0-9a-f]{32}$/i;

/** True when `value` is a whole number in 0..2^32-1. */
export function isSeed(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

/** A fresh seed for runs the visitor did not seed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1)) >>> 0;
}

/** A seed derived from a parent seed and an index (a worker's number in a run). */
export function deriveSeed(seed: number, index: number): number {
  // 0x85ebca6b is a multiplier of MurmurHash3's finaliser: an odd constant with well-mixed bits.
  return mix32(mix32(seed) ^ Math.imul(index + 1, 0x85ebca6b));
}

/** The seed written in `text` (decimal, or 32 hexadecimal digits in either case), or null. */
export function parseSeedText(text: string): Seed | null {
  const trimmed = text.trim();
  if (DECIMAL_SEED.test(trimmed)) {
    const value = Number(trimmed);
    return isSeed(value) ? value : null;
  }
  return STATE_SEED.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** A seed as text that `parseSeedText` reads back. */
export function seedText(seed: Seed): string {
  return String(seed);
}

/** The current state of a generator as a seed: `createRng` on it continues from here. */
export function stateSeed(generator: Sfc32): StateSeed {
  const hex = (word: number) => (word >>> 0).toString(16).padStart(8, '0');
  return hex(generator.a) + hex(generator.b) + hex(generator.c) + hex(generator.d);
}

export interface Rng {
  /** Next uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** Uniform integer in [0, bound), unbiased, for 1 <= bound <= 2^32. */
  nextBelow(bound: number): number;
  /** The generator itself, for the engine's shuffles (see permutation.ts). */
  readonly generator: Sfc32;
}

/** sfc32 from a seed: a whole number is mixed and warmed up, a state is used as it is. */
export function createRng(seed: Seed): Rng {
  const generator = typeof seed === 'number' ? seedGenerator(seed) : generatorFromState(seed);
  return {
    generator,
    nextUint32: () => nextWord(generator) >>> 0,
    nextBelow: (bound) =>
      bound <= SMALL_BOUND_MAX ? drawSmall(generator, bound) : drawWide(generator, bound),
  };
}

function generatorFromState(seed: StateSeed): Sfc32 {
  if (!STATE_SEED.test(seed)) throw new RangeError(`not a generator state: ${seed}`);
  const word = (index: number) => parseInt(seed.slice(index * 8, index * 8 + 8), 16);
  return generatorFromWords(word(0), word(1), word(2), word(3));
}
