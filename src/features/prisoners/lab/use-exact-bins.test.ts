import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { longestCycleBinProbabilities } from '../engine/exact.ts';
import { binEdges } from './histogram-bins.ts';
import { useExactBins } from './use-exact-bins.ts';

describe('useExactBins', () => {
  it.each([
    [100, 'cycle'],
    [1000, 'cycle'],
    [5000, 'cycle'],
    [1000, 'swap'],
  ] as const)(
    'gives exactly the bins of longestCycleBinProbabilities for n = %i (%s)',
    async (n, strategy) => {
      const edges = binEdges(n, 100);
      const { result } = renderHook(() => useExactBins(n, edges, strategy));
      expect(result.current).toBeNull();
      await waitFor(() => expect(result.current).not.toBeNull());
      expect(Array.from(result.current!)).toEqual(
        Array.from(longestCycleBinProbabilities(n, edges, strategy)),
      );
    },
  );

  it('gives the arrangement’s bins for the random strategy, and recomputes for swap', async () => {
    const edges = binEdges(40, 100);
    const { result, rerender } = renderHook(({ strategy }) => useExactBins(40, edges, strategy), {
      initialProps: { strategy: 'random' as 'random' | 'swap' },
    });
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(Array.from(result.current!)).toEqual(
      Array.from(longestCycleBinProbabilities(40, edges, 'cycle')),
    );
    rerender({ strategy: 'swap' });
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(Array.from(result.current!)).toEqual(
      Array.from(longestCycleBinProbabilities(40, edges, 'swap')),
    );
  });
});
