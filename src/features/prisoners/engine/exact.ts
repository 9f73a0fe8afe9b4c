import type { GameStrategy, Strategy, Variant } from './types.ts';
/**
 * Exact probabilities for the 100 prisoners problem and its generalisations.
 *
 * With the cycle strategy every prisoner goes free exactly when the longest cycle of the
 * arrangement is at most k, so P(success) = P(longest cycle <= k) for a uniform permutation.
 *
 * With the swap strategy a helper first exchanges the slips of two boxes: on one cycle, that
 * splits it in two; on two cycles, it joins them. Joining never removes a cycle longer than k;
 * splitting one changes no other cycle. So the best exchange splits the longest cycle, of L boxes,
 * into ⌈L/2⌉ and ⌊L/2⌋ (`bestSwap`), and everyone goes free exactly when at most one cycle is
 * longer than k and that one has at most 2k boxes. With q(j) = P(no cycle of a uniform
 * permutation of j elements is longer than k), the arrangements of n boxes with one cycle of
 * m > k boxes and no other longer than k number C(n, m) · (m − 1)! · (n − m)! · q(n − m), that
 * is n!/m · q(n − m). Hence
 *   P(swap succeeds) = q(n) + Σ_{m=k+1..min(n, 2k)} q(n − m) / m,
 * which is 1 whenever 2k >= n, since then no two cycles can both be longer than k.
 */

/** Rescaling step for the recurrence: keeps intermediate sums far from underflow. */
const RESCALE_EXPONENT = 600;
const RESCALE_UP = 2 ** RESCALE_EXPONENT;
const RESCALE_DOWN = 2 ** -RESCALE_EXPONENT;

/** P(longest cycle of a uniform permutation of n elements is at most k). */
export function longestCycleAtMost(n: number, k: number): number {
  assertCounts(n, k);
  if (k >= n) return 1;
  if (k === 0) return 0;
  if (2 * k >= n) {
    // At most one cycle can be longer than n/2, and P(a cycle of length j > n/2) = 1/j.
    let tail = 0;
    for (let j = n; j > k; j--) tail += 1 / j; // smallest terms first
    return 1 - tail;
  }
  return recurrence(n, k, false);
}

/**
 * q(n) for 2k < n, from q(m) = (1/m) · Σ_{j=1..min(k,m)} q(m−j), q(0) = 1, in O(n); with
 * `swapTail`, plus Σ_{m=k+1..2k} q(n−m)/m, the terms of the swap strategy.
 * The window sum is kept without subtraction (blocks of k with suffix sums, the "two stacks"
 * trick), so no cancellation creeps in when q falls steeply; a shared power-of-two scale keeps
 * the values clear of underflow. The tail cannot overflow when it is scaled up with them: each
 * of its at most k terms is at most n times the window sum, which is below 2^-600 then.
 */
function recurrence(n: number, k: number, swapTail: boolean): number {
  const tailFrom = swapTail ? n - 2 * k : n; // q(j) for tailFrom <= j < n − k join the tail
  let tail = 0;
  const previousSuffix = new Float64Array(k + 1); // suffix sums of the previous full block
  const current = new Float64Array(k); // values of the block being filled
  let prefix = 0; // sum of current[0..offset-1]
  let offset = 0;
  let rescales = 0;
  let q = 1;
  for (let m = 0; m <= n; m++) {
    if (m <= k) {
      q = 1;
    } else {
      let windowSum = (previousSuffix[offset] as number) + prefix;
      if (windowSum < RESCALE_DOWN) {
        for (let i = 0; i <= k; i++) previousSuffix[i] = (previousSuffix[i] as number) * RESCALE_UP;
        for (let i = 0; i < offset; i++) current[i] = (current[i] as number) * RESCALE_UP;
        prefix *= RESCALE_UP;
        windowSum *= RESCALE_UP;
        tail *= RESCALE_UP;
        rescales++;
      }
      q = windowSum / m;
    }
    if (m >= tailFrom && m < n - k) tail += q / (n - m);
    if (m === n) break;
    current[offset] = q;
    prefix += q;
    offset++;
    if (offset === k) {
      previousSuffix[k] = 0;
      for (let i = k - 1; i >= 0; i--) {
        previousSuffix[i] = (previousSuffix[i + 1] as number) + (current[i] as number);
      }
      prefix = 0;
      offset = 0;
    }
  }
  let result = q + tail;
  for (let i = 0; i < rescales && result !== 0; i++) result *= RESCALE_DOWN;
  return result;
}

/** P(all prisoners go free) with the cycle strategy. */
export function cycleSuccessProbability(n: number, k: number): number {
  return longestCycleAtMost(n, k);
}

