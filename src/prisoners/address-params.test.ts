import { describe, expect, it } from 'vitest';
import {
  labArrivalSearch,
  parseLabArrival,
  parseSeedParam,
  parseVariantParam,
} from './address-params.ts';

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
