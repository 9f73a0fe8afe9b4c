import { create } from 'zustand';
import { PRISONER_COUNT, SPEED_INITIAL, SPEED_MAX, SPEED_MIN } from './engine/constants.ts';
import { cycleStructure, type CycleStructure } from './engine/cycles.ts';
import {
  initialGame,
  nextPrisoner,
  openBox,
  prisonerStart,
  type GameState,
} from './engine/game.ts';
import { randomArrangement } from './engine/permutation.ts';
import { createRng, isSeed, MAX_SEED, randomSeed, type Rng, type Seed } from './engine/rng.ts';

export type Mode = 'manual' | 'auto';

/** The outcome dialog on screen, if any; prisoners are 0-based here and 1-based on screen. */
export type OutcomeDialog =
  | { kind: 'prisoner-failed'; prisoner: number }
  | { kind: 'prisoner-succeeded'; prisoner: number }
  | { kind: 'all-succeeded' };

export interface PrisonerState {
  /** The run's seed; null until the page has read the address (a pre-rendered page has none). */
  seed: Seed | null;
  /** Why the seed in the address was not used, when it was not. */
  seedNotice: string | null;
  /** slips[box] = slip, 0-based. */
  slips: Int32Array;
  cycles: CycleStructure;
  game: GameState;
  mode: Mode;
  dialog: OutcomeDialog | null;
  /** The prisoner (0-based) whose failure the page reports in a line, until the next run. */
  failedPrisoner: number | null;
  speed: number;
  showCycles: boolean;
  /** Set when the game worker died during automatic play. */
  workerError: string | null;

  initialise(seedParam: string | null): void;
  openManually(box: number): void;
  /** Begins (or resumes after a worker failure) automatic play. */
  startAuto(): void;
  /** Openings decided by the game worker, applied with the engine's step function. */
  applyBatch(boxes: ArrayLike<number>): void;
  workerFailed(message: string): void;
  confirmDialog(): void;
  reset(): void;
  setSpeed(speed: number): void;
  toggleCycles(): void;
}

/** Reads `?seed=`: a uint32 in decimal. Anything else is reported and replaced by a fresh seed. */
export function parseSeedParam(
  text: string | null,
  fresh: () => Seed = randomSeed,
): { seed: Seed; notice: string | null } {
  if (text === null) return { seed: fresh(), notice: null };
  const trimmed = text.trim();
  const value = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (isSeed(value)) return { seed: value, notice: null };
  const shown = trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
  return {
    seed: fresh(),
    notice: `The seed “${shown}” is not valid: a seed is a whole number from 0 to ${MAX_SEED}. This run uses a random seed instead.`,
  };
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
  const reshuffled = () => {
    const slips = randomArrangement(PRISONER_COUNT, rng);
    return { slips, cycles: cycleStructure(slips), game: initialGame() };
  };

  const firstSlips = randomArrangement(PRISONER_COUNT, rng);
  return {
    seed: null,
    seedNotice: null,
    slips: firstSlips,
    cycles: cycleStructure(firstSlips),
    game: initialGame(),
    ...freshRun,
    speed: SPEED_INITIAL,
    showCycles: false,

    initialise(seedParam) {
      const { seed, notice } = parseSeedParam(seedParam);
      rng = createRng(seed);
      set({
        ...reshuffled(),
        seed,
        seedNotice: notice,
        ...freshRun,
        speed: SPEED_INITIAL,
        showCycles: false,
      });
    },

    openManually(box) {
      const { mode, dialog, game, slips } = get();
      if (mode !== 'manual' || dialog) return;
      const next = openBox(game, slips, box);
      if (next === game) return;
      set({
        game: next,
        failedPrisoner: next.status === 'failed' ? next.prisoner : null,
        dialog: outcomeDialog(next, true),
      });
    },

    startAuto() {
      const { game } = get();
      // The current prisoner starts over with every box closed; a finished board starts afresh.
      const fresh =
        game.status === 'all-found' || game.status === 'failed'
          ? reshuffled()
          : { game: prisonerStart(nextPrisoner(game).prisoner) };
      set({
        ...fresh,
        mode: 'auto',
        dialog: null,
        failedPrisoner: null,
        workerError: null,
      });
    },

    applyBatch(boxes) {
      const state = get();
      if (state.mode !== 'auto') return;
      let game = state.game;
      for (let i = 0; i < boxes.length; i++) {
        // A prisoner who found the slip stays on screen until the next one opens a box.
        game = openBox(nextPrisoner(game), state.slips, boxes[i] as number);
      }
      const dialog = outcomeDialog(game, false);
      set({
        game,
        dialog,
        failedPrisoner: game.status === 'failed' ? game.prisoner : state.failedPrisoner,
      });
    },

    workerFailed(message) {
      if (get().mode === 'auto') set({ workerError: message });
    },

    confirmDialog() {
      const { dialog, game } = get();
      if (!dialog) return;
      if (dialog.kind === 'prisoner-succeeded') {
        set({ dialog: null, game: nextPrisoner(game) });
      } else if (dialog.kind === 'prisoner-failed') {
        set({ ...reshuffled(), dialog: null, mode: 'manual' });
      } else {
        set({ dialog: null });
      }
    },

    reset() {
      set({ ...reshuffled(), ...freshRun });
    },

    setSpeed(speed) {
      set({ speed: Math.min(SPEED_MAX, Math.max(SPEED_MIN, Math.round(speed))) });
    },

    toggleCycles() {
      set((state) => ({ showCycles: !state.showCycles }));
    },
  };
});

function outcomeDialog(game: GameState, manual: boolean): OutcomeDialog | null {
  switch (game.status) {
    case 'failed':
      return { kind: 'prisoner-failed', prisoner: game.prisoner };
    case 'all-found':
      return { kind: 'all-succeeded' };
    case 'found':
      return manual ? { kind: 'prisoner-succeeded', prisoner: game.prisoner } : null;
    default:
      return null;
  }
}
