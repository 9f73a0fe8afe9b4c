/** Numbers as the simulation and the lab write them. */
import { groupDigits } from '../../../content/numbers.ts';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { cycleSuccessProbability } from '../engine/exact.ts';

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** An exponent as superscript digits, with a real minus: −29 → ⁻²⁹. */
function superscript(exponent: number): string {
  const digits = String(Math.abs(exponent)).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]!);
  return exponent < 0 ? `⁻${digits}` : digits;
}

/** A power of ten as people write it: −3 → "10⁻³". */
export function formatPowerOfTen(exponent: number): string {
  return `10${superscript(exponent)}`;
}

/** A space that never breaks a line: a number in scientific notation stays in one piece. */
const NBSP = '\u00a0';

/**
 * A positive number in scientific notation as people write it, two significant digits, its
 * spaces unbreakable: 7.888e-29 → "7.9 × 10⁻²⁹".
 */
export function formatScientific(value: number): string {
  const [mantissa, exponent] = value.toExponential(1).split('e');
  return `${mantissa}${NBSP}×${NBSP}${formatPowerOfTen(Number(exponent))}`;
}

/**
 * A probability as a percentage: 31.18%; below 0.01%, three significant digits (0.00123%);
 * below 0.001%, scientific notation (7.9 × 10⁻²⁹ %), where a row of zeros would hide the size.
 */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p === 0) return '0%';
  const percent = p * 100;
  if (percent >= 0.01) return `${percent.toFixed(2)}%`;
  if (percent >= 0.001) return `${percent.toPrecision(3)}%`;
  return `${formatScientific(percent)}${NBSP}%`;
}

/** The classic puzzle's exact success rate with the cycle strategy, as the pages quote it. */
export const CYCLE_SUCCESS = formatPercent(cycleSuccessProbability(PRISONER_COUNT, GUESS_LIMIT));

/** A whole count with its digits grouped in thousands: 1,000,000. */
export function formatCount(value: number): string {
  return groupDigits(value);
}

/** A count and its noun, singular for one: "1 prisoner", "1,000 prisoners", "0 guesses". */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${Math.round(value) === 1 ? singular : plural}`;
}

/** Trials per second, e.g. "12.4 million trials/s". */
export function formatThroughput(perSecond: number): string {
  if (!(perSecond > 0)) return '–';
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} million trials/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} thousand trials/s`;
  return `${perSecond.toFixed(0)} trials/s`;
}

/**
 * A signed number of standard errors, e.g. "+0.42", "−1.23"; one that rounds to zero has no
 * sign ("0.00"): a sign on nothing reads as a direction the data does not show.
 */
export function formatStandardErrors(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return value > 0 ? '+∞' : '−∞';
  const rounded = Math.abs(value).toFixed(2);
  if (Number(rounded) === 0) return rounded;
  return value > 0 ? `+${rounded}` : `−${rounded}`;
}
