// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { parseRunAddress, type AddressTexts } from './address.ts';
import { usePrisonerStore } from './game-store.ts';
import { playOptions } from './game-state.ts';
import { createGameWorkerApi } from './game-worker-api.ts';
import { startRun } from './run-actions.ts';
import { useViewSettings } from './view-settings.ts';
import { dealFor } from '../engine/variants.ts';
import { createRng, stateSeed } from '../engine/rng.ts';
import { generatorFromWords, rewindGenerator } from '../engine/sfc32.ts';
import { strategyPath } from '../engine/game.ts';
import {
  cycleLengthOfBox,
  dealsOf,
  failingSeed,
  firstFailing,
  firstFailingPrisoner,
  replayGames,
  replayRandomSeries,
  seedWhere,
  slipWalk,
  wrongBoxes,
} from '../../../testing/arrangements.ts';
import type { Variant } from '../engine/types.ts';

/**
 * Automatic play in the game store: batches, pauses and steps, series of games, and the games
 * the game worker finished.
 */

const store = usePrisonerStore;
const state = () => store.getState();
const view = () => useViewSettings.getState();
const SEED = 20_240_601;

/** Starts the run an address describes, as the page does. */
const start = (address: AddressTexts) => startRun(parseRunAddress(address));

beforeEach(() => {
  // Keep playing is the visitor's and outlives a new game: every test starts with it off.
  store.getState().setKeepPlaying(false);
  start({ seed: String(SEED), variant: null });
});

function begin(address: {
  seed: number | string;
  variant?: Variant;
  n: number;
  k: number;
  strategy?: 'cycle' | 'random';
}) {
  start({
    seed: String(address.seed),
    variant: address.variant ?? null,
    n: String(address.n),
    k: String(address.k),
    strategy: address.strategy ?? null,
  });
}

/**
 * Automatic play in this thread through the game worker's own code, until `done`: one run of the
 * worker after another from the game on the board. A series that never gets `done` fails after
 * `runs` runs instead of looping on (the runs settle in microtasks, so no test timeout ends it).
 */
async function playInWorkerCode(done: () => boolean, runs = 100) {
  const api = createGameWorkerApi();
  for (let run = 0; !done(); run++) {
    if (run === runs) throw new Error(`not done after ${runs} runs of the game worker`);
    const state = store.getState();
    await api.play(
      state.slips,
      state.game.prisoner,
      0,
      (boxes) => store.getState().applyBatch(boxes),
      state.labels,
      playOptions(state, view().speed),
    );
  }
}

describe('automatic play', () => {
  it('applies batches only in automatic play and ends on the first failing prisoner', () => {
    const seed = failingSeed(1000);
    start({ seed: String(seed), variant: null });
    const { slips } = store.getState();
    const failing = firstFailingPrisoner(slips);
    store.getState().applyBatch([slips.indexOf(0)]); // manual play: ignored
    expect(store.getState().game.opened).toEqual(new Int32Array(0));
    store.getState().startAuto();
    for (let prisoner = 0; prisoner <= failing; prisoner++) {
      store.getState().applyBatch(strategyPath(slips, prisoner));
      if (prisoner < failing) expect(store.getState().game.status).toBe('found');
    }
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-failed', prisoner: failing });
    store.getState().confirmDialog();
    expect(store.getState().mode).toBe('manual');
  });

  it('reset stops the run, returns to manual play and reshuffles', () => {
    store.getState().startAuto();
    const before = store.getState().slips;
    store.getState().reset();
    store.getState().applyBatch([0]);
    expect(store.getState()).toMatchObject({ mode: 'manual', dialog: null });
    expect(store.getState().game.opened).toEqual(new Int32Array(0));
    expect(store.getState().slips).not.toEqual(before);
  });

  it('records a worker failure during automatic play only', () => {
    store.getState().workerFailed('manual');
    expect(store.getState().workerError).toBeNull();
    store.getState().startAuto();
    store.getState().workerFailed('stopped');
    expect(store.getState().workerError).toBe('stopped');
    store.getState().startAuto();
    expect(store.getState().workerError).toBeNull();
  });
});

