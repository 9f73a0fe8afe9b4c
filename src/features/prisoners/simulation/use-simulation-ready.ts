import { usePrisonerStore } from './game-store.ts';

/**
 * Whether the page's controls answer: React owns them and the run the address names is on the
 * board. Pre-rendered HTML (and the hydrating render, which must match it) says no; the layout
 * effect that reads the address says yes before the first paint that follows.
 */
export function useSimulationReady(): boolean {
  return usePrisonerStore((state) => state.seed !== null);
}
