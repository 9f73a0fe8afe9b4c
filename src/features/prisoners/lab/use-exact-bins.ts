import { useEffect, useState } from 'react';
import { longestCycleBins } from '../engine/exact.ts';
import type { Strategy } from '../engine/types.ts';

/** Milliseconds of work per slice, so the page stays responsive for n = 100000. */
const SLICE_MS = 8;

/**
 * Exact probability of each longest-cycle bin (`longestCycleBins`), computed a few bins at a
 * time between frames: each bin below n/2 costs O(n). Null until ready. The bins of
 * the swap strategy are those after the helper's swap; every other strategy records the
 * arrangement's own.
 */
export function useExactBins(
  n: number,
  edges: readonly number[],
  strategy: Strategy,
): Float64Array | null {
  const recorded: Strategy = strategy === 'swap' ? 'swap' : 'cycle';
  const [result, setResult] = useState<{
    key: readonly number[];
    recorded: Strategy;
    bins: Float64Array;
  } | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bins = new Float64Array(Math.max(0, edges.length - 1));
    const next = longestCycleBins(n, edges, recorded);
    let done = 0;
    const step = (): void => {
      const started = performance.now();
      while (done < bins.length && performance.now() - started < SLICE_MS) {
        bins[done++] = next.next().value as number;
      }
      if (done < bins.length) timer = setTimeout(step, 0);
      else setResult({ key: edges, recorded, bins });
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [n, edges, recorded]);

  return result && result.key === edges && result.recorded === recorded ? result.bins : null;
}
