import { create } from 'zustand';
import {
  initialGame,
  nextPrisoner,
  openBox,
  playBox,
  playToEnd,
  prisonerStart,
  type GameState,
  type Play,
} from '../engine/game.ts';
import { followOpenings } from '../engine/openings.ts';
import { createRng } from '../engine/rng.ts';
import { bestSwap } from '../engine/variants.ts';
import { SPEC_BOARD, type RunAddress } from './address.ts';
import { createDealsAhead, exchanged, newDeal } from './deals.ts';
import {
  NO_GAMES,
  boardOf,
  canGoOn,
  freshRun,
  isOver,
  isStudying,
  tallied,
  type RunState,
} from './game-state.ts';
import type { GameEnd } from './game-worker-api.ts';
import { finished, outcomeDialog } from './outcome.ts';
import { useStoreFields } from './store-fields.ts';

/**
 * The game's state machine: manual play, the helper's turn, the warden's relabelling, automatic
 * play (its batches, pauses, steps and series) and the dialogs. What the board looks like (speed,
 * cycles, rings, zoom) is the view settings' (view-settings.ts); the address is read before it
 * gets here (address.ts).
 */
export interface PrisonerState extends RunState {
  /** A new run, as the address describes it: its generator, its first deal, manual play. */
  initialise(run: RunAddress): void;
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
  pause(): void;
  resume(): void;
  /** While paused: opens the one box the strategy opens next. */
  step(): void;
  /** Openings decided by the game worker, followed by the engine (followOpenings). */
  applyBatch(boxes: ArrayLike<number>): void;
  /**
   * Following the slips: finishes automatic play at once, with the outcome watching it would
   * have had (O(n)). Opening at random costs O(n·k) and is left to the game worker (finishWith).
   */
  skipToResult(): void;
  /** The end of the game as the game worker played it to its end from the board's state. */
  finishWith(result: GameEnd): void;
  setKeepPlaying(on: boolean): void;
  workerFailed(message: string): void;
  confirmDialog(): void;
  /** After a failure: keep the arrangement on the board (the view settings show it in rings). */
  studyArrangement(): void;
  reset(): void;
  /** Makes ahead the deals the run may ask for next (createDealsAhead): called when idle. */
  prepareDeals(): void;
}

