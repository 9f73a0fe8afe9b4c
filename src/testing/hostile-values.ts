import { fc } from '@fast-check/vitest';

/**
 * Values a hostile or careless address may carry: random text (any Unicode, lone surrogates
 * included), huge and negative numbers, negative zero, exponents, digits of other scripts,
 * separators, padding, and values up to 10,000 characters.
 */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.bigInt().map(String),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom(
    '-0',
    '+0',
    '0',
    '-1',
    '+7',
    '1e6',
    '1E6',
    '1e+6',
    '1e-6',
    '2.5e7',
    '1e400',
    '1e21',
    '9007199254740993',
    'Infinity',
    '-Infinity',
    'NaN',
    '0x10',
    '0b101',
    '0o17',
    '１００', // fullwidth
    '١٠٠', // Arabic-Indic
    '१००', // Devanagari
    '1_000',
    '1,000',
    ' 7 ',
    '\u00a07\u2009',
    '7\u0000',
    '\u202e001',
    'warden\u200b',
    'WARDEN',
    'swap',
    'fast',
    '',
  ),
  fc.integer({ min: 1, max: 10_000 }).map((length) => '9'.repeat(length)),
  fc.integer({ min: 41, max: 10_000 }).map((length) => `100${' '.repeat(length)}x`),
  fc.constant('1'.repeat(10_000)),
);

/** A query string with these keys (and others), each key possibly repeated, values hostile. */
export function hostileQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 }));
  return fc.oneof(
    fc
      .array(fc.tuple(key, hostileValue), { maxLength: 12 })
      .map((pairs) => new URLSearchParams(pairs).toString()),
    // Raw text after the question mark: broken escapes, ampersands, anything.
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}
