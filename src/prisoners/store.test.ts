import { beforeEach, describe, expect, it } from 'vitest';
import { isStudying, playOptions, usePrisonerStore } from './store.ts';
import { dealFor, swapSlips } from './engine/variants.ts';
import { createRng } from './engine/rng.ts';
import { createGameWorkerApi } from './simulation/game-worker-api.ts';
import { PRISONER_COUNT, GUESS_LIMIT, SPEED_INITIAL, SPEED_MAX } from './engine/constants.ts';
import { strategyPath } from './engine/game.ts';
import {
  arrangements,
  cycleLengthOfBox,
  findSeed,
  firstFailingPrisoner,
  replayGames,
} from '../testing/arrangements.ts';

const store = usePrisonerStore;
const SEED = 20_240_601;

/** A seed whose first arrangement fails with the strategy after prisoner 1 goes free. */
const failingSeed = (from: number) => findSeed(from, (slips) => firstFailingPrisoner(slips) > 0);

beforeEach(() => store.getState().initialise({ seed: String(SEED), variant: null }));

describe('seed parameter', () => {
  it('makes the first arrangement and every reshuffle reproducible', () => {
    const [first, second, third] = arrangements(SEED, 3);
    expect(store.getState().slips).toEqual(first);
    store.getState().reset();
    expect(store.getState().slips).toEqual(second);
    store.getState().reset();
    expect(store.getState().slips).toEqual(third);
  });
});

describe('manual play', () => {
  it('a wrong box costs a guess and cannot be opened twice', () => {
    const { slips } = store.getState();
    const wrong = slips.findIndex((slip, box) => slip !== 0 && box !== 0);
    store.getState().openManually(wrong);
    store.getState().openManually(wrong);
    expect(store.getState().game).toMatchObject({
      guessesLeft: GUESS_LIMIT - 1,
      opened: Int32Array.of(wrong),
    });
    expect(store.getState().dialog).toBeNull();
  });

  it('finding the own slip shows the success dialog; OK brings the next prisoner', () => {
    const own = store.getState().slips.indexOf(0);
    store.getState().openManually(own);
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-succeeded', prisoner: 0 });
    store.getState().openManually((own + 1) % PRISONER_COUNT); // ignored while the dialog is open
    expect(store.getState().game.opened).toEqual(Int32Array.of(own));
    store.getState().confirmDialog();
    expect(store.getState().game).toMatchObject({
      prisoner: 1,
      guesses: GUESS_LIMIT,
      guessesLeft: GUESS_LIMIT,
      opened: new Int32Array(0),
      status: 'searching',
    });
  });

  it('the 50th wrong box fails; OK resets to prisoner 1 with reshuffled slips', () => {
    const { slips } = store.getState();
    const wrongBoxes = [...slips.keys()].filter((box) => slips[box] !== 0).slice(0, GUESS_LIMIT);
    for (const box of wrongBoxes) store.getState().openManually(box);
    expect(store.getState().game.guessesLeft).toBe(0);
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
    expect(store.getState().failedPrisoner).toBe(0);
    store.getState().confirmDialog();
    const after = store.getState();
    expect(after.game).toMatchObject({
      prisoner: 0,
      guessesLeft: GUESS_LIMIT,
      opened: new Int32Array(0),
    });
    expect(after.slips).not.toEqual(slips);
    expect(after.failedPrisoner).toBe(0);
  });
});

