import { beforeEach, describe, expect, it } from 'vitest';
import { isStudying, usePrisonerStore } from './store.ts';
import { swapSlips } from './engine/variants.ts';
import { PRISONER_COUNT, GUESS_LIMIT, SPEED_INITIAL, SPEED_MAX } from './engine/constants.ts';
import { strategyPath } from './engine/game.ts';
import { arrangements, findSeed, firstFailingPrisoner } from '../testing/arrangements.ts';

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
