import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { PRISONER_COUNT, SPEED_INITIAL, SPEED_MAX, SPEED_MIN } from './engine/constants.ts';
import { cycleStructure, type CycleStructure } from './engine/cycles.ts';
import {
  initialGame,
  nextPrisoner,
  openBox,
  playToEnd,
  prisonerStart,
  type GameState,
} from './engine/game.ts';
import { parseSeedParam, parseVariantParam, type LabArrival } from './address-params.ts';
import { WHOLE_BOARD, type BoardZoom } from './grid/board-zoom.ts';
import { finished, outcomeDialog, type OutcomeDialog } from './outcome.ts';
import { createRng, type Rng, type Seed } from './engine/rng.ts';
import { bestSwap, dealFor, routeThrough, swapSlips, type Variant } from './engine/variants.ts';

type Mode = 'manual' | 'auto';

/** The boxes as the prisoners meet them, and everything that follows from them. */
interface Board {
  /** slips[box] = slip, 0-based: the arrangement in play (after the helper's exchange). */
  slips: Int32Array;
  /** The prisoners' secret names for the boxes, while they read the boxes through them (warden). */
  labels: Int32Array | null;
  /** route[box]: the box the strategy opens after `box` (the slip, read through the labels). */
  route: Int32Array;
  /** The cycles of the route, longest first: what Show cycles and the rings show. */
  cycles: CycleStructure;
}

export interface PrisonerState extends Board {
  /** The run's seed; null until the page has read the address (a pre-rendered page has none). */
  seed: Seed | null;
  variant: Variant;
  /** What in the address could not be used, when something could not. */
  notices: readonly string[];
  /** Opened from the lab: the run and trial, and the deal they describe (the notice shows while
   * that deal is on the board). */
  arrival: (LabArrival & { deal: Int32Array }) | null;
  /** The arrangement as dealt, before any exchange by the helper. */
  dealt: Int32Array;
  /** The warden variant's secret relabelling, drawn with the arrangement from the seed. */
  secret: Int32Array | null;
  /** Helper variant: the helper may still exchange two slips, and every slip is visible. */
  helperTurn: boolean;
  /** The helper's exchange, if made. */
  swap: readonly [number, number] | null;
  /** The first box the helper has picked for an exchange. */
  picked: number | null;
  game: GameState;
  mode: Mode;
  dialog: OutcomeDialog | null;
  /** The prisoner (0-based) whose failure the page reports in a line, until the next run. */
  failedPrisoner: number | null;
  speed: number;
  showCycles: boolean;
  /** The boxes stand in rings, one per cycle, instead of the grid. */
  rings: boolean;
  /** Set when the game worker died during automatic play. */
  workerError: string | null;
  /** How far the board is zoomed in, and where (grid and rings alike). */
  zoom: BoardZoom;

  initialise(address: {
    seed: string | null;
    variant: string | null;
    arrival?: LabArrival | null;
  }): void;
  openManually(box: number): void;
  /** Helper's turn: picks a box; the second pick exchanges the two boxes' slips. */
  pickForSwap(box: number): void;
  /** Helper's turn: the exchange that halves the longest cycle. */
  makeBestSwap(): void;
  /** Ends the helper's turn: the prisoners come in. */
  endHelperTurn(): void;
  toggleRelabelling(): void;
  /** Begins (or resumes after a worker failure) automatic play. */
  startAuto(): void;
  /** Openings decided by the game worker, applied with the engine's step function. */
  applyBatch(boxes: ArrayLike<number>): void;
  /** Finishes automatic play at once, with the outcome watching it would have had. */
  skipToResult(): void;
  workerFailed(message: string): void;
  confirmDialog(): void;
  /** After a failure: keep the arrangement on the board, its cycles shown in rings. */
  studyArrangement(): void;
  reset(): void;
  setSpeed(speed: number): void;
  toggleCycles(): void;
  toggleRings(): void;
  setZoom(zoom: BoardZoom): void;
}

/** The board for an arrangement, read through the labels when they are used. */
function boardOf(slips: Int32Array, labels: Int32Array | null): Board {
  const route = routeThrough(slips, labels);
  return { slips, labels, route, cycles: cycleStructure(route) };
}

/** What every new run starts with: manual play, nothing on screen but the boxes. */
const freshRun = {
  mode: 'manual',
  dialog: null,
  failedPrisoner: null,
  workerError: null,
} as const;

