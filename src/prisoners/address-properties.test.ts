// @vitest-environment node
// Hostile addresses: the simulation's and the lab's query readers never throw, and every value
// ends as a valid setting or a notice naming it, whatever the address holds.
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { hostileQuery, hostileValue } from '../testing/hostile-values.ts';
import { parseSeedParam, parseVariantParam } from './address-params.ts';
import { METHODS, STRATEGIES } from './engine/trials.ts';
import {
  N_MAX,
  SETTING_FIELDS,
  TRIALS_MAX,
  draftFromQuery,
  parseSettings,
  queryFromDraft,
} from './engine/lab-settings.ts';
import { MAX_SEED } from './engine/rng.ts';
import { VARIANTS } from './engine/variants.ts';

const LABELS = {
  n: /^Prisoners must /,
  k: /^Guesses must /,
  trials: /^Trials must /,
  strategy: /^Strategy must /,
  method: /^Method must /,
  seed: /^Seed must /,
  device: /^Device must /,
} as const;

const ASCII_WHOLE = /^[0-9]+$/;

describe("the lab's settings from any address", () => {
  test.prop([hostileQuery(SETTING_FIELDS)], { numRuns: 400 })(
    'validate, or name each field that is wrong',
    (query) => {
      const draft = draftFromQuery(query);
      const { settings, errors } = parseSettings(draft);
      const named = Object.keys(errors) as (keyof typeof LABELS)[];
      for (const field of named) expect(errors[field]).toMatch(LABELS[field]);
      if (settings === null) {
        expect(named.length).toBeGreaterThan(0);
        return;
      }
      expect(named).toEqual([]);
      const { n, k, trials, strategy, method, seed } = settings;
      expect(Number.isSafeInteger(n) && n >= 1 && n <= N_MAX).toBe(true);
      expect(Number.isSafeInteger(k) && k >= 0 && k <= n).toBe(true);
      expect(Number.isSafeInteger(trials) && trials >= 1 && trials <= TRIALS_MAX).toBe(true);
      expect(STRATEGIES).toContain(strategy);
      expect(METHODS).toContain(method);
      expect(seed === null || (Number.isSafeInteger(seed) && seed >= 0 && seed <= MAX_SEED)).toBe(
        true,
      );
      // A valid draft survives the address it writes.
      expect(parseSettings(draftFromQuery(queryFromDraft(draft))).settings).toEqual(settings);
    },
  );

  test.prop([fc.constantFrom('n', 'k', 'trials', 'seed'), hostileValue])(
    'accept a number only when it is written in ASCII digits, whole, and in full',
    (field, value) => {
      const params = new URLSearchParams({ n: '100', k: '50', trials: '1000', seed: '1' });
      params.set(field, value);
      const { errors } = parseSettings(draftFromQuery(params));
      const digits = value.replace(/[_,\s]/g, '');
      // Anything after a value's first 40 characters would be cut off unseen; signs (so −0),
      // hexadecimal, other scripts' digits, Infinity and NaN are no whole numbers here.
      if (value.length > 40 || /[^0-9.eE_,\s]/.test(value) || (digits === '' && field !== 'seed')) {
        expect(errors[field as keyof typeof errors]).toMatch(LABELS[field as keyof typeof LABELS]);
      }
      if (ASCII_WHOLE.test(value) && value.length <= 9 && field !== 'k') {
        // Short runs of ASCII digits are in range for n (≥ 1 but ≤ 100000 checked), trials, seed.
        const number = Number(value);
        const inRange =
          field === 'n'
            ? number >= 1 && number <= N_MAX
            : field === 'trials'
              ? number >= 1 && number <= TRIALS_MAX
              : number <= MAX_SEED;
        expect(errors[field as keyof typeof errors] === undefined).toBe(inRange);
      }
    },
  );

  test('cut a 10,000-character value to its field, never to a valid setting', () => {
    const draft = draftFromQuery(`trials=1000${' '.repeat(10_000)}x&n=${'1'.repeat(10_000)}`);
    expect(draft.trials.length).toBeLessThanOrEqual(41);
    expect(draft.n.length).toBeLessThanOrEqual(41);
    expect(Object.keys(parseSettings(draft).errors)).toEqual(['n', 'trials']);
  });

  test('read the first of repeated keys', () => {
    expect(draftFromQuery('n=10&n=abc&k=3&k=4')).toMatchObject({ n: '10', k: '3' });
  });
});

describe("the simulation's seed and variant from any address", () => {
  test.prop([hostileValue], { numRuns: 500 })('a seed, or a notice and a fresh seed', (text) => {
    const { seed, notice } = parseSeedParam(text, () => 42);
    const trimmed = text.trim();
    const valid =
      (/^[0-9]{1,10}$/.test(trimmed) && Number(trimmed) <= MAX_SEED) ||
      /^[0-9a-f]{32}$/i.test(trimmed);
    expect(notice === null).toBe(valid);
    if (valid) {
      expect(seed).toBe(/^[0-9]+$/.test(trimmed) ? Number(trimmed) : trimmed.toLowerCase());
    } else {
      expect(seed).toBe(42);
      // The notice quotes at most 24 characters of what it was given.
      expect(notice!.length).toBeLessThan(250);
    }
  });

  test.prop([hostileValue], { numRuns: 500 })('a variant, or a notice and the classic', (text) => {
    const { variant, notice } = parseVariantParam(text);
    const named = VARIANTS.find((name) => name === text.trim().toLowerCase());
    expect(variant).toBe(named ?? 'classic');
    expect(notice === null).toBe(named !== undefined);
    if (notice) expect(notice.length).toBeLessThan(250);
  });
});
