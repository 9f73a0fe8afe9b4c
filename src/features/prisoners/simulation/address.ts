import { groupDigits } from '../../../content/numbers.ts';
import {
  GUESS_LIMIT,
  PRISONER_COUNT,
  SIMULATION_PRISONERS_MAX,
  SIMULATION_PRISONERS_MIN,
} from '../engine/constants.ts';
import { defaultGuesses, parseWholeNumber } from '../engine/whole-numbers.ts';
import { MAX_SEED, parseSeedText, randomSeed, seedText, type Seed } from '../engine/rng.ts';
import { GAME_STRATEGIES, type GameStrategy, VARIANTS, type Variant } from '../engine/types.ts';

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

/** The board's size and strategy: n prisoners (and boxes), k guesses each. */
export interface BoardSize {
  n: number;
  k: number;
  strategy: GameStrategy;
  /** The visitor named k; otherwise k is ⌊n/2⌋ and follows n. */
  kSet: boolean;
}

/** The specification's game: 100 boxes, 50 guesses, following the slips. */
export const SPEC_BOARD: BoardSize = {
  n: PRISONER_COUNT,
  k: GUESS_LIMIT,
  strategy: 'cycle',
  kSet: false,
};

/** What the strategy radio buttons say for each of the address's names. */
export const STRATEGY_LABELS: Record<GameStrategy, string> = {
  cycle: 'Follow the slips',
  random: 'Open at random',
};

/** The rule for the Prisoners field and `?n=`. */
export const PRISONERS_RULE = `Prisoners must be a whole number from ${groupDigits(SIMULATION_PRISONERS_MIN)} to ${groupDigits(SIMULATION_PRISONERS_MAX)}.`;

/** The rule for the Guesses per prisoner field and `?k=` with n prisoners. */
export function guessesRule(n: number): string {
  return `Guesses per prisoner must be a whole number from 0 to ${groupDigits(n)}, the number of prisoners.`;
}

/** The rule for the Strategy choice and `?strategy=`. */
export const STRATEGY_RULE = `Strategy must be ${GAME_STRATEGIES.map((name) => `${name} (${STRATEGY_LABELS[name]})`).join(' or ')}.`;

/** A number of prisoners as typed or read from the address, or null when out of range. */
export function parsePrisoners(text: string): number | null {
  const n = parseWholeNumber(text);
  return n !== null && n >= SIMULATION_PRISONERS_MIN && n <= SIMULATION_PRISONERS_MAX ? n : null;
}

/** Guesses per prisoner for n prisoners as typed or read from the address, or null. */
export function parseGuesses(text: string, n: number): number | null {
  const k = parseWholeNumber(text);
  return k !== null && k >= 0 && k <= n ? k : null;
}

/**
 * Reads `?n=&k=&strategy=` with the lab's names: n from 1 to 10,000, k from 0 to n (⌊n/2⌋ when
 * absent), `cycle` or `random`. A value that cannot be used is reported, naming the field and
 * its range, and its default is played.
 */
export function parseBoardParams(address: {
  n?: string | null;
  k?: string | null;
  strategy?: string | null;
}): { board: BoardSize; notices: string[] } {
  const notices: string[] = [];
  const nText = address.n ?? null;
  let n = PRISONER_COUNT;
  if (nText !== null) {
    const read = parsePrisoners(nText);
    if (read === null) {
      notices.push(`${PRISONERS_RULE} “${shorten(nText)}” is not; this game has ${n} prisoners.`);
    } else n = read;
  }
  const kText = address.k ?? null;
  let k = defaultGuesses(n);
  let kSet = false;
  if (kText !== null) {
    const read = parseGuesses(kText, n);
    if (read === null) {
      notices.push(
        `${guessesRule(n)} “${shorten(kText)}” is not; this game gives each prisoner ${k}.`,
      );
    } else {
      k = read;
      kSet = true;
    }
  }
  const strategyText = address.strategy ?? null;
  let strategy: GameStrategy = 'cycle';
  if (strategyText !== null) {
    const read = GAME_STRATEGIES.find((name) => name === strategyText.trim().toLowerCase());
    if (read) strategy = read;
    else {
      notices.push(
        `${STRATEGY_RULE} “${shorten(strategyText)}” is not; this game follows the slips.`,
      );
    }
  }
  return { board: { n, k, strategy, kSet }, notices };
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

/** The simulation's parameters as the address writes them; null (or left out) when absent. */
export interface AddressTexts {
  seed: string | null;
  variant: string | null;
  n?: string | null;
  k?: string | null;
  strategy?: string | null;
  /** The lab run the board was opened from, already read (parseLabArrival). */
  arrival?: LabArrival | null;
}

/** A run as the address describes it, with a notice for each value that could not be used. */
export interface RunAddress {
  seed: Seed;
  variant: Variant;
  board: BoardSize;
  notices: string[];
  arrival: LabArrival | null;
}

/**
 * The run the address asks for: seed, variant, board and the lab run it came from. A value that
 * cannot be used is reported and its default played; no seed is a fresh one (`fresh`).
 */
export function parseRunAddress(address: AddressTexts, fresh: () => Seed = randomSeed): RunAddress {
  const { seed, notice: seedNotice } = parseSeedParam(address.seed, fresh);
  const { variant, notice: variantNotice } = parseVariantParam(address.variant);
  const { board, notices: boardNotices } = parseBoardParams(address);
  const notices = [...boardNotices, seedNotice, variantNotice].filter((notice) => notice !== null);
  return { seed, variant, board, notices, arrival: address.arrival ?? null };
}

/**
 * The simulation's query for a run, which the readers above read back:
 * `n=…&k=…&strategy=…&variant=…&seed=…`, each left out where it is the default (k where it
 * follows n).
 */
export function runSearch({
  variant,
  seed,
  board = SPEC_BOARD,
}: {
  variant: Variant;
  seed: Seed | null;
  board?: BoardSize;
}): string {
  const params = new URLSearchParams();
  if (board.n !== PRISONER_COUNT) params.set('n', String(board.n));
  if (board.kSet) params.set('k', String(board.k));
  if (board.strategy !== 'cycle') params.set('strategy', board.strategy);
  if (variant !== 'classic') params.set('variant', variant);
  if (seed !== null) params.set('seed', seedText(seed));
  return params.toString();
}

/** A value from the address as a notice quotes it: trimmed, and cut short when long. */
function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
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
