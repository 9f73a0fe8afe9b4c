import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { longestCycleBinProbabilities } from '../engine/exact.ts';
import { binEdges } from './histogram-bins.ts';
import { useExactBins } from './use-exact-bins.ts';

describe('useExactBins', () => {
  it.each([100, 1000, 5000])(
    'gives exactly the bins of longestCycleBinProbabilities for n = %i',
    async (n) => {
      const edges = binEdges(n, 100);
      const { result } = renderHook(() => useExactBins(n, edges));
      expect(result.current).toBeNull();
      await waitFor(() => expect(result.current).not.toBeNull());
      expect(Array.from(result.current!)).toEqual(
        Array.from(longestCycleBinProbabilities(n, edges)),
      );
    },
  );
});
