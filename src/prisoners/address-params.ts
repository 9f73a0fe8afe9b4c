import { MAX_SEED, parseSeedText, randomSeed, seedText, type Seed } from './engine/rng.ts';
import { VARIANTS, type Variant } from './engine/variants.ts';

/**
 * Reads `?seed=`: a uint32 in decimal or a 32-hex-digit generator state (see engine/rng.ts).
 * Anything else is reported and replaced by a fresh seed.
 */
export function parseSeedParam(
  text: string | null,
  fresh: () => Seed = randomSeed,
): { seed: Seed; notice: string | null } {
  if (text === null) return { seed: fresh(), notice: null };
  const seed = parseSeedText(text);
  if (seed !== null) return { seed, notice: null };
  return {
    seed: fresh(),
    notice: `The seed “${shorten(text)}” is not valid: a seed is a whole number from 0 to ${MAX_SEED} or a 32-digit hexadecimal generator state. This run uses a random seed instead.`,
  };
}

/** Reads `?variant=`: one of the variants; anything else is reported and the classic is played. */
export function parseVariantParam(text: string | null): {
  variant: Variant;
  notice: string | null;
} {
  if (text === null) return { variant: 'classic', notice: null };
  const variant = VARIANTS.find((name) => name === text.trim().toLowerCase());
  if (variant) return { variant, notice: null };
  return {
    variant: 'classic',
    notice: `The variant “${shorten(text)}” is not one of ${VARIANTS.join(', ')}. This run plays the classic puzzle.`,
  };
}

/** The simulation's query for a run, which the readers above read back: `variant=…&seed=…`. */
export function runSearch({ variant, seed }: { variant: Variant; seed: Seed | null }): string {
  const params = new URLSearchParams();
  if (variant !== 'classic') params.set('variant', variant);
  if (seed !== null) params.set('seed', seedText(seed));
  return params.toString();
}

/** A value from the address as a notice quotes it: trimmed, and cut short when long. */
function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
}
