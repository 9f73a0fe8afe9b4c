import { GUESS_LIMIT, PRISONER_COUNT } from './engine/constants.ts';
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

/** Where a simulation opened from the lab came from: the lab run's seed and size, and the trial. */
export interface LabArrival {
  /** The lab run's seed. */
  seed: number;
  /** How many trials the run had. */
  trials: number;
  /** The run's guesses per prisoner (the board itself plays the specification's game). */
  k: number;
  /** The run's method: its trial to watch is literal either way (a fast run's first trials are). */
  method: 'literal' | 'fast';
  /** The trial (1-based) within the run whose arrangement is on the board, when known. */
  trial: number | null;
}

const WHOLE = /^\d{1,10}$/;

/**
 * Reads `?lab-seed=&lab-trials=&lab-k=&lab-method=&lab-trial=`, which the lab adds to a trial it opens here;
 * null when absent or not whole numbers (the board plays on; only the notice is left out). An
 * address without `lab-k` or `lab-method` (or with one out of range) names a literal run with the
 * page's own guesses.
 */
export function parseLabArrival(params: URLSearchParams): LabArrival | null {
  const seed = params.get('lab-seed');
  const trials = params.get('lab-trials');
  const trial = params.get('lab-trial');
  const k = params.get('lab-k');
  const method = params.get('lab-method') === 'fast' ? 'fast' : 'literal';
  if (seed === null || trials === null || !WHOLE.test(seed) || !WHOLE.test(trials)) return null;
  return {
    seed: Number(seed),
    trials: Number(trials),
    k: k !== null && WHOLE.test(k) && Number(k) <= PRISONER_COUNT ? Number(k) : GUESS_LIMIT,
    method,
    trial: trial !== null && WHOLE.test(trial) ? Number(trial) : null,
  };
}

/** The query the lab adds to a trial it opens in the simulation, read back by the reader above. */
export function labArrivalSearch({ seed, trials, k, method, trial }: LabArrival): string {
  const params = new URLSearchParams({
    'lab-seed': String(seed),
    'lab-trials': String(trials),
    'lab-k': String(k),
    'lab-method': method,
  });
  if (trial !== null) params.set('lab-trial', String(trial));
  return params.toString();
}
