import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { boxesPerFrame, SPEED_INITIAL, SPEED_MIN, speedMaxFor } from '../engine/constants.ts';
import type { PlayOptions } from './game-worker-api.ts';
import { cycleStructure, type CycleStructure } from '../engine/cycles.ts';
import {
  initialGame,
  nextPrisoner,
  openBox,
  playBox,
  playToEnd,
  laterPrisonerStart,
  prisonerStart,
  type GameState,
  type GameStatus,
  type Play,
} from '../engine/game.ts';
import {
  parseBoardParams,
  parseSeedParam,
  parseVariantParam,
  SPEC_BOARD,
  type BoardSize,
  type LabArrival,
} from './address.ts';
import { WHOLE_BOARD, type BoardZoom } from '../grid/board-zoom.ts';
import { finished, outcomeDialog, type OutcomeDialog } from './outcome.ts';
import { createRng, stateSeed, type Rng, type Seed, type StateSeed } from '../engine/rng.ts';
import { bestSwap, dealFor, routeThrough, swapSlips } from '../engine/variants.ts';
import type { Variant } from '../engine/types.ts';

type Mode = 'manual' | 'auto';

/** Games played one after another with Keep playing, until Reset. */
export interface SeriesTally {
  games: number;
  wins: number;
  losses: number;
}

const NO_GAMES: SeriesTally = { games: 0, wins: 0, losses: 0 };

/** Where a game played to its end in the game worker ended, and the generator after it. */
export interface FinishedGame {
  prisoner: number;
  /** The boxes the last prisoner opened, in order. */
  opened: Int32Array;
  status: GameStatus;
  /** Random strategy: the run's generator after the game's last draw; null following the slips. */
  generator: StateSeed | null;
}

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
  /** n prisoners and boxes, k guesses each, and how the prisoners choose in automatic play. */
  board: BoardSize;
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
  /** Automatic play is paused: no worker runs, and Step opens one box at a time. */
  paused: boolean;
  /** Counts the worker runs asked for: each new value starts one from the game on the board. */
  run: number;
  /** Keep playing: a finished automatic game is counted and the next one dealt, with no dialog. */
  keepPlaying: boolean;
  tally: SeriesTally;
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
    n?: string | null;
    k?: string | null;
    strategy?: string | null;
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
  pause(): void;
  resume(): void;
  /** While paused: opens the one box the strategy opens next. */
  step(): void;
  /** Openings decided by the game worker, applied with the engine's step function. */
  applyBatch(boxes: ArrayLike<number>): void;
  /**
   * Following the slips: finishes automatic play at once, with the outcome watching it would
   * have had (O(n)). Opening at random costs O(n·k) and is left to the game worker (finishWith).
   */
  skipToResult(): void;
  /** The end of the game as the game worker played it to its end from the board's state. */
  finishWith(result: FinishedGame): void;
  setKeepPlaying(on: boolean): void;
  /** The run's generator as it stands: where a random player in the game worker starts. */
  generatorNow(): StateSeed;
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

/** The board for an arrangement, read through the labels when they are used; k guesses each. */
function boardOf(slips: Int32Array, labels: Int32Array | null, guesses: number): Board {
  const route = routeThrough(slips, labels);
  return { slips, labels, route, cycles: cycleStructure(route, guesses) };
}

function isOver(game: GameState): boolean {
  return game.status === 'failed' || game.status === 'all-found';
}

/** What every new run starts with: manual play, nothing on screen but the boxes. */
const freshRun = {
  mode: 'manual',
  dialog: null,
  failedPrisoner: null,
  workerError: null,
  paused: false,
} as const;

