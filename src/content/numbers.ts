/**
 * A whole number with its digits grouped in thousands, as the site writes counts: 1,000,000.
 * Written out rather than asked of Intl: a page's first `toLocaleString` loads the locale's data,
 * a long task on a phone while the page hydrates.
 */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '-∞' : 'NaN';
  // Halves away from zero, as Intl rounds.
  const size = Math.round(Math.abs(value));
  // String() writes 1e21 and above with an exponent; BigInt writes every digit.
  const digits = size < 1e21 ? String(size) : BigInt(size).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && size > 0 ? `-${grouped}` : grouped;
}
