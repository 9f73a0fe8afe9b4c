// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  defaultDraft,
  draftFromQuery,
  parseSettings,
  parseWholeNumber,
  queryFromDraft,
  queryOfRun,
  type LabSettings,
  type SettingsDraft,
} from './lab-settings.ts';

describe('lab settings', () => {
  it('defaults to 100 prisoners, 50 guesses, a million literal cycle trials, fresh seed', () => {
    expect(parseSettings(defaultDraft())).toEqual({
      settings: {
        n: 100,
        k: 50,
        trials: 1_000_000,
        strategy: 'cycle',
        method: 'literal',
        seed: null,
      },
      errors: {},
    });
  });

  it('reads whole numbers in digits or exponent form only', () => {
    expect(parseWholeNumber('1e7')).toBe(10_000_000);
    expect(parseWholeNumber(' 2.5e3 ')).toBe(2500);
    expect(parseWholeNumber('1_000')).toBe(1000);
    for (const bad of ['', 'abc', '-1', '1.5', '0x10', 'Infinity', '1e400', 'NaN']) {
      expect(parseWholeNumber(bad)).toBeNull();
    }
  });

  it('names every invalid field with a message and gives no settings', () => {
    const parsed = parseSettings({
      n: '0',
      k: 'x',
      trials: '2e9',
      strategy: 'greedy',
      method: 'slow',
      seed: '4294967296',
      device: 'tpu',
    });
    expect(parsed.settings).toBeNull();
    expect(Object.keys(parsed.errors).sort()).toEqual(
      ['device', 'k', 'method', 'n', 'seed', 'strategy', 'trials'].sort(),
    );
    expect(parsed.errors.device).toBe('Device must be gpu or cpu, or left out to use the faster.');
    expect(parsed.errors.n).toBe('Prisoners must be a whole number from 1 to 100000.');
    expect(parsed.errors.strategy).toBe('Strategy must be cycle, random or swap.');
    expect(parsed.errors.method).toBe('Method must be literal or fast.');
  });

  it('reads the device from the URL query and gives it back; none leaves the choice open', () => {
    const draft = draftFromQuery(
      '?n=12&k=3&trials=2e5&strategy=swap&method=literal&seed=4&device=gpu',
    );
    expect(parseSettings(draft).settings).toEqual({
      n: 12,
      k: 3,
      trials: 200_000,
      strategy: 'swap',
      method: 'literal',
      seed: 4,
      device: 'gpu',
    });
    expect(queryFromDraft(draft)).toBe(
      'n=12&k=3&trials=2e5&strategy=swap&method=literal&seed=4&device=gpu',
    );
    expect(queryFromDraft({ ...draft, device: 'cpu' })).toMatch(/&device=cpu$/);
    const open = { ...draft, device: '' };
    expect('device' in parseSettings(open).settings!).toBe(false);
    expect(queryFromDraft(open)).not.toContain('device');
  });

  it('reads the swap strategy from the URL query and gives it back', () => {
    const draft = draftFromQuery('?n=12&k=3&trials=2e5&strategy=swap&method=literal&seed=4');
    expect(parseSettings(draft)).toEqual({
      settings: { n: 12, k: 3, trials: 200_000, strategy: 'swap', method: 'literal', seed: 4 },
      errors: {},
    });
    expect(queryFromDraft(draft)).toBe('n=12&k=3&trials=2e5&strategy=swap&method=literal&seed=4');
    expect(parseSettings({ ...defaultDraft(), strategy: 'Swap' }).errors).toEqual({
      strategy: 'Strategy must be cycle, random or swap.',
    });
  });

  it('limits guesses to the number of prisoners', () => {
    const parsed = parseSettings({ ...defaultDraft(), n: '10', k: '11' });
    expect(parsed.errors.k).toMatch(/from 0 to 10/);
    expect(parseSettings({ ...defaultDraft(), n: '10', k: '10' }).settings?.k).toBe(10);
    expect(parseSettings({ ...defaultDraft(), n: '100000', k: '0' }).settings?.k).toBe(0);
  });

  it('accepts the extreme seeds', () => {
    expect(parseSettings({ ...defaultDraft(), seed: '0' }).settings?.seed).toBe(0);
    expect(parseSettings({ ...defaultDraft(), seed: '4294967295' }).settings?.seed).toBe(
      4294967295,
    );
  });

  it('round-trips through the URL query, k defaulting to half of n', () => {
    const draft = draftFromQuery('?n=2000&trials=1e6&strategy=random&method=fast&seed=9');
    expect(draft).toEqual({
      n: '2000',
      k: '1000',
      trials: '1e6',
      strategy: 'random',
      method: 'fast',
      seed: '9',
      device: '',
    });
    expect(draftFromQuery(queryFromDraft(draft))).toEqual(draft);
    expect(queryFromDraft(defaultDraft())).toBe(
      'n=100&k=50&trials=1000000&strategy=cycle&method=literal',
    );
  });

  it('keeps malformed URL values so they can be shown with a message', () => {
    const draft = draftFromQuery('?n=lots&k=-3');
    expect(draft.n).toBe('lots');
    const parsed = parseSettings(draft);
    expect(parsed.errors).toEqual({
      n: 'Prisoners must be a whole number from 1 to 100000.',
      k: 'Guesses must be a whole number from 0 to 100000.',
    });
  });

  it('takes each field up to its bounds and no further, each with its own message', () => {
    const at = (fields: Partial<SettingsDraft>) => parseSettings({ ...defaultDraft(), ...fields });
    const prisoners = 'Prisoners must be a whole number from 1 to 100000.';
    expect(at({ n: '1', k: '1' }).settings).toMatchObject({ n: 1, k: 1 });
    expect(at({ n: '100001' })).toEqual({ settings: null, errors: { n: prisoners } });
    expect(at({ trials: '1' }).settings?.trials).toBe(1);
    expect(at({ trials: '1e9' }).settings?.trials).toBe(1_000_000_000);
    for (const trials of ['0', '1000000001']) {
      expect(at({ trials })).toEqual({
        settings: null,
        errors: { trials: 'Trials must be a whole number from 1 to 1000000000.' },
      });
    }
    // A field that is not a number fails the settings as surely as one that is.
    expect(at({ strategy: 'greedy' })).toEqual({
      settings: null,
      errors: { strategy: 'Strategy must be cycle, random or swap.' },
    });
    expect(at({ n: '10', k: '11' }).errors).toEqual({
      k: 'Guesses must be a whole number from 0 to 10 (at most the number of prisoners).',
    });
    // With no valid number of prisoners, guesses are checked against the largest.
    expect(at({ n: '0', k: '100001' }).errors).toEqual({
      n: prisoners,
      k: 'Guesses must be a whole number from 0 to 100000.',
    });
    expect(at({ n: '0', k: '100000' }).errors).toEqual({ n: prisoners });
    expect(at({ seed: '4294967296' }).errors).toEqual({
      seed: 'Seed must be blank or a whole number from 0 to 4294967295.',
    });
    expect(at({ seed: 'x' }).errors).toEqual({
      seed: 'Seed must be blank or a whole number from 0 to 4294967295.',
    });
    expect(at({ seed: '  ' }).settings?.seed).toBeNull();
    expect(at({ seed: ' 7 ' }).settings?.seed).toBe(7);
    expect(at({ device: ' cpu ' }).settings?.device).toBe('cpu');
    expect(at({ device: ' ' })).toEqual(at({ device: '' }));
    expect(at({ device: ' ' }).settings).not.toBeNull();
    expect(at({ method: 'fast', strategy: 'random' }).settings).toMatchObject({
      method: 'fast',
      strategy: 'random',
    });
  });

  it('reads whole numbers with separators, either exponent case and long mantissas', () => {
    expect(parseWholeNumber('2.25e2')).toBe(225);
    expect(parseWholeNumber('1E3')).toBe(1000);
    expect(parseWholeNumber('1e10')).toBe(10_000_000_000);
    expect(parseWholeNumber('1,000,000')).toBe(1_000_000);
    expect(parseWholeNumber('1 000')).toBe(1000);
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber('9007199254740991')).toBe(9007199254740991);
    expect(parseWholeNumber('9007199254740993')).toBeNull();
    expect(parseWholeNumber('1e')).toBeNull();
    expect(parseWholeNumber('.5')).toBeNull();
    expect(parseWholeNumber('1.')).toBeNull();
  });

  it('gives k half of n, rounded down, only for a valid n from the address', () => {
    expect(draftFromQuery('?n=7').k).toBe('3');
    expect(draftFromQuery('?n=1').k).toBe('0');
    expect(draftFromQuery('?n=100000').k).toBe('50000');
    // An n out of range leaves the default k, for the message to name n alone.
    expect(draftFromQuery('?n=0').k).toBe('50');
    expect(draftFromQuery('?n=100001').k).toBe('50');
    expect(draftFromQuery('?n=7&k=6').k).toBe('6');
  });

  it('cuts an address value after 40 characters and marks the cut so that no field accepts it', () => {
    // '100' and 37 spaces: 40 characters, kept whole, read as 100.
    const kept = draftFromQuery(`?n=100${'%20'.repeat(37)}`);
    expect(kept.n).toBe(`100${' '.repeat(37)}`);
    expect(parseSettings(kept).settings?.n).toBe(100);
    // One space more: cut to 40 and marked, so not read as 100.
    const cut = draftFromQuery(`?n=100${'%20'.repeat(38)}`);
    expect(cut.n).toBe(`100${' '.repeat(37)}…`);
    expect(parseSettings(cut).errors.n).toBe('Prisoners must be a whole number from 1 to 100000.');
  });

  it('writes every field but an empty seed or device into the query, trimmed', () => {
    expect(queryFromDraft({ ...defaultDraft(), k: '', seed: ' 5 ', device: ' ' })).toBe(
      'n=100&k=&trials=1000000&strategy=cycle&method=literal&seed=5',
    );
    const settings = { n: 7, k: 3, trials: 500, strategy: 'random', method: 'fast', seed: null };
    expect(queryOfRun(settings as LabSettings, 12)).toBe(
      'n=7&k=3&trials=500&strategy=random&method=fast&seed=12',
    );
    expect(queryOfRun({ ...(settings as LabSettings), device: 'gpu' }, 0)).toBe(
      'n=7&k=3&trials=500&strategy=random&method=fast&seed=0&device=gpu',
    );
  });
});