export const usePrisonerStore = create<PrisonerState>()((set, get) => {
  // One generator per run: the first arrangement and every reshuffle come from it, in order.
  let rng: Rng = createRng(0);

  /**
   * A new deal for the variant: the arrangement, and (warden) the secret relabelling. `board`
   * defaults to the one in play.
   */
  const deal = (variant: Variant, relabelled: boolean, board: BoardSize = get().board) => {
    const { slips: dealt, secret } = dealFor(variant, board.n, rng);
    return {
      dealt,
      secret,
      ...boardOf(dealt, relabelled ? secret : null, board.k),
      game: initialGame(board.k),
      helperTurn: variant === 'helper',
      swap: null,
      picked: null,
    };
  };

  /** The board with the helper's exchange (or none) applied to the deal. */
  const withSwap = (swap: readonly [number, number] | null) => {
    const { dealt, labels, board } = get();
    const slips = swap ? swapSlips(dealt, swap[0], swap[1]) : dealt;
    return { ...boardOf(slips, labels, board.k), swap, picked: null };
  };

  /** How automatic play chooses: the labels it reads the slips through, or the run's generator. */
  const play = (): Play =>
    get().board.strategy === 'random'
      ? { strategy: 'random', rng }
      : { strategy: 'cycle', labels: get().labels };

  /**
   * Automatic play reached `game`. A finished game in a series is counted and the next one dealt
   * from the same generator and started; otherwise the game ends as the specification says.
   */
  const reached = (game: GameState) => {
    const { keepPlaying, mode, tally, variant, labels, paused, run, failedPrisoner } = get();
    if (!isOver(game) || !keepPlaying || mode !== 'auto') {
      set(finished(game, failedPrisoner));
      return;
    }
    const won = game.status === 'all-found';
    const next = deal(variant, labels !== null);
    // In a series the helper makes the best exchange in every deal, as the exact odds assume.
    const swap = variant === 'helper' ? bestSwap(next.dealt) : null;
    const slips = swap ? swapSlips(next.dealt, swap[0], swap[1]) : next.dealt;
    set({
      ...next,
      ...(swap ? { ...boardOf(slips, next.labels, get().board.k), swap } : {}),
      tally: {
        games: tally.games + 1,
        wins: tally.wins + (won ? 1 : 0),
        losses: tally.losses + (won ? 0 : 1),
      },
      failedPrisoner: won ? failedPrisoner : game.prisoner,
      helperTurn: false,
      run: paused ? run : run + 1,
    });
  };

  const first = deal('classic', false, SPEC_BOARD);
  return {
    seed: null,
    variant: 'classic',
    board: SPEC_BOARD,
    notices: [],
    arrival: null,
    ...first,
    ...freshRun,
    run: 0,
    keepPlaying: false,
    tally: NO_GAMES,
    speed: SPEED_INITIAL,
    showCycles: false,
    rings: false,
    zoom: WHOLE_BOARD,

    initialise(address) {
      const { seed, notice: seedNotice } = parseSeedParam(address.seed);
      const { variant, notice: variantNotice } = parseVariantParam(address.variant);
      const { board, notices: boardNotices } = parseBoardParams(address);
      rng = createRng(seed);
      const first = deal(variant, false, board);
      set({
        ...first,
        arrival: address.arrival ? { ...address.arrival, deal: first.dealt } : null,
        seed,
        variant,
        board,
        notices: [...boardNotices, seedNotice, variantNotice].filter((notice) => notice !== null),
        ...freshRun,
        tally: NO_GAMES,
        // The speed is the visitor's: it survives a new game, within the slider's range for n.
        speed: Math.min(get().speed, speedMaxFor(board.n)),
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
        ...boardOf(slips, labels ? null : secret, get().board.k),
        game: initialGame(get().board.k),
        ...freshRun,
      });
    },

    startAuto() {
      const state = get();
      const { game, variant, labels, board, run } = state;
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
          ? deal(variant, labels !== null)
          : { game: prisonerStart(nextPrisoner(game).prisoner, board.k) };
      if (isOver(fresh.game) && !state.keepPlaying) {
        // No guesses (k = 0): the first prisoner has failed before opening a box.
        set({ ...fresh, ...freshRun, mode: 'auto', helperTurn: false, picked: null });
        set(finished(fresh.game, null));
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
      const state = get();
      if (state.mode !== 'auto' || state.paused) return;
      const { slips, board } = state;
      const { n, k } = board;
      // A batch at top speed holds many walks; only the last one is on screen. The walks before
      // it are followed in a loop of whole numbers (who walks, how many boxes so far), and only
      // the last walk is stepped through the engine, so a batch costs little per box. Opening at
      // random, the page draws as the worker drew (one draw below n − opened per box), so its
      // generator stays in step and the next deal (and a replay) comes from the same place.
      const random = board.strategy === 'random';
      const first = nextPrisoner(state.game);
      let prisoner = first.prisoner;
      let walked = first.opened.length;
      let lastStart = 0;
      let lastPrisoner = prisoner;
      for (let i = 0; i < boxes.length; i++) {
        const box = boxes[i] as number;
        if (walked === 0) [lastStart, lastPrisoner] = [i, prisoner];
        if (random) rng.nextBelow(n - walked);
        walked++;
        if (slips[box] === prisoner) {
          prisoner++;
          walked = 0;
        } else if (walked === k) break;
      }
      let game = lastStart === 0 ? first : laterPrisonerStart(first, lastPrisoner);
      for (let i = lastStart; i < boxes.length; i++) {
        const at = nextPrisoner(game);
        game = openBox(at, slips, boxes[i] as number);
        if (game === at) {
          set({ workerError: 'The simulation worker opened a box that cannot be opened.' });
          return;
        }
      }
      reached(game);
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
      if (result.generator !== null) rng = createRng(result.generator);
      reached(end);
    },

    setKeepPlaying(on) {
      set({ keepPlaying: on });
    },

    generatorNow() {
      return stateSeed(rng.generator);
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
      set({ ...deal(variant, labels !== null), ...freshRun, tally: NO_GAMES });
    },

    setSpeed(speed) {
      const top = speedMaxFor(get().board.n);
      set({ speed: Math.min(top, Math.max(SPEED_MIN, Math.round(speed))) });
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

/** What the game worker needs to go on from the game on the board. */
export function playOptions(state: PrisonerState): PlayOptions {
  const { board, game, speed } = state;
  return {
    guesses: board.k,
    strategy: board.strategy,
    // The random player draws from the run's generator where the page's copy stands now.
    generator: board.strategy === 'random' ? state.generatorNow() : undefined,
    opened: isOver(game) ? undefined : game.opened.slice(),
    minBatch: boxesPerFrame(speed),
  };
}

/**
 * Automatic play has more to do: a game in progress, or in a series a game lost before any box
 * was opened (k = 0), which the next batch or Step counts before the next deal.
 */
export function canGoOn({ mode, game, dialog, keepPlaying }: PrisonerState): boolean {
  const lostAtOnce = game.guesses === 0 && keepPlaying;
  return mode === 'auto' && dialog === null && (!isOver(game) || lostAtOnce);
}

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
