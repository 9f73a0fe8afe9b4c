// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  labArrivalSearch,
  parseLabArrival,
  parseSeedParam,
  parseVariantParam,
  parseBoardParams,
  parseRunAddress,
  runSearch,
} from './address.ts';

describe('seed parameter', () => {
  it('accepts uint32 decimals and 32-hex-digit states, and reports everything else', () => {
    expect(parseSeedParam('42', () => 7)).toEqual({ seed: 42, notice: null });
    expect(parseSeedParam('4294967295', () => 7).seed).toBe(4294967295);
    expect(parseSeedParam(null, () => 7)).toEqual({ seed: 7, notice: null });
    const state = '0123456789abcdef0123456789abcdef';
    expect(parseSeedParam(state, () => 7)).toEqual({ seed: state, notice: null });
    for (const bad of ['abc', '-1', '4294967296', '1.5', '', '1e3']) {
      expect(parseSeedParam(bad, () => 7)).toEqual({
        seed: 7,
        notice: `The seed “${bad}” is not valid: a seed is a whole number from 0 to 4294967295 or a 32-digit hexadecimal generator state. This run uses a random seed instead.`,
      });
    }
  });

  it('shortens a long bad seed in its notice', () => {
    expect(parseSeedParam('x'.repeat(40), () => 7).notice).toBe(
      `The seed “${'x'.repeat(24)}…” is not valid: a seed is a whole number from 0 to 4294967295 or a 32-digit hexadecimal generator state. This run uses a random seed instead.`,
    );
  });
});

describe('variant parameter', () => {
  it('reads every variant, ignoring case and surrounding spaces', () => {
    expect(parseVariantParam(null)).toEqual({ variant: 'classic', notice: null });
    expect(parseVariantParam('helper')).toEqual({ variant: 'helper', notice: null });
    expect(parseVariantParam(' Warden ')).toEqual({ variant: 'warden', notice: null });
    expect(parseVariantParam('classic')).toEqual({ variant: 'classic', notice: null });
  });

  it('plays the classic puzzle and says so for anything else', () => {
    expect(parseVariantParam('jailer')).toEqual({
      variant: 'classic',
      notice:
        'The variant “jailer” is not one of classic, helper, warden. This run plays the classic puzzle.',
    });
  });
});

describe('lab arrival parameters', () => {
  it('writes a lab run and its trial into the address and reads them back', () => {
    const search = labArrivalSearch({ seed: 7, trials: 200_000, k: 30, method: 'fast', trial: 12 });
    expect(search).toBe('lab-seed=7&lab-trials=200000&lab-k=30&lab-method=fast&lab-trial=12');
    expect(parseLabArrival(new URLSearchParams(search))).toEqual({
      seed: 7,
      trials: 200_000,
      k: 30,
      method: 'fast',
      trial: 12,
    });
  });

  it('reads an older address as a literal run with 50 guesses, and leaves out a bad one', () => {
    expect(parseLabArrival(new URLSearchParams('lab-seed=7&lab-trials=10'))).toEqual({
      seed: 7,
      trials: 10,
      k: 50,
      method: 'literal',
      trial: null,
    });
    expect(
      parseLabArrival(new URLSearchParams('lab-seed=7&lab-trials=10&lab-k=101&lab-method=x')),
    ).toMatchObject({ k: 50, method: 'literal' });
    expect(parseLabArrival(new URLSearchParams('lab-seed=x&lab-trials=10'))).toBeNull();
    expect(parseLabArrival(new URLSearchParams('lab-trials=10'))).toBeNull();
  });
});

describe('board parameters', () => {
  it('round-trips n, k and the strategy through the address, leaving out the defaults', () => {
    const cases = [
      { n: 1000, k: 500, strategy: 'random', kSet: true },
      { n: 1000, k: 500, strategy: 'cycle', kSet: false },
      { n: 7, k: 0, strategy: 'cycle', kSet: true },
      { n: 10_000, k: 10_000, strategy: 'random', kSet: true },
    ] as const;
    for (const board of cases) {
      const search = runSearch({ variant: 'warden', seed: 7, board });
      const params = new URLSearchParams(search);
      const read = parseBoardParams({
        n: params.get('n'),
        k: params.get('k'),
        strategy: params.get('strategy'),
      });
      expect(read).toEqual({ board, notices: [] });
    }
    expect(
      runSearch({
        variant: 'helper',
        seed: 7,
        board: { n: 1000, k: 3, strategy: 'random', kSet: true },
      }),
    ).toBe('n=1000&k=3&strategy=random&variant=helper&seed=7');
    expect(runSearch({ variant: 'classic', seed: 7 })).toBe('seed=7');
  });

  it('names the field and its range for each value it cannot use', () => {
    const notice = (address: Parameters<typeof parseBoardParams>[0]) =>
      parseBoardParams(address).notices;
    for (const n of ['0', '-5', 'abc', '20000']) {
      expect(notice({ n })).toEqual([
        `Prisoners must be a whole number from 1 to 10,000. “${n}” is not; this game has 100 prisoners.`,
      ]);
    }
    expect(notice({ k: '600', n: '500' })).toEqual([
      'Guesses per prisoner must be a whole number from 0 to 500, the number of prisoners. “600” is not; this game gives each prisoner 250.',
    ]);
    expect(notice({ strategy: ' Random ' })).toEqual([]);
    expect(parseBoardParams({ n: '1e3' }).board.n).toBe(1000);
  });
});

describe('the run the address describes', () => {
  it('reads every parameter, the lab run passed through as it was read', () => {
    const arrival = { seed: 42, trials: 1000, k: 50, method: 'fast' as const, trial: 3 };
    const texts = { seed: '42', variant: 'warden', n: '12', k: '4', strategy: 'random', arrival };
    expect(parseRunAddress(texts, () => 7)).toEqual({
      seed: 42,
      variant: 'warden',
      board: { n: 12, k: 4, strategy: 'random', kSet: true },
      notices: [],
      arrival,
    });
    expect(parseRunAddress({ seed: null, variant: null }, () => 7)).toEqual({
      seed: 7,
      variant: 'classic',
      board: { n: 100, k: 50, strategy: 'cycle', kSet: false },
      notices: [],
      arrival: null,
    });
  });

  it('plays the default of each value it cannot use, its notices the board’s first', () => {
    const run = parseRunAddress(
      { seed: 'abc', variant: 'hostile', n: '0', k: 'x', strategy: 'nope' },
      () => 7,
    );
    expect(run).toMatchObject({
      seed: 7,
      variant: 'classic',
      board: { n: 100, k: 50, strategy: 'cycle', kSet: false },
      arrival: null,
    });
    expect(run.notices).toEqual([
      'Prisoners must be a whole number from 1 to 10,000. “0” is not; this game has 100 prisoners.',
      'Guesses per prisoner must be a whole number from 0 to 100, the number of prisoners. “x” is not; this game gives each prisoner 50.',
      'Strategy must be cycle (Follow the slips) or random (Open at random). “nope” is not; this game follows the slips.',
      'The seed “abc” is not valid: a seed is a whole number from 0 to 4294967295 or a 32-digit hexadecimal generator state. This run uses a random seed instead.',
      'The variant “hostile” is not one of classic, helper, warden. This run plays the classic puzzle.',
    ]);
  });
});