describe('any size, either strategy', () => {
  it('keeps playing: counts every game, deals the next from the same generator, no dialog', async () => {
    const [n, k, games] = [5, 4, 12];
    start({ seed: '11', variant: null, n: String(n), k: String(k), strategy: 'random' });
    store.getState().setKeepPlaying(true);
    store.getState().startAuto();
    await playInWorkerCode(() => store.getState().tally.games === games);
    const expected = replayRandomSeries(11, n, k, games);
    expect(store.getState().tally).toEqual({ games, wins: expected.wins, losses: expected.losses });
    expect(expected.wins).toBeGreaterThan(0);
    expect(expected.losses).toBeGreaterThan(0);
    expect(store.getState()).toMatchObject({ dialog: null, mode: 'auto' });
    expect(store.getState().slips).toEqual(expected.next);
    store.getState().reset();
    expect(store.getState().tally).toEqual({ games: 0, wins: 0, losses: 0 });
  });

  it('pauses, steps exactly one box in step with the generator, resumes and skips in the worker', async () => {
    const [n, k] = [9, 5];
    start({ seed: '3', variant: null, n: String(n), k: String(k), strategy: 'random' });
    store.getState().setKeepPlaying(true);
    store.getState().startAuto();
    store.getState().pause();
    expect(store.getState().paused).toBe(true);
    store.getState().applyBatch([0]); // a batch still under way when paused is dropped
    expect(store.getState().game.opened).toEqual(new Int32Array(0));
    for (let i = 1; i <= 3 && store.getState().game.status === 'searching'; i++) {
      store.getState().step();
      expect(store.getState().game.opened.length).toBe(i);
    }
    store.getState().resume();
    expect(store.getState().paused).toBe(false);
    // Skipping: the rest of the first game played at once in the worker's code.
    const state = store.getState();
    const end = createGameWorkerApi().finish(
      state.slips,
      state.game.prisoner,
      null,
      playOptions(state, view().speed),
    );
    store.getState().finishWith(end);
    const expected = replayRandomSeries(3, n, k, 1);
    expect(store.getState().tally).toEqual({
      games: 1,
      wins: expected.wins,
      losses: expected.losses,
    });
    expect(store.getState().slips).toEqual(expected.next);
  });

  it('the helper makes the best exchange in every deal of a series', async () => {
    start({ seed: '5', variant: 'helper', n: '40', k: '20' });
    store.getState().setKeepPlaying(true);
    store.getState().makeBestSwap();
    store.getState().startAuto();
    await playInWorkerCode(() => store.getState().tally.games === 5);
    // After the best exchange no cycle is longer than 20 of 40 boxes: every game is won.
    expect(store.getState().tally).toEqual({ games: 5, wins: 5, losses: 0 });
    expect(Math.max(...cycleLengthOfBox(store.getState().slips))).toBeLessThanOrEqual(20);
  });

  it('keeps playing with no guesses: every game lost at once is counted, Pause and Step work', async () => {
    for (const n of [1, 7]) {
      start({ seed: '4', variant: null, n: String(n), k: '0' });
      store.getState().setKeepPlaying(true);
      const run = store.getState().run;
      store.getState().startAuto();
      // The game worker reports the loss: no dialog, and a run asked for.
      expect(store.getState()).toMatchObject({ mode: 'auto', dialog: null, run: run + 1 });
      expect(store.getState().game.status).toBe('failed');
      await playInWorkerCode(() => store.getState().tally.games === 6);
      expect(store.getState().tally).toEqual({ games: 6, wins: 0, losses: 6 });
      expect(store.getState().dialog).toBeNull();
      const replay = replayGames(4, { n, k: 0, strategy: 'cycle', variant: 'classic' }, 6);
      expect(replay.failures).toEqual([0, 0, 0, 0, 0, 0]);
      expect(store.getState().slips).toEqual(replay.next);
      // Paused, a step counts one game and deals the next, without a run.
      store.getState().pause();
      expect(store.getState().paused).toBe(true);
      const paused = store.getState().run;
      store.getState().step();
      expect(store.getState().tally).toEqual({ games: 7, wins: 0, losses: 7 });
      expect(store.getState()).toMatchObject({ paused: true, run: paused, dialog: null });
      store.getState().resume();
      expect(store.getState()).toMatchObject({ paused: false, run: paused + 1 });
      // Keep playing off: the next loss ends with the dialog, as the specification says.
      store.getState().setKeepPlaying(false);
      store.getState().applyBatch([]);
      expect(store.getState().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
      expect(store.getState().tally.games).toBe(7);
    }
  });

  it('keeps playing at n = 1 with one guess and at k = n: every game is won', async () => {
    for (const [n, k] of [
      [1, 1],
      [7, 7],
    ] as const) {
      start({ seed: '9', variant: null, n: String(n), k: String(k) });
      store.getState().setKeepPlaying(true);
      store.getState().startAuto();
      await playInWorkerCode(() => store.getState().tally.games === 4);
      expect(store.getState().tally).toEqual({ games: 4, wins: 4, losses: 0 });
      expect(store.getState()).toMatchObject({ mode: 'auto', dialog: null });
      const replay = replayGames(9, { n, k, strategy: 'cycle', variant: 'classic' }, 4);
      expect(store.getState().slips).toEqual(replay.next);
    }
  });

  it('ends a game without guesses with the dialog at once when Keep playing is off', () => {
    start({ seed: '4', variant: null, n: '7', k: '0' });
    store.getState().setKeepPlaying(false);
    store.getState().startAuto();
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
    store.getState().pause();
    expect(store.getState().paused).toBe(false);
  });

  it('ends a series game with the dialog once Keep playing is off', () => {
    start({ seed: String(failingSeed(1000)), variant: null });
    store.getState().setKeepPlaying(false);
    store.getState().startAuto();
    store.getState().skipToResult();
    expect(store.getState().dialog?.kind).toBe('prisoner-failed');
    expect(store.getState().tally.games).toBe(0);
  });
});

describe('automatic play, more', () => {
  /** A board of 100 whose prisoner 1 walks at least `length` boxes (and finds the slip). */
  const boardWithFirstWalk = (length: number) => {
    const seed = seedWhere(100, (slips) => {
      const first = cycleLengthOfBox(slips)[0]!;
      return first >= length && first <= 50;
    });
    start({ seed: String(seed), variant: null });
    return state().slips;
  };

  it('after a worker failure, Start goes on from the board: the boxes opened stay open', () => {
    const slips = boardWithFirstWalk(3);
    state().startAuto();
    state().pause();
    state().step();
    state().step();
    expect(state().game.opened).toEqual(Int32Array.of(0, slips[0]!));
    state().resume();
    state().workerFailed('The simulation worker stopped.');
    const { game, run } = state();
    state().startAuto();
    expect(state()).toMatchObject({ mode: 'auto', paused: false, workerError: null, run: run + 1 });
    expect(state().game).toBe(game);
  });

  it('Pause and Step do nothing in manual play; Resume and Step nothing while play runs', () => {
    begin({ seed: 12, n: 7, k: 3 });
    state().pause();
    state().step();
    expect(state().paused).toBe(false);
    expect(state().game.opened).toEqual(new Int32Array(0));
    state().startAuto();
    state().workerFailed('stopped');
    const { run, game } = state();
    state().resume();
    state().step();
    expect(state()).toMatchObject({ run, paused: false, workerError: 'stopped' });
    expect(state().game).toBe(game);
  });

  it('a batch goes on from the boxes a paused prisoner opened', () => {
    const slips = boardWithFirstWalk(6);
    const walk = slipWalk(slips, 0, 50);
    state().startAuto();
    state().pause();
    state().step();
    state().step();
    state().resume();
    state().applyBatch(walk.slice(2, 5));
    expect(state().game).toMatchObject({
      prisoner: 0,
      guessesLeft: 45,
      status: 'searching',
      opened: Int32Array.from(walk.slice(0, 5)),
    });
  });

  it('a batch of whole walks ends on its last walk: the prisoner, the boxes and the dialog', () => {
    start({ seed: String(failingSeed(1000)), variant: null });
    const { slips } = state();
    const failing = firstFailingPrisoner(slips);
    const walks = Array.from({ length: failing + 1 }, (_, p) => slipWalk(slips, p, 50));
    state().startAuto();
    state().applyBatch(walks.flat());
    expect(state()).toMatchObject({
      dialog: { kind: 'prisoner-failed', prisoner: failing },
      failedPrisoner: failing,
    });
    expect(state().game).toMatchObject({
      prisoner: failing,
      guessesLeft: 0,
      status: 'failed',
      opened: Int32Array.from(walks[failing]!),
    });
  });

  it('follows a batch of random openings over several walks with the draws the player made', () => {
    const board = { n: 7, k: 3, strategy: 'random', variant: 'classic' } as const;
    // A first game in which prisoner 1 goes free and more than k boxes are opened in all.
    let seed = 1;
    while (replayGames(seed, board, 1).openings[0]!.length <= board.k) seed++;
    const replay = replayGames(seed, board, 1);
    begin({ seed, n: 7, k: 3, strategy: 'random' });
    state().setKeepPlaying(true);
    state().startAuto();
    state().applyBatch(replay.openings[0]!);
    const failed = replay.failures[0]!;
    expect(state().tally).toEqual({
      games: 1,
      wins: failed === -1 ? 1 : 0,
      losses: failed === -1 ? 0 : 1,
    });
    expect(state().slips).toEqual(replay.next);
  });

  it('stays in step with the player when a draw is rejected and drawn again', () => {
    // A generator state whose word for prisoner 1's second box is below 256: drawing below 6,
    // Lemire's method rejects it and takes the next word (drawing below 8 it would not). The
    // run's seed is that state rewound over the deal and the first box's draw.
    const target = generatorFromWords(0x1234_5678, (5 - 0x1234_5678 - 1000) | 0, 0, 1000);
    let seed = '';
    for (let c = 1; seed === ''; c++) {
      target.c = c;
      for (let steps = 6; steps <= 9 && seed === ''; steps++) {
        const start = { ...target };
        rewindGenerator(start, steps);
        const candidate = stateSeed(start);
        const rng = createRng(candidate);
        const slips = dealFor('classic', 7, rng).slips;
        const box = rng.nextBelow(7);
        if (stateSeed(rng.generator) === stateSeed(target) && slips[box] !== 0) seed = candidate;
      }
    }
    const board = { n: 7, k: 3, strategy: 'random', variant: 'classic' } as const;
    const replay = replayGames(seed, board, 1);
    expect(replay.openings[0]!.length).toBeGreaterThanOrEqual(2);
    begin({ seed, n: 7, k: 3, strategy: 'random' });
    state().setKeepPlaying(true);
    state().startAuto();
    state().applyBatch(replay.openings[0]!);
    expect(state().tally.games).toBe(1);
    expect(state().slips).toEqual(replay.next);
  });

  it('a paused step counts a series game lost at once without drawing from the generator', () => {
    begin({ seed: 4, n: 7, k: 0, strategy: 'random' });
    state().setKeepPlaying(true);
    state().startAuto();
    state().pause();
    state().step();
    const replay = replayGames(4, { n: 7, k: 0, strategy: 'random', variant: 'classic' }, 1);
    expect(state().tally).toEqual({ games: 1, wins: 0, losses: 1 });
    expect(state().slips).toEqual(replay.next);
  });

  it('refuses a batch that opens a box twice, with a message, and keeps the board', () => {
    begin({ seed: 12, n: 7, k: 3 });
    state().startAuto();
    const { game, slips } = state();
    const wrong = wrongBoxes(slips, 0)[0]!;
    state().applyBatch([wrong, wrong]);
    expect(state().workerError).toBe('The simulation worker opened a box that cannot be opened.');
    expect(state().game).toBe(game);
  });

  it('takes Skip and a game the worker finished in automatic play only, Skip following the slips only', () => {
    begin({ seed: 12, n: 7, k: 3 });
    const { slips, game } = state();
    const end = {
      prisoner: 0,
      opened: Int32Array.from(slipWalk(slips, 0, 3)),
      status: 'failed' as const,
      generator: null,
    };
    state().skipToResult();
    state().finishWith(end);
    expect(state()).toMatchObject({ game, dialog: null, mode: 'manual' });

    begin({ seed: 12, n: 7, k: 3, strategy: 'random' });
    state().startAuto();
    const random = state().game;
    state().skipToResult();
    expect(state()).toMatchObject({ game: random, dialog: null });
  });

  it('a game the worker finished following the slips ends there and leaves the generator alone', () => {
    const seed = seedWhere(7, (slips) => firstFailing(slips, 3) >= 0);
    begin({ seed, n: 7, k: 3 });
    const [first, second] = dealsOf(seed, 7, 2);
    const failing = firstFailing(first!.slips, 3);
    const opened = Int32Array.from(slipWalk(first!.slips, failing, 3));
    state().startAuto();
    state().finishWith({ prisoner: failing, opened, status: 'failed', generator: null });
    expect(state()).toMatchObject({
      dialog: { kind: 'prisoner-failed', prisoner: failing },
      failedPrisoner: failing,
    });
    expect(state().game).toMatchObject({ prisoner: failing, guessesLeft: 0, opened });
    state().confirmDialog();
    expect(state().slips).toEqual(second!.slips);
  });
});