export const usePrisonerStore = create<PrisonerState>()((set, get) => {
  // One generator per run: the first arrangement and every reshuffle come from it, in order.
  let rng: Rng = createRng(0);

  /** A new deal for the variant: the arrangement, and (warden) the secret relabelling. */
  const deal = (variant: Variant, relabelled: boolean) => {
    const { slips: dealt, secret } = dealFor(variant, PRISONER_COUNT, rng);
    return {
      dealt,
      secret,
      ...boardOf(dealt, relabelled ? secret : null),
      game: initialGame(),
      helperTurn: variant === 'helper',
      swap: null,
      picked: null,
    };
  };

  /** The board with the helper's exchange (or none) applied to the deal. */
  const withSwap = (swap: readonly [number, number] | null) => {
    const { dealt, labels } = get();
    const slips = swap ? swapSlips(dealt, swap[0], swap[1]) : dealt;
    return { ...boardOf(slips, labels), swap, picked: null };
  };

  const first = deal('classic', false);
  return {
    seed: null,
    variant: 'classic',
    notices: [],
    arrival: null,
    ...first,
    ...freshRun,
    speed: SPEED_INITIAL,
    showCycles: false,
    rings: false,
    zoom: WHOLE_BOARD,

    initialise(address) {
      const { seed, notice: seedNotice } = parseSeedParam(address.seed);
      const { variant, notice: variantNotice } = parseVariantParam(address.variant);
      rng = createRng(seed);
      const first = deal(variant, false);
      set({
        ...first,
        arrival: address.arrival ? { ...address.arrival, deal: first.dealt } : null,
        seed,
        variant,
        notices: [seedNotice, variantNotice].filter((notice) => notice !== null),
        ...freshRun,
        // The speed is the visitor's: it survives a new seed or variant.
        // The helper sees every slip, and the rings split and merge as the slips are exchanged.
        showCycles: variant === 'helper',
        rings: variant === 'helper',
        zoom: WHOLE_BOARD,
      });
    },

    openManually(box) {
      const { mode, dialog, game, slips } = get();
      // A failed board being studied opens no more boxes: openBox leaves a failed game alone.
      if (mode !== 'manual' || dialog) return;
      const next = openBox(game, slips, box);
      if (next === game) return;
      set({
        game: next,
        helperTurn: false,
        picked: null,
        failedPrisoner: next.status === 'failed' ? next.prisoner : null,
        dialog: outcomeDialog(next, true),
      });
    },

    pickForSwap(box) {
      const { helperTurn, picked } = get();
      if (!helperTurn) return;
      if (picked === null) set({ picked: box });
      else if (picked === box) set({ picked: null });
      else set(withSwap([picked, box]));
    },

    makeBestSwap() {
      if (!get().helperTurn) return;
      set(withSwap(bestSwap(get().dealt)));
    },

    endHelperTurn() {
      set({ helperTurn: false, picked: null });
    },

    toggleRelabelling() {
      const { variant, mode, labels, slips, secret } = get();
      if (variant !== 'warden' || mode !== 'manual') return;
      // A new way of reading the boxes: the prisoners start again from the first.
      set({
        ...boardOf(slips, labels ? null : secret),
        game: initialGame(),
        ...freshRun,
      });
    },

    startAuto() {
      const state = get();
      const { game, variant, labels } = state;
      // The current prisoner starts over with every box closed; a studied board is played again
      // from prisoner 1; any other finished board starts afresh.
      const fresh = isStudying(state)
        ? { game: initialGame() }
        : game.status === 'all-found' || game.status === 'failed'
          ? deal(variant, labels !== null)
          : { game: prisonerStart(nextPrisoner(game).prisoner) };
      set({ ...fresh, ...freshRun, mode: 'auto', helperTurn: false, picked: null });
    },

    applyBatch(boxes) {
      const state = get();
      if (state.mode !== 'auto') return;
      let game = state.game;
      for (let i = 0; i < boxes.length; i++) {
        // A prisoner who found the slip stays on screen until the next one opens a box.
        game = openBox(nextPrisoner(game), state.slips, boxes[i] as number);
      }
      set(finished(game, state.failedPrisoner));
    },

    skipToResult() {
      const { mode, game, slips, labels, failedPrisoner } = get();
      if (mode !== 'auto' || game.status === 'failed' || game.status === 'all-found') return;
      set(finished(playToEnd(slips, nextPrisoner(game).prisoner, labels), failedPrisoner));
    },

    workerFailed(message) {
      if (get().mode === 'auto') set({ workerError: message });
    },

    confirmDialog() {
      const { dialog, game, variant, labels } = get();
      if (!dialog) return;
      if (dialog.kind === 'prisoner-succeeded') {
        set({ dialog: null, game: nextPrisoner(game) });
      } else if (dialog.kind === 'prisoner-failed') {
        set({ ...deal(variant, labels !== null), dialog: null, mode: 'manual' });
      } else {
        set({ dialog: null });
      }
    },

    studyArrangement() {
      if (get().dialog?.kind !== 'prisoner-failed') return;
      // A failed game on the board with no dialog: the board stays until Reset (isStudying).
      set({ dialog: null, mode: 'manual', showCycles: true, rings: true });
    },

    reset() {
      const { variant, labels } = get();
      set({ ...deal(variant, labels !== null), ...freshRun });
    },

    setSpeed(speed) {
      set({ speed: Math.min(SPEED_MAX, Math.max(SPEED_MIN, Math.round(speed))) });
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
  };
});

/** A failed arrangement kept on the board to be studied (Study this arrangement), until Reset. */
export function isStudying({ mode, dialog, game }: PrisonerState): boolean {
  return mode === 'manual' && dialog === null && game.status === 'failed';
}

/**
 * Several fields of the store at once, for a component that reads many: it re-renders only
 * when one of them changes.
 */
export function usePrisonerFields<Key extends keyof PrisonerState>(
  ...keys: Key[]
): Pick<PrisonerState, Key> {
  return usePrisonerStore(
    useShallow((state) => {
      const fields = {} as Pick<PrisonerState, Key>;
      for (const key of keys) fields[key] = state[key];
      return fields;
    }),
  );
}
