import { boxesPerFrame } from '../engine/constants.ts';
import { cycleStructure, type CycleStructure } from '../engine/cycles.ts';
import type { GameState } from '../engine/game.ts';
import { stateSeed, type Rng, type Seed } from '../engine/rng.ts';
import type { Variant } from '../engine/types.ts';
import { routeThrough } from '../engine/variants.ts';
import type { BoardSize, LabArrival } from './address.ts';
import type { PlayOptions } from './game-worker-api.ts';
import type { OutcomeDialog } from './outcome.ts';

/** The run's state as data, and the questions the page asks of it; game-store.ts changes it. */

export type Mode = 'manual' | 'auto';

/** Games played one after another with Keep playing, until Reset. */
export interface SeriesTally {
  games: number;
  wins: number;
  losses: number;
}

export const NO_GAMES: SeriesTally = { games: 0, wins: 0, losses: 0 };

/** The tally with one more game, `won` or lost. */
export function tallied({ games, wins, losses }: SeriesTally, won: boolean): SeriesTally {
  return { games: games + 1, wins: wins + (won ? 1 : 0), losses: losses + (won ? 0 : 1) };
}

/** The boxes as the prisoners meet them, and everything that follows from them. */
export interface Board {
  /** slips[box] = slip, 0-based: the arrangement in play (after the helper's exchange). */
  slips: Int32Array;
  /** The prisoners' secret names for the boxes, while they read the boxes through them (warden). */
  labels: Int32Array | null;
  /** route[box]: the box the strategy opens after `box` (the slip, read through the labels). */
  route: Int32Array;
  /** The cycles of the route, longest first: what Show cycles and the rings show. */
  cycles: CycleStructure;
}

/** A run of the simulation: the address it came from, its deals, the game, and its series. */
export interface RunState extends Board {
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
  /**
   * The run's one generator: the first arrangement, every reshuffle and the random player's
   * draws come from it, in order. It is part of the state, not hidden beside it, so that a new
   * run replaces it together with the deal it made, and whoever holds the state can read (or
   * hand a worker) where it stands. Drawing advances it in place: nothing renders from it.
   */
  rng: Rng;
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
  /**
   * The prisoner (0-based) whose failure the page reports in a line, until the next game starts
   * (a box opened, Start, or in a series the next deal).
   */
  failedPrisoner: number | null;
  /** Set when the game worker died during automatic play. */
  workerError: string | null;
}

/** What every new run starts with: manual play, nothing on screen but the boxes. */
export const freshRun = {
  mode: 'manual',
  dialog: null,
  failedPrisoner: null,
  workerError: null,
  paused: false,
} as const;

/** The board for an arrangement, read through the labels when they are used; k guesses each. */
export function boardOf(slips: Int32Array, labels: Int32Array | null, guesses: number): Board {
  const route = routeThrough(slips, labels);
  return { slips, labels, route, cycles: cycleStructure(route, guesses) };
}

export function isOver(game: GameState): boolean {
  return game.status === 'failed' || game.status === 'all-found';
}

/**
 * Automatic play has more to do: a game in progress, or in a series a game lost before any box
 * was opened (k = 0), which the next batch or Step counts before the next deal.
 */
export function canGoOn({
  mode,
  game,
  dialog,
  keepPlaying,
}: Pick<RunState, 'mode' | 'game' | 'dialog' | 'keepPlaying'>): boolean {
  const lostAtOnce = game.guesses === 0 && keepPlaying;
  return mode === 'auto' && dialog === null && (!isOver(game) || lostAtOnce);
}

/** A failed arrangement kept on the board to be studied (Study this arrangement), until Reset. */
export function isStudying({
  mode,
  dialog,
  game,
}: Pick<RunState, 'mode' | 'dialog' | 'game'>): boolean {
  return mode === 'manual' && dialog === null && game.status === 'failed';
}

/** What the game worker needs to go on from the game on the board, at the visitor's speed. */
export function playOptions(state: RunState, speed: number): PlayOptions {
  const { board, game, rng } = state;
  return {
    guesses: board.k,
    strategy: board.strategy,
    // The random player draws from the run's generator where the page's copy stands now.
    generator: board.strategy === 'random' ? stateSeed(rng.generator) : undefined,
    opened: isOver(game) ? undefined : game.opened.slice(),
    minBatch: boxesPerFrame(speed),
  };
}
