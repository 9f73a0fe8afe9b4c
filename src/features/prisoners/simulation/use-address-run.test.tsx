import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { usePrisonerStore } from './game-store.ts';
import { useAddressRun } from './use-address-run.ts';
import { useViewSettings } from './view-settings.ts';
import { dealsOf } from '../../../testing/arrangements.ts';

const state = () => usePrisonerStore.getState();

describe('the run the address names', () => {
  it('starts when the address names a new run, and only then', () => {
    const { rerender } = renderHook(({ search }) => useAddressRun(new URLSearchParams(search)), {
      initialProps: { search: 'seed=5&n=7&k=3&variant=helper' },
    });
    expect(state()).toMatchObject({
      seed: 5,
      variant: 'helper',
      board: { n: 7, k: 3, strategy: 'cycle', kSet: true },
      notices: [],
      arrival: null,
    });
    expect(state().dealt).toEqual(dealsOf(5, 7, 1, 'helper')[0]!.slips);
    expect(useViewSettings.getState().rings).toBe(true);
    const first = state();
    // The same parameters in another order, or beside others, name the same run.
    rerender({ search: 'variant=helper&k=3&n=7&seed=5&other=1' });
    expect(state()).toBe(first);
    rerender({ search: 'seed=6&n=7&k=3&variant=helper' });
    expect(state().seed).toBe(6);
  });

  it('keeps the lab run the board came from, compared by what it says', () => {
    const lab = 'lab-seed=42&lab-trials=1000&lab-k=50&lab-method=fast&lab-trial=3';
    const { rerender } = renderHook(({ search }) => useAddressRun(new URLSearchParams(search)), {
      initialProps: { search: `seed=42&${lab}` },
    });
    const arrival = { seed: 42, trials: 1000, k: 50, method: 'fast', trial: 3 };
    expect(state().arrival).toEqual({ ...arrival, deal: dealsOf(42, 100, 1)[0]!.slips });
    const first = state();
    rerender({ search: `${lab}&seed=42` });
    expect(state()).toBe(first);
    rerender({ search: 'seed=42' });
    expect(state().arrival).toBeNull();
  });
});
