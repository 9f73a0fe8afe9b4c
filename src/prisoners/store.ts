import { create } from 'zustand';
import { BOX_COUNT, SPEED_INITIAL, SPEED_MAX, SPEED_MIN } from './engine/constants.ts';
import { cycleStructure, type CycleStructure } from './engine/cycles.ts';
import {
  initialGame,
  nextPrisoner,
  openBox,
  prisonerStart,
  type GameState,
} from './engine/game.ts';
import { randomArrangement } from './engine/permutation.ts';
import {
  createRng,
  MAX_SEED,
  parseSeedText,
  randomSeed,
  type Rng,
  type Seed,
} from './engine/rng.ts';

export type Mode = 'manual' | 'auto';

/** The outcome dialog on screen, if any; prisoners are 0-based here and 1-based on screen. */
export type OutcomeDialog =
  | { kind: 'prisoner-failed'; prisoner: number }
  | { kind: 'prisoner-succeeded'; prisoner: number }
  | { kind: 'all-succeeded' };

export interface PrisonerState {
  seed: Seed;
  /** Why the seed in the address was not used, when it was not. */
  seedNotice: string | null;
  /** slips[box] = slip, 0-based. */
  slips: Int32Array;
  cycles: CycleStructure;
  game: GameState;
  mode: Mode;
  /** Changes whenever automatic play starts or stops, so late batches of an old run are dropped. */
  runId: number;
  dialog: OutcomeDialog | null;
  /** The prisoner (0-based) whose failure the page reports in a line, until the next run. */
  failedPrisoner: number | null;
  speed: number;
  showCycles: boolean;
  /** Set when the game worker died during automatic play. */
  workerError: string | null;

  initialise(seedParam: string | null): void;
  openManually(box: number): void;
  /** Begins (or resumes after a worker failure) automatic play; returns the new run's id. */
  startAuto(): number;
  applyBatch(runId: number, boxes: ArrayLike<number>): void;
  workerFailed(runId: number, message: string): void;
  confirmDialog(): void;
  reset(): void;
  setSpeed(speed: number): void;
  toggleCycles(): void;
}

/**
 * Reads `?seed=`: a uint32 in decimal or a 32-hex-digit generator state (see engine/rng.ts).
 * Anything else is reported and replaced by a fresh seed.
 */
export function parseSeedParam(
  text: string | null,
  fresh: () => Seed = randomSeed,
): { seed: Seed; notice: string | null } {
  if (text === null) return { seed: fresh(), notice: null };
  const seed = parseSeedText(text);
  if (seed !== null) return { seed, notice: null };
  const trimmed = text.trim();
  const shown = trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
  return {
    seed: fresh(),
    notice: `The seed “${shown}” is not valid: a seed is a whole number from 0 to ${MAX_SEED} or a 32-digit hexadecimal generator state. This run uses a random seed instead.`,
  };
}

export const usePrisonerStore = create<PrisonerState>()((set, get) => {
  // One generator per run: the first arrangement and every reshuffle come from it, in order.
  let rng: Rng = createRng(0);
  const reshuffled = () => {
    const slips = randomArrangement(BOX_COUNT, rng);
    return { slips, cycles: cycleStructure(slips), game: initialGame() };
  };

  const firstSlips = randomArrangement(BOX_COUNT, rng);
  return {
    seed: 0,
    seedNotice: null,
    slips: firstSlips,
    cycles: cycleStructure(firstSlips),
    game: initialGame(),
    mode: 'manual',
    runId: 0,
    dialog: null,
    failedPrisoner: null,
    speed: SPEED_INITIAL,
    showCycles: false,
    workerError: null,

    initialise(seedParam) {
      const { seed, notice } = parseSeedParam(seedParam);
      rng = createRng(seed);
      set((state) => ({
        ...reshuffled(),
        seed,
        seedNotice: notice,
        mode: 'manual',
        runId: state.runId + 1,
        dialog: null,
        failedPrisoner: null,
        speed: SPEED_INITIAL,
        showCycles: false,
        workerError: null,
      }));
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
      const { game, runId } = get();
      // The current prisoner starts over with every box closed; a finished board starts afresh.
      const fresh =
        game.status === 'all-found' || game.status === 'failed'
          ? reshuffled()
          : { game: prisonerStart(nextPrisoner(game).prisoner) };
      set({
        ...fresh,
        mode: 'auto',
        runId: runId + 1,
        dialog: null,
        failedPrisoner: null,
        workerError: null,
      });
      return runId + 1;
    },

    applyBatch(runId, boxes) {
      const state = get();
      if (runId !== state.runId || state.mode !== 'auto') return;
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

    workerFailed(runId, message) {
      if (runId !== get().runId) return;
      set({ workerError: message });
    },

    confirmDialog() {
      const { dialog, game, runId } = get();
      if (!dialog) return;
      if (dialog.kind === 'prisoner-succeeded') {
        set({ dialog: null, game: nextPrisoner(game) });
      } else if (dialog.kind === 'prisoner-failed') {
        set({ ...reshuffled(), dialog: null, mode: 'manual', runId: runId + 1 });
      } else {
        set({ dialog: null });
      }
    },

    reset() {
      set((state) => ({
        ...reshuffled(),
        mode: 'manual',
        runId: state.runId + 1,
        dialog: null,
        failedPrisoner: null,
        workerError: null,
      }));
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
