import { GUESS_LIMIT } from './constants.ts';

export interface Cycle {
  /** Boxes of the cycle in walking order, starting at its smallest box. */
  readonly boxes: readonly number[];
  /** True when the cycle is longer than a prisoner may walk (k boxes): the whole run is lost. */
  readonly dooms: boolean;
}

export interface CycleStructure {
  readonly cycles: readonly Cycle[];
  /** cycleOfBox[box] is the index of the box's cycle in `cycles`. */
  readonly cycleOfBox: Int32Array;
}

/** The cycles of an arrangement (slips[box] = slip), longest first; k guesses each. */
export function cycleStructure(slips: ArrayLike<number>, guesses = GUESS_LIMIT): CycleStructure {
  const n = slips.length;
  const seen = new Uint8Array(n);
  const found: number[][] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start]) continue;
    const boxes: number[] = [];
    let at = start;
    while (!seen[at]) {
      seen[at] = 1;
      boxes.push(at);
      at = slips[at] as number;
    }
    found.push(boxes);
  }
  // Longest first; ties keep the order of their smallest box, so colours are stable.
  found.sort((a, b) => b.length - a.length || (a[0] as number) - (b[0] as number));
  const cycleOfBox = new Int32Array(n);
  found.forEach((boxes, index) => {
    for (const box of boxes) cycleOfBox[box] = index;
  });
  return {
    cycles: found.map((boxes) => ({ boxes, dooms: boxes.length > guesses })),
    cycleOfBox,
  };
}
