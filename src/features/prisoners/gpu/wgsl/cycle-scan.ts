/**
 * Scans over a trial's cycles, one cycle at a time, with early exit: the loop of each method (a
 * literal trial walks the slips from box to box, a fast trial draws each cycle's length) and what
 * a scan keeps of the cycles it meets (a tracker). Every kernel's cycle loop is one of these, so
 * the CPU's early exits (literal-kernels.ts, fast-kernels.ts) are written once.
 */
import type { Method } from '../../engine/types.ts';
import { FREED } from './tally-part.ts';

/**
 * What a scan keeps: its variables, the value that `remaining` (the boxes in no cycle yet) must
 * exceed for a later cycle to matter, and a step for each cycle of `length` found.
 */
export interface CycleTracker {
  declare: readonly string[];
  until: string;
  step: string;
}

/** The longest cycle: the scan ends when no cycle left can be longer. */
export const LONGEST: CycleTracker = {
  declare: ['var longest = 0u;'],
  until: 'longest',
  step: 'longest = max(longest, length);',
};

/**
 * The longest cycle and the boxes in cycles longer than k: the scan ends when no cycle left can
 * be longer than both the longest and k.
 */
export const LONGEST_AND_FREED: CycleTracker = {
  declare: ['var longest = 0u;', FREED.declare, 'var limit = 0u;'],
  until: 'limit',
  step: `${FREED.step}
    if (length > longest) {
      longest = length;
      limit = min(longest, K);
    }`,
};

/**
 * Statements that scan a trial's cycles with `tracker`: a literal trial walks the slips in the
 * scratch at `slips` (each cycle found from its smallest box, its boxes marked), a fast trial
 * draws each cycle's length (the cycle through the smallest box left has a length uniform on
 * 1..remaining).
 */
export function scanCycles(method: Method, tracker: CycleTracker, slips = 'offset'): string {
  const nextCycle =
    method === 'literal'
      ? `for (var start = 0u; remaining > ${tracker.until}; start++) {
    if (scratch[${slips} + start] == N) {
      continue;
    }
    let length = markCycle(${slips}, start);`
      : `while (remaining > ${tracker.until}) {
    let length = draw(remaining) + 1u;`;
  return `var remaining = N;
  ${tracker.declare.join('\n  ')}
  ${nextCycle}
    remaining -= length;
    ${tracker.step}
  }`;
}
