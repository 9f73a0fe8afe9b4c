import { create } from 'zustand';
import { PRISONER_COUNT, SPEED_INITIAL, SPEED_MIN, speedMaxFor } from '../engine/constants.ts';
import type { Variant } from '../engine/types.ts';
import { WHOLE_BOARD, type BoardZoom } from '../grid/board-zoom.ts';
import { OPENING_VIEW } from '../grid/opening-zoom.ts';
import { useStoreFields } from './store-fields.ts';

/**
 * How the visitor watches the board: the speed of automatic play, the cycles shown, the rings,
 * and the zoom. None of it changes the game; a new run sets some of it afresh (startRun).
 */
export interface ViewSettings {
  speed: number;
  /** The top of the speed slider, for the board in play. */
  speedMax: number;
  showCycles: boolean;
  /** The boxes stand in rings, one per cycle, instead of the grid. */
  rings: boolean;
  /** How far the board is zoomed in, and where (grid and rings alike). */
  zoom: BoardZoom;
}

export interface ViewSettingsState extends ViewSettings {
  setSpeed(speed: number): void;
  toggleCycles(): void;
  toggleRings(): void;
  setZoom(zoom: BoardZoom): void;
  /** A new run of `variant` on n boxes. */
  startRun(n: number, variant: Variant): void;
  /** A failed arrangement kept to be studied: its cycles shown, in rings. */
  showCycleRings(): void;
}

export const useViewSettings = create<ViewSettingsState>()((set, get) => ({
  speed: SPEED_INITIAL,
  speedMax: speedMaxFor(PRISONER_COUNT),
  showCycles: false,
  rings: false,
  zoom: WHOLE_BOARD,

  setSpeed(speed) {
    set({ speed: Math.min(get().speedMax, Math.max(SPEED_MIN, Math.round(speed))) });
  },

  toggleCycles() {
    set((state) => ({ showCycles: !state.showCycles }));
  },

  toggleRings() {
    set((state) => ({ rings: !state.rings }));
  },

  setZoom(zoom) {
    set({ zoom });
  },

  startRun(n, variant) {
    const speedMax = speedMaxFor(n);
    set({
      // The speed is the visitor's: it survives a new game, within the slider's range for n.
      speed: Math.min(get().speed, speedMax),
      speedMax,
      // The helper sees every slip, and the rings split and merge as the slips are exchanged.
      showCycles: variant === 'helper',
      rings: variant === 'helper',
      // The stage zooms a board too small to read in on the current prisoner's box.
      zoom: OPENING_VIEW,
    });
  },

  showCycleRings() {
    set({ showCycles: true, rings: true });
  },
}));

/** Several view settings at once: the component re-renders only when one of them changes. */
export function useViewFields<Key extends keyof ViewSettingsState>(
  ...keys: Key[]
): Pick<ViewSettingsState, Key> {
  return useStoreFields(useViewSettings, keys);
}
