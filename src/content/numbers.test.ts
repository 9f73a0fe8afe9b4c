// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from './numbers.ts';

describe('groupDigits', () => {
  it('groups thousands with commas', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(7)).toBe('7');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(10_000)).toBe('10,000');
    expect(groupDigits(1_234_567)).toBe('1,234,567');
    expect(groupDigits(-1000)).toBe('-1,000');
    expect(groupDigits(2 ** 53)).toBe('9,007,199,254,740,992');
    expect(groupDigits(1e21)).toBe('1,000,000,000,000,000,000,000');
  });

  it('rounds to a whole number first, as Intl does', () => {
    expect(groupDigits(999.5)).toBe('1,000');
    expect(groupDigits(1234.4)).toBe('1,234');
    expect(groupDigits(-2.5)).toBe('-3');
  });

  it('writes what Intl writes in en-US for any whole number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
  });

  it('names the infinities and NaN as Intl does', () => {
    expect(groupDigits(Infinity)).toBe('∞');
    expect(groupDigits(-Infinity)).toBe('-∞');
    expect(groupDigits(NaN)).toBe('NaN');
  });
});
