// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCount,
  formatPercent,
  formatPowerOfTen,
  formatScientific,
  formatStandardErrors,
  formatThroughput,
} from './format.ts';

describe('lab formats', () => {
  it('writes percentages with two decimals, three significant digits when small', () => {
    expect(formatPercent(0.311827820689805)).toBe('31.18%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.0001)).toBe('0.01%');
    expect(formatPercent(0.0000123456)).toBe('0.00123%');
    expect(formatPercent(0.00001)).toBe('0.00100%');
    expect(formatPercent(Number.NaN)).toBe('–');
  });

  it('writes tiny percentages in scientific notation with superscript digits, unbreakable', () => {
    // Every space of the notation is a no-break space (written as a space below).
    const unbreakable = (text: string) => text.replace(/ /g, '\u00a0');
    // (50/100)^100 = 2^-100 = 7.888609052210118e-31, which is 7.888…e-29 percent.
    expect(formatPercent(2 ** -100)).toBe(unbreakable('7.9 × 10⁻²⁹ %'));
    expect(formatPercent(9.99e-6)).toBe(unbreakable('1.0 × 10⁻³ %'));
    expect(formatPercent(1.23e-8)).toBe(unbreakable('1.2 × 10⁻⁶ %'));
    expect(formatScientific(4.56e-10)).toBe(unbreakable('4.6 × 10⁻¹⁰'));
    expect(formatScientific(3.21e12)).toBe(unbreakable('3.2 × 10¹²'));
    expect(formatScientific(5)).toBe(unbreakable('5.0 × 10⁰'));
    expect([formatPowerOfTen(-3), formatPowerOfTen(0), formatPowerOfTen(12)]).toEqual([
      '10⁻³',
      '10⁰',
      '10¹²',
    ]);
  });

  it('groups the digits of counts in thousands', () => {
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(999.6)).toBe('1,000');
    expect(formatCount(0)).toBe('0');
  });

  it('names a count in the singular for one, in the plural otherwise', () => {
    expect(countOf(1, 'prisoner')).toBe('1 prisoner');
    expect(countOf(0, 'prisoner')).toBe('0 prisoners');
    expect(countOf(10_000, 'prisoner')).toBe('10,000 prisoners');
    expect(countOf(1, 'guess', 'guesses')).toBe('1 guess');
    expect(countOf(2, 'guess', 'guesses')).toBe('2 guesses');
    expect(countOf(1, 'box', 'boxes')).toBe('1 box');
  });

  it('writes standard errors with a sign and a real minus, and none on zero', () => {
    expect(formatStandardErrors(-1.234)).toBe('−1.23');
    expect(formatStandardErrors(0.5)).toBe('+0.50');
    expect(formatStandardErrors(-0.004)).toBe('0.00');
    expect(formatStandardErrors(0.004)).toBe('0.00');
    expect(formatStandardErrors(-0)).toBe('0.00');
    expect(formatStandardErrors(-0.005)).toBe('−0.01');
    expect(formatStandardErrors(Infinity)).toBe('+∞');
    expect(formatStandardErrors(-Infinity)).toBe('−∞');
    expect(formatStandardErrors(Number.NaN)).toBe('–');
  });

  it('names the throughput in words', () => {
    expect(formatThroughput(12_400_000)).toBe('12.4 million trials/s');
    expect(formatThroughput(1500)).toBe('1.5 thousand trials/s');
    expect(formatThroughput(0)).toBe('–');
  });
});