describe('automatic play', () => {
  it('applies batches only in automatic play and ends on the first failing prisoner', () => {
    const seed = failingSeed(1000);
    store.getState().initialise({ seed: String(seed), variant: null });
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

describe('variants', () => {
  it('a new deal after a failure forgets the helper’s exchange', () => {
    // A seed whose first deal, with the slips of boxes 0 and 1 exchanged, still fails.
    const seed = findSeed(1, (slips) => firstFailingPrisoner(swapSlips(slips, 0, 1)) >= 0);
    store.getState().initialise({ seed: String(seed), variant: 'helper' });
    store.getState().pickForSwap(0);
    store.getState().pickForSwap(1);
    expect(store.getState().swap).toEqual([0, 1]);
    store.getState().startAuto();
    store.getState().skipToResult();
    expect(store.getState().dialog?.kind).toBe('prisoner-failed');
    store.getState().confirmDialog();
    const after = store.getState();
    expect(after).toMatchObject({ swap: null, picked: null, helperTurn: true });
    expect(after.slips).toBe(after.dealt);
  });

  it('studies a failed board until Reset: no box opens, and the board stays', () => {
    const seed = failingSeed(1000);
    store.getState().initialise({ seed: String(seed), variant: null });
    const { slips } = store.getState();
    store.getState().startAuto();
    store.getState().skipToResult();
    store.getState().studyArrangement();
    expect(isStudying(store.getState())).toBe(true);
    expect(store.getState()).toMatchObject({ mode: 'manual', dialog: null, rings: true });
    const game = store.getState().game;
    store.getState().openManually(slips.indexOf(0));
    expect(store.getState().game).toBe(game);
    expect(store.getState().slips).toBe(slips);
    store.getState().reset();
    expect(isStudying(store.getState())).toBe(false);
  });

  it('the secret relabelling is on exactly while the labels are in use', () => {
    store.getState().initialise({ seed: String(SEED), variant: 'warden' });
    const { secret, slips } = store.getState();
    expect(store.getState().labels).toBeNull();
    store.getState().toggleRelabelling();
    expect(store.getState().labels).toBe(secret);
    expect(store.getState().slips).toBe(slips);
    store.getState().reset();
    expect(store.getState().labels).toBe(store.getState().secret);
    store.getState().toggleRelabelling();
    expect(store.getState().labels).toBeNull();
  });
});

describe('settings', () => {
  it('clamps the speed and toggles cycles', () => {
    expect(store.getState().speed).toBe(SPEED_INITIAL);
    store.getState().setSpeed(5000);
    expect(store.getState().speed).toBe(SPEED_MAX);
    store.getState().toggleCycles();
    expect(store.getState().showCycles).toBe(true);
  });
});

/** The tally of `games` random-strategy games from a seed, and the deal after them. */
function replayRandomSeries(seed: number, n: number, k: number, games: number) {
  const { failures, next } = replayGames(
    seed,
    { n, k, strategy: 'random', variant: 'classic' },
    games,
  );
  const wins = failures.filter((failed) => failed === -1).length;
  return { wins, losses: games - wins, next };
}

/** Automatic play in this thread through the game worker's own code, until `done`. */
async function playInWorkerCode(done: () => boolean) {
  const api = createGameWorkerApi();
  while (!done()) {
    const state = store.getState();
    await api.play(
      state.slips,
      state.game.prisoner,
      0,
      (boxes) => store.getState().applyBatch(boxes),
      state.labels,
      playOptions(state),
    );
  }
}

describe('any size, either strategy', () => {
  it('reads n, k and the strategy from the address; k follows n until it is named', () => {
    store.getState().initialise({ seed: '7', variant: null, n: '1000', strategy: 'random' });
    expect(store.getState().board).toEqual({ n: 1000, k: 500, strategy: 'random', kSet: false });
    expect(store.getState().slips).toEqual(dealFor('classic', 1000, createRng(7)).slips);
    expect(store.getState().game).toMatchObject({ guesses: 500, guessesLeft: 500 });
    store.getState().initialise({ seed: '7', variant: null, n: '7', k: '3' });
    expect(store.getState().board).toEqual({ n: 7, k: 3, strategy: 'cycle', kSet: true });
    expect(store.getState().notices).toEqual([]);
  });

  it('plays the default on arrival when the address is wrong, and says which field and range', () => {
    store
      .getState()
      .initialise({ seed: '7', variant: null, n: '20000', k: '-1', strategy: 'nope' });
    expect(store.getState().board).toEqual({ n: 100, k: 50, strategy: 'cycle', kSet: false });
    expect(store.getState().slips.length).toBe(100);
    expect(store.getState().notices).toEqual([
      'Prisoners must be a whole number from 1 to 10,000. “20000” is not; this game has 100 prisoners.',
      'Guesses per prisoner must be a whole number from 0 to 100, the number of prisoners. “-1” is not; this game gives each prisoner 50.',
      'Strategy must be cycle (Follow the slips) or random (Open at random). “nope” is not; this game follows the slips.',
    ]);
    store.getState().initialise({ seed: '7', variant: null, n: '500', k: '600' });
    expect(store.getState().board).toEqual({ n: 500, k: 250, strategy: 'cycle', kSet: false });
  });

  it('keeps playing: counts every game, deals the next from the same generator, no dialog', async () => {
    const [n, k, games] = [5, 4, 12];
    store
      .getState()
      .initialise({ seed: '11', variant: null, n: String(n), k: String(k), strategy: 'random' });
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
    store
      .getState()
      .initialise({ seed: '3', variant: null, n: String(n), k: String(k), strategy: 'random' });
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
      playOptions(state),
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
    store.getState().initialise({ seed: '5', variant: 'helper', n: '40', k: '20' });
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
      store.getState().initialise({ seed: '4', variant: null, n: String(n), k: '0' });
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
      store.getState().initialise({ seed: '9', variant: null, n: String(n), k: String(k) });
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
    store.getState().initialise({ seed: '4', variant: null, n: '7', k: '0' });
    store.getState().setKeepPlaying(false);
    store.getState().startAuto();
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
    store.getState().pause();
    expect(store.getState().paused).toBe(false);
  });

  it('ends a series game with the dialog once Keep playing is off', () => {
    store.getState().initialise({ seed: String(failingSeed(1000)), variant: null });
    store.getState().setKeepPlaying(false);
    store.getState().startAuto();
    store.getState().skipToResult();
    expect(store.getState().dialog?.kind).toBe('prisoner-failed');
    expect(store.getState().tally.games).toBe(0);
  });
});
