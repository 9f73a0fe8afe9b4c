import { useLayoutEffect } from 'react';
import { labArrivalSearch, parseLabArrival, parseRunAddress } from './address.ts';
import { startRun } from './run-actions.ts';

/**
 * Plays the run the address names: a new seed, variant, size or strategy (or lab run) in the
 * address starts a new, reproducible run, before the page is painted.
 */
export function useAddressRun(searchParams: URLSearchParams): void {
  const seed = searchParams.get('seed');
  const variant = searchParams.get('variant');
  const n = searchParams.get('n');
  const k = searchParams.get('k');
  const strategy = searchParams.get('strategy');
  // Opened from the lab: the run and trial, compared as text so a new object is no new run.
  const fromLab = parseLabArrival(searchParams);
  const arrivalSearch = fromLab ? labArrivalSearch(fromLab) : '';

  useLayoutEffect(() => {
    const arrival = parseLabArrival(new URLSearchParams(arrivalSearch));
    startRun(parseRunAddress({ seed, variant, n, k, strategy, arrival }));
  }, [seed, variant, n, k, strategy, arrivalSearch]);
}
