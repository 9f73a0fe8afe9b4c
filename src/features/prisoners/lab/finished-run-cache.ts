import type { RunSnapshot } from '../runtime/run-state.ts';

/**
 * The last finished run of this tab, kept in sessionStorage under its address, so that coming
 * back to that address (Back from the simulation, a reload) shows its results again instead of
 * an empty lab. One run is kept: the histograms of a large n are not small.
 */
const KEY = 'prisoner-lab:last-run';

interface Stored {
  query: string;
  snapshot: RunSnapshot;
}

/** Typed arrays travel through JSON as tagged plain arrays. */
function replacer(_key: string, value: unknown): unknown {
  return value instanceof Float64Array ? { float64: Array.from(value) } : value;
}
function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && 'float64' in value) {
    const { float64 } = value as { float64: unknown };
    if (Array.isArray(float64)) return Float64Array.from(float64 as number[]);
  }
  return value;
}

const normalise = (query: string) => new URLSearchParams(query).toString();

/** Keeps a finished (done, cancelled or failed) run for its address; storage may be refused. */
export function keepFinishedRun(query: string, snapshot: RunSnapshot): void {
  try {
    const stored: Stored = { query: normalise(query), snapshot };
    sessionStorage.setItem(KEY, JSON.stringify(stored, replacer));
  } catch {
    // Private modes and full storage refuse: the run simply is not restored later.
  }
}

/** The finished run kept for this address, or null. */
export function finishedRunFor(query: string): RunSnapshot | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    const stored = JSON.parse(text, reviver) as Partial<Stored>;
    if (stored.query !== normalise(query) || !stored.snapshot) return null;
    const { snapshot } = stored;
    return snapshot.status === 'running' ? null : snapshot;
  } catch {
    return null;
  }
}