export const usePrisonerStore = create<PrisonerState>()((set, get) => {
  const ahead = createDealsAhead();
  /** A new deal for the variant in play from the run's generator, read as the board is now. */
  const deal = () => ahead.take('new', get(), get().rng);

  /** How automatic play chooses: the labels it reads the slips through, or the run's generator. */
  const play = (): Play => {
    const { board, rng, labels } = get();
    return board.strategy === 'random'
      ? { strategy: 'random', rng }
      : { strategy: 'cycle', labels };
  };

  /**
   * Automatic play reached `game`, the run's generator standing at `rng` (a worker's, when the
   * game was finished there). A finished game in a series is counted and the next one dealt from
   * that generator and started; otherwise the game ends as the specification says.
   */
  const reached = (game: GameState, rng = get().rng) => {
    const { keepPlaying, mode, tally, paused, run } = get();
    if (!isOver(game) || !keepPlaying || mode !== 'auto') {
      set({ ...finished(game), rng });
      return;
    }
    set({
      ...ahead.take('series', get(), rng),
      rng,
      tally: tallied(tally, game.status === 'all-found'),
      // The failure line belongs to its game; the tally keeps the count of losses.
      failedPrisoner: null,
      run: paused ? run : run + 1,
    });
  };

  const rng = createRng(0);
  return {
    seed: null,
    variant: 'classic',
    board: SPEC_BOARD,
    notices: [],
    arrival: null,
    rng,
    ...newDeal('classic', false, SPEC_BOARD, rng),
    ...freshRun,
    run: 0,
    keepPlaying: false,
    tally: NO_GAMES,

    initialise({ seed, variant, board, notices, arrival }) {
      const rng = createRng(seed);
      const first = newDeal(variant, false, board, rng);
      set({
        ...first,
        rng,
        arrival: arrival ? { ...arrival, deal: first.dealt } : null,
        seed,
        variant,
        board,
        notices,
        ...freshRun,
        tally: NO_GAMES,
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
      const { helperTurn, picked, dealt, labels, board } = get();
      if (!helperTurn) return;
      if (picked === null) set({ picked: box });
      else if (picked === box) set({ picked: null });
      else set(exchanged(dealt, labels, board.k, [picked, box]));
    },

    makeBestSwap() {
      const { helperTurn, dealt, labels, board } = get();
      if (!helperTurn) return;
      set(exchanged(dealt, labels, board.k, bestSwap(dealt)));
    },

    endHelperTurn() {
      set({ helperTurn: false, picked: null });
    },

    toggleRelabelling() {
      const { variant, mode, labels, slips, secret, board } = get();
      if (variant !== 'warden' || mode !== 'manual') return;
      // A new way of reading the boxes: the prisoners start again from the first.
      set({
        ...boardOf(slips, labels ? null : secret, board.k),
        game: initialGame(board.k),
        ...freshRun,
      });
    },

    startAuto() {
      const state = get();
      const { game, board, run } = state;
      if (state.mode === 'auto' && !isOver(game)) {
        // After a worker failure: the game goes on from the board, the generator in step.
        set({ workerError: null, paused: false, run: run + 1 });
        return;
      }
      // The current prisoner starts over with every box closed; a studied board is played again
      // from prisoner 1; any other finished board starts afresh.
      const fresh = isStudying(state)
        ? { game: initialGame(board.k) }
        : isOver(game)
          ? deal()
          : { game: prisonerStart(nextPrisoner(game).prisoner, board.k) };
      if (isOver(fresh.game) && !state.keepPlaying) {
        // No guesses (k = 0): the first prisoner has failed before opening a box.
        set({ ...fresh, ...freshRun, mode: 'auto', helperTurn: false, picked: null });
        set(finished(fresh.game));
        return;
      }
      // In a series a game lost at once (k = 0) is reported by the game worker like any other
      // ending (an empty batch), so games follow each other at the pace of play.
      set({ ...fresh, ...freshRun, mode: 'auto', helperTurn: false, picked: null, run: run + 1 });
    },

    pause() {
      const state = get();
      if (state.mode === 'auto' && !state.paused && canGoOn(state)) set({ paused: true });
    },

    resume() {
      const { paused, run } = get();
      if (paused) set({ paused: false, workerError: null, run: run + 1 });
    },

    step() {
      const state = get();
      const { mode, paused, game, slips } = state;
      if (mode !== 'auto' || !paused || !canGoOn(state)) return;
      // A series game lost before any box (k = 0): the step counts it and deals the next.
      if (isOver(game)) {
        reached(game);
        return;
      }
      const at = nextPrisoner(game);
      reached(openBox(at, slips, playBox(at, slips, play())));
    },

    applyBatch(boxes) {
      const { mode, paused, game, slips } = get();
      if (mode !== 'auto' || paused) return;
      const end = followOpenings(game, slips, boxes, play());
      if (end === null) {
        set({ workerError: 'The simulation worker opened a box that cannot be opened.' });
        return;
      }
      reached(end);
    },

    skipToResult() {
      const { mode, game, slips, labels, board } = get();
      if (mode !== 'auto' || isOver(game) || board.strategy !== 'cycle') return;
      reached(playToEnd(slips, nextPrisoner(game).prisoner, labels, board.k));
    },

    finishWith(result) {
      const { mode, game, slips, board } = get();
      if (mode !== 'auto' || isOver(game)) return;
      let end = prisonerStart(result.prisoner, board.k);
      for (const box of result.opened) end = openBox(end, slips, box);
      // The random player's generator went on in the worker: the run's goes on from there.
      reached(end, result.generator === null ? get().rng : createRng(result.generator));
    },

    setKeepPlaying(on) {
      set({ keepPlaying: on });
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
        set({ ...deal(), dialog: null, mode: 'manual' });
      } else {
        set({ dialog: null });
      }
    },

    studyArrangement() {
      if (get().dialog?.kind !== 'prisoner-failed') return;
      // A failed game on the board with no dialog: the board stays until Reset (isStudying).
      set({ dialog: null, mode: 'manual' });
    },

    reset() {
      set({ ...deal(), ...freshRun, tally: NO_GAMES });
    },

    prepareDeals() {
      ahead.prepareNext(get());
    },
  };
});

/**
 * Several fields of the store at once, for a component that reads many: it re-renders only
 * when one of them changes.
 */
export function usePrisonerFields<Key extends keyof PrisonerState>(
  ...keys: Key[]
): Pick<PrisonerState, Key> {
  return useStoreFields(usePrisonerStore, keys);
}
