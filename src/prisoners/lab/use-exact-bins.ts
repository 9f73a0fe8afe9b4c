import { useEffect, useState } from 'react';
import { longestCycleAtMost } from '../engine/exact.ts';

/** Milliseconds of work per slice, so the page stays responsive for n = 100000. */
const SLICE_MS = 8;

/**
 * Exact probability of each longest-cycle bin, computed in short slices between frames
 * (each edge below n/2 costs O(n)); null until ready.
 */
export function useExactBins(n: number, edges: readonly number[]): Float64Array | null {
  const [result, setResult] = useState<{ key: readonly number[]; bins: Float64Array } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const atMost = new Float64Array(edges.length);
    let next = 0;
    const step = (): void => {
      const started = performance.now();
      while (next < edges.length && performance.now() - started < SLICE_MS) {
        const edge = edges[next] as number;
        atMost[next] = longestCycleAtMost(n, edge);
        next++;
      }
      if (cancelled) return;
      if (next < edges.length) {
        timer = setTimeout(step, 0);
        return;
      }
      const bins = new Float64Array(edges.length - 1);
      for (let i = 1; i < edges.length; i++) {
        const below = edges[i - 1] as number;
        if (2 * below >= n) {
          // Above n/2 the point probabilities are 1/length: add them instead of subtracting.
          let mass = 0;
          for (let length = edges[i] as number; length > below; length--) mass += 1 / length;
          bins[i - 1] = mass;
        } else {
          bins[i - 1] = Math.max(0, (atMost[i] as number) - (atMost[i - 1] as number));
        }
      }
      setResult({ key: edges, bins });
    };
    timer = setTimeout(step, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [n, edges]);

  return result && result.key === edges ? result.bins : null;
}
