/**
 * The lab's settings: validation with readable messages, and the URL query that mirrors them
 * so that any run can be shared. Pure: works on strings, never on the DOM.
 */
import { MAX_SEED } from './rng.ts';
import { defaultGuesses, parseWholeNumber } from './whole-numbers.ts';
import { DEVICES, METHODS, STRATEGIES, type Device, type Method, type Strategy } from './types.ts';

export { defaultGuesses, parseWholeNumber };

export const N_MIN = 1;
export const N_MAX = 100_000;
export const TRIALS_MIN = 1;
export const TRIALS_MAX = 1_000_000_000;
export const DEFAULT_N = 100;
export const DEFAULT_TRIALS = 1_000_000;
export const DEFAULT_STRATEGY: Strategy = 'cycle';
export const DEFAULT_METHOD: Method = 'literal';

export const SETTING_FIELDS = ['n', 'k', 'trials', 'strategy', 'method', 'seed', 'device'] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

/** What the visitor typed (or the URL said), before validation. */
export type SettingsDraft = Record<SettingField, string>;

export interface LabSettings {
  n: number;
  k: number;
  trials: number;
  strategy: Strategy;
  method: Method;
  /** null: pick a fresh seed when the run starts. */
  seed: number | null;
  /** The device asked for; absent: whichever a calibration finds faster. */
  device?: Device;
}

export type SettingsErrors = Partial<Record<SettingField, string>>;

export interface ParsedSettings {
  settings: LabSettings | null;
  errors: SettingsErrors;
}

/** The draft of a first visit. */
export function defaultDraft(): SettingsDraft {
  return {
    n: String(DEFAULT_N),
    k: String(defaultGuesses(DEFAULT_N)),
    trials: String(DEFAULT_TRIALS),
    strategy: DEFAULT_STRATEGY,
    method: DEFAULT_METHOD,
    seed: '',
    device: '',
  };
}

function rangeMessage(label: string, min: number, max: number): string {
  return `${label} must be a whole number from ${min} to ${max}.`;
}

/** The values as a reader lists them: "a or b", "a, b or c". */
function oneOf(values: readonly string[]): string {
  return values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** Validates a draft; `settings` is null whenever any field has an error. */
export function parseSettings(draft: SettingsDraft): ParsedSettings {
  const errors: SettingsErrors = {};
  const n = parseWholeNumber(draft.n);
  const nValid = n !== null && n >= N_MIN && n <= N_MAX;
  if (!nValid) errors.n = rangeMessage('Prisoners', N_MIN, N_MAX);

  const kMax = nValid ? n : N_MAX;
  const k = parseWholeNumber(draft.k);
  if (k === null || k < 0 || k > kMax) {
    errors.k = nValid
      ? rangeMessage('Guesses', 0, kMax).replace('.', ` (at most the number of prisoners).`)
      : rangeMessage('Guesses', 0, N_MAX);
  }

  const trials = parseWholeNumber(draft.trials);
  if (trials === null || trials < TRIALS_MIN || trials > TRIALS_MAX) {
    errors.trials = rangeMessage('Trials', TRIALS_MIN, TRIALS_MAX);
  }

  const strategy = STRATEGIES.find((s) => s === draft.strategy);
  if (!strategy) errors.strategy = `Strategy must be ${oneOf(STRATEGIES)}.`;
  const method = METHODS.find((m) => m === draft.method);
  if (!method) errors.method = `Method must be ${oneOf(METHODS)}.`;

  let seed: number | null = null;
  if (draft.seed.trim() !== '') {
    seed = parseWholeNumber(draft.seed);
    if (seed === null || seed > MAX_SEED) {
      errors.seed = `Seed must be blank or a whole number from 0 to ${MAX_SEED}.`;
    }
  }

  const device = DEVICES.find((d) => d === draft.device.trim());
  if (draft.device.trim() !== '' && !device) {
    errors.device = `Device must be ${oneOf(DEVICES)}, or left out to use the faster.`;
  }

  if (Object.keys(errors).length > 0 || n === null || k === null || trials === null) {
    return { settings: null, errors };
  }
  return {
    settings: {
      n,
      k,
      trials,
      strategy: strategy!,
      method: method!,
      seed,
      ...(device && { device }),
    },
    errors,
  };
}

/** Longest value a field takes from the address; no valid setting is longer. */
const FIELD_TEXT_MAX = 40;

/**
 * A value from the address as its field shows it. A longer one is cut and marked with '…', which
 * no field accepts: cut silently, `100` followed by spaces and junk would read as a valid 100.
 */
function fieldText(value: string): string {
  return value.length > FIELD_TEXT_MAX ? `${value.slice(0, FIELD_TEXT_MAX)}…` : value;
}

/** A draft read from a URL query; missing values take their defaults (k: half of n). */
export function draftFromQuery(query: string | URLSearchParams): SettingsDraft {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const draft = defaultDraft();
  for (const field of SETTING_FIELDS) {
    const value = params.get(field);
    if (value !== null) draft[field] = fieldText(value);
  }
  if (params.get('k') === null) {
    const n = parseWholeNumber(draft.n);
    if (n !== null && n >= N_MIN && n <= N_MAX) draft.k = String(defaultGuesses(n));
  }
  return draft;
}

/** The URL query for a draft, fields in a fixed order; an empty seed or device is left out. */
export function queryFromDraft(draft: SettingsDraft): string {
  const params = new URLSearchParams();
  for (const field of SETTING_FIELDS) {
    const value = draft[field].trim();
    if ((field === 'seed' || field === 'device') && value === '') continue;
    params.set(field, value);
  }
  return params.toString();
}

/** The URL query of a run as it was made: its settings and the seed it used. */
export function queryOfRun(settings: LabSettings, seed: number): string {
  return queryFromDraft({
    n: String(settings.n),
    k: String(settings.k),
    trials: String(settings.trials),
    strategy: settings.strategy,
    method: settings.method,
    seed: String(seed),
    device: settings.device ?? '',
  });
}
