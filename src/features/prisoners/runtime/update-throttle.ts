/**
 * A run's live updates, at most one per interval: the first report publishes at once, later ones
 * within the interval wait for one timer, which publishes whatever is newest when it fires. The
 * run state (run-state.ts) of either device sends its snapshots through one of these.
 */
export interface UpdateThrottle {
  /** Asks for an update: now when the interval has passed since the last one, else one timer. */
  schedule: () => void;
  /** Drops a waiting update (the run has ended and publishes its last snapshot itself). */
  cancel: () => void;
}

export function createUpdateThrottle(
  publish: () => void,
  intervalMs: number,
  now: () => number,
): UpdateThrottle {
  let lastUpdate = -Infinity;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const fire = (): void => {
    pending = null;
    lastUpdate = now();
    publish();
  };
  return {
    schedule: () => {
      if (pending !== null) return;
      const wait = lastUpdate + intervalMs - now();
      if (wait <= 0) fire();
      else pending = setTimeout(fire, wait);
    },
    cancel: () => {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
