/** Interval estimates for a success rate. */

/** The 97.5% point of the standard normal: a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/** Wilson score interval for successes out of trials (well behaved near 0 and 1). */
export function wilsonInterval(successes: number, trials: number, z = Z_95): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // With no successes (or no failures) the bound is 0 (or 1) exactly: centre and half are equal
  // then, and their difference in floating point is a residue such as 2.8e-17 that would show.
  const low = successes <= 0 ? 0 : Math.max(0, centre - half);
  const high = successes >= trials ? 1 : Math.min(1, centre + half);
  return [low, high];
}

/** Standard error of a rate over `trials` trials when the true probability is p. */
export function standardError(p: number, trials: number): number {
  return trials > 0 ? Math.sqrt((p * (1 - p)) / trials) : Number.NaN;
}

/**
 * (observed − exact) in standard errors of the exact probability; NaN without trials, and
 * ±Infinity/0 when the exact probability is 0 or 1 (then any deviation is impossible).
 */
export function differenceInStandardErrors(
  successes: number,
  trials: number,
  exact: number,
): number {
  // Without trials the standard error is NaN, and so is the result.
  const difference = successes / trials - exact;
  const se = standardError(exact, trials);
  if (se === 0) return difference === 0 ? 0 : Math.sign(difference) * Infinity;
  return difference / se;
}
