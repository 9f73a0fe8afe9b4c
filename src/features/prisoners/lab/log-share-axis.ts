/**
 * The share axis of the plot of prisoners who found their number: logarithmic. Everyone goes free
 * in about a third of the trials (100 prisoners, 50 guesses), while each count from 0 to 49 holds
 * about 1% of them: on a linear axis those fifty bars are slivers beside the one spike; on a log
 * axis each reads as easily as the spike, in one drawing. (An inset would repeat the plot at a
 * size too small on a phone, and still leave the main drawing unreadable.)
 */
import { scaleLog, type ScaleLogarithmic } from 'd3-scale';
import { formatPowerOfTen } from '../simulation/format.ts';

/** More decades than this are labelled every other one. */
const LABELLED_DECADES = 6;

export interface LogShareAxis {
  y: ScaleLogarithmic<number, number>;
  /** The decades labelled on the axis, lowest first. */
  ticks: number[];
}

/**
 * A log axis for `shares` (0 to 1) onto `range` (bottom, top): from the decade below the
 * smallest share drawn, so that even that bar has a height, to the decade at or above the
 * largest. Before any trial, 0.1% to 100%.
 */
export function logShareAxis(shares: readonly number[], range: [number, number]): LogShareAxis {
  const drawn = shares.filter((share) => share > 0);
  const high = drawn.length > 0 ? Math.max(...drawn) : 1;
  const low = drawn.length > 0 ? Math.min(...drawn) : 1e-2;
  const topExponent = Math.ceil(Math.log10(high));
  const bottomExponent = Math.min(Math.floor(Math.log10(low)) - 1, topExponent - 1);
  const decades: number[] = [];
  for (let exponent = bottomExponent; exponent <= topExponent; exponent++) {
    decades.push(Number(`1e${exponent}`)); // 1e-4 exactly, where 10 ** -4 is not
  }
  // Thinned from the top down, so that 100% (or the top decade) keeps its label.
  const ticks =
    decades.length > LABELLED_DECADES
      ? decades.filter((_, i) => (decades.length - 1 - i) % 2 === 0)
      : decades;
  const y = scaleLog()
    .domain([decades[0]!, decades.at(-1)!])
    .range(range)
    .clamp(true);
  return { y, ticks };
}

/** A share on the log axis: 100%, 10%, 1%, 0.1%, 0.01%, then powers of ten: 10⁻³ %. */
export function formatShareTick(share: number): string {
  const exponent = Math.round(Math.log10(share * 100));
  return exponent >= -2
    ? `${+(10 ** exponent).toFixed(2)}%`
    : `${formatPowerOfTen(exponent)}\u00a0%`;
}
