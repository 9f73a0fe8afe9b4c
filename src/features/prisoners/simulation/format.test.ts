// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatStandardErrors, formatThroughput } from './format.ts';

describe('lab formats', () => {
  it('writes percentages with two decimals, or three significant digits when tiny', () => {
    expect(formatPercent(0.311827820689805)).toBe('31.18%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(7.888609052210118e-31)).toBe('7.89e-29%');
    expect(formatPercent(Number.NaN)).toBe('–');
  });

  it('groups the digits of counts in thousands', () => {
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(999.6)).toBe('1,000');
    expect(formatCount(0)).toBe('0');
  });

  it('writes standard errors with a sign and a real minus', () => {
    expect(formatStandardErrors(-1.234)).toBe('−1.23');
    expect(formatStandardErrors(0.5)).toBe('+0.50');
    expect(formatStandardErrors(Infinity)).toBe('+∞');
    expect(formatStandardErrors(Number.NaN)).toBe('–');
  });

  it('names the throughput in words', () => {
    expect(formatThroughput(12_400_000)).toBe('12.4 million trials/s');
    expect(formatThroughput(1500)).toBe('1.5 thousand trials/s');
    expect(formatThroughput(0)).toBe('–');
  });
});
