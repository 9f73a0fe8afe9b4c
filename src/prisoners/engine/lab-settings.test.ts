// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  defaultDraft,
  draftFromQuery,
  parseSettings,
  parseWholeNumber,
  queryFromDraft,
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
    expect(parseSettings({ ...defaultDraft(), strategy: 'Swap' }).errors.strategy).toBeDefined();
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
    expect(parsed.errors.n).toBeDefined();
    expect(parsed.errors.k).toBeDefined();
  });
});