/** P(all prisoners go free) when each opens k distinct boxes at random: (k/n)^n. */
export function randomSuccessProbability(n: number, k: number): number {
  assertCounts(n, k);
  if (n === 0 || k >= n) return 1;
  if (k === 0) return 0;
  const ratio = k / n;
  // k/n is rounded; raising it to the n-th power would multiply that rounding by n, so the
  // exact remainder k − ratio·n (Dekker's two-product) corrects the power.
  const [high, low] = twoProduct(ratio, n);
  const remainder = k - high - low;
  // (ratio + remainder/n)^n = ratio^n · (1 + remainder/(n·ratio))^n ≈ ratio^n · e^(remainder/ratio)
  return Math.pow(ratio, n) * Math.exp(remainder / ratio);
}

/**
 * P(all prisoners go free) after the helper's best swap, which is also P(the longest cycle after
 * that swap is at most k). See the top of this file.
 */
export function swapSuccessProbability(n: number, k: number): number {
  assertCounts(n, k);
  if (2 * k >= n) return 1;
  if (k === 0) return 0;
  return recurrence(n, k, true);
}

/** Exact P(success) for a strategy. */
export function exactSuccessProbability(n: number, k: number, strategy: Strategy): number {
  if (strategy === 'random') return randomSuccessProbability(n, k);
  return strategy === 'swap' ? swapSuccessProbability(n, k) : cycleSuccessProbability(n, k);
}

/** What decides the simulation page's odds: the board's size, strategy and variant. */
export interface BoardConfiguration {
  n: number;
  k: number;
  strategy: GameStrategy;
  variant: Variant;
  /** Warden's variant: the prisoners read the boxes through their secret relabelling. */
  relabelled: boolean;
}

/**
 * Exact P(all prisoners go free) for a configuration of the simulation page, before the deal.
 * Boxes opened at random find a slip wherever the slips lie, so every variant gives (k/n)^n
 * then. Following the slips: the helper's best swap gives the swap strategy's odds; the warden's
 * single cycle of n boxes frees everyone only when k >= n; the secret relabelling makes the
 * arrangement uniform again, so the classic odds come back.
 */
export function boardSuccessProbability(board: BoardConfiguration): number {
  const { n, k, strategy, variant, relabelled } = board;
  if (strategy === 'random') return randomSuccessProbability(n, k);
  if (variant === 'helper') return swapSuccessProbability(n, k);
  if (variant === 'warden' && !relabelled) {
    assertCounts(n, k);
    return k >= n ? 1 : 0;
  }
  return cycleSuccessProbability(n, k);
}

/**
 * Exact distribution of the longest cycle over bins: `edges` ascending from 0 to n, the result
 * has one probability per bin (edges[i−1], edges[i]]. The longest cycle is the one a trial of
 * `strategy` records: of the arrangement, or after the helper's best swap with `swap`.
 */
export function longestCycleBinProbabilities(
  n: number,
  edges: readonly number[],
  strategy: Strategy = 'cycle',
): Float64Array {
  return Float64Array.from(longestCycleBins(n, edges, strategy));
}

/**
 * The same probabilities one bin at a time, for a caller that spreads the work: each bin costs
 * O(n) below n/2 (every edge is computed once) and O(bin width) above it.
 */
export function* longestCycleBins(
  n: number,
  edges: readonly number[],
  strategy: Strategy = 'cycle',
): Generator<number, void> {
  const swapped = strategy === 'swap';
  const atMost = swapped ? swapSuccessProbability : longestCycleAtMost;
  let previous = edges.length > 1 ? atMost(n, edges[0] as number) : 0;
  for (let i = 1; i < edges.length; i++) {
    const edge = edges[i] as number;
    const below = edges[i - 1] as number;
    if (!swapped && 2 * below >= n) {
      // Above n/2 the point probabilities are exactly 1/length: sum them, no differences.
      let mass = 0;
      for (let length = edge; length > below; length--) mass += 1 / length;
      yield mass;
      continue; // every later bin lies above n/2 as well
    }
    const current = atMost(n, edge);
    yield Math.max(0, current - previous);
    previous = current;
  }
}

/** Exact P(longest cycle = length) for every length 0..n (index = length), as recorded by `strategy`. */
export function longestCycleDistribution(n: number, strategy: Strategy = 'cycle'): Float64Array {
  const edges = Array.from({ length: n + 1 }, (_, i) => i);
  const bins = longestCycleBinProbabilities(n, edges, strategy);
  const distribution = new Float64Array(n + 1);
  distribution.set(bins, 1);
  if (n === 0) distribution[0] = 1;
  return distribution;
}

function twoProduct(a: number, b: number): [number, number] {
  const product = a * b;
  const [aHigh, aLow] = split(a);
  const [bHigh, bLow] = split(b);
  const error = aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
  return [product, error];
}

function split(a: number): [number, number] {
  const c = 134217729 * a; // 2^27 + 1
  const high = c - (c - a);
  return [high, a - high];
}

function assertCounts(n: number, k: number): void {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`need whole numbers 0 <= k <= n, got n=${n}, k=${k}`);
  }
}
