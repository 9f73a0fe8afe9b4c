/** Numbers as the simulation and the lab write them. */
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { cycleSuccessProbability } from '../engine/exact.ts';

/** A probability as a percentage: 31.18%, or three significant digits when tiny. */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p === 0) return '0%';
  const percent = p * 100;
  if (percent >= 0.01) return `${percent.toFixed(2)}%`;
  return `${percent.toPrecision(3)}%`;
}

/** The classic puzzle's exact success rate with the cycle strategy, as the pages quote it. */
export const CYCLE_SUCCESS = formatPercent(cycleSuccessProbability(PRISONER_COUNT, GUESS_LIMIT));

/** A whole count with its digits grouped in thousands: 1,000,000. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Trials per second, e.g. "12.4 million trials/s". */
export function formatThroughput(perSecond: number): string {
  if (!(perSecond > 0)) return '–';
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} million trials/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} thousand trials/s`;
  return `${perSecond.toFixed(0)} trials/s`;
}

/** A signed number of standard errors, e.g. "+0.42". */
export function formatStandardErrors(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return value > 0 ? '+∞' : '−∞';
  const rounded = value.toFixed(2);
  return value >= 0 ? `+${rounded}` : rounded.replace('-', '−');
}
