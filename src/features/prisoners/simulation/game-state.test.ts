// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { parseRunAddress, type AddressTexts } from './address.ts';
import { usePrisonerStore } from './game-store.ts';
import { canGoOn, isStudying, playOptions } from './game-state.ts';
import { startRun } from './run-actions.ts';
import { useViewSettings } from './view-settings.ts';
import { dealFor } from '../engine/variants.ts';
import { createRng, stateSeed } from '../engine/rng.ts';
import { cycleLengthOfBox, seedWhere } from '../../../testing/arrangements.ts';
import type { Variant } from '../engine/types.ts';

/**
 * What the page reads of the game's state: the game worker's options, whether play goes on, and
 * a board kept to be studied.
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

describe('what the page reads from the store', () => {
  it('playOptions: the game worker’s options, the boxes opened sent as a copy of their own', () => {
    const seed = seedWhere(100, (slips) => cycleLengthOfBox(slips)[0]! >= 3);
    start({ seed: String(seed), variant: null });
    const { slips } = state();
    state().startAuto();
    state().pause();
    state().step();
    state().step();
    const options = playOptions(state(), view().speed);
    expect(options).toEqual({
      guesses: 50,
      strategy: 'cycle',
      generator: undefined,
      opened: Int32Array.of(0, slips[0]!),
      minBatch: 1,
    });
    // A view would carry its whole buffer to the worker.
    expect(options.opened!.buffer.byteLength).toBe(2 * Int32Array.BYTES_PER_ELEMENT);

    begin({ seed: 3, n: 9, k: 5, strategy: 'random' });
    const rng = createRng(3);
    dealFor('classic', 9, rng);
    expect(playOptions(state(), view().speed)).toEqual({
      guesses: 5,
      strategy: 'random',
      generator: stateSeed(rng.generator),
      opened: new Int32Array(0),
      minBatch: 1,
    });
  });

  it('canGoOn: automatic play with a game under way, or a series game lost at once, and no dialog', () => {
    const goesOn = () => canGoOn(state());
    begin({ seed: 12, n: 7, k: 7 });
    expect(goesOn()).toBe(false); // manual play
    state().startAuto();
    expect(goesOn()).toBe(true);
    state().skipToResult();
    expect(state().dialog).toEqual({ kind: 'all-succeeded' });
    expect(goesOn()).toBe(false);
    state().confirmDialog();
    expect(goesOn()).toBe(false); // the won game stays on the board
    state().setKeepPlaying(true);
    expect(goesOn()).toBe(false);
    state().pause();
    expect(state().paused).toBe(false);

    begin({ seed: 12, n: 7, k: 0 });
    state().startAuto(); // Keep playing on: the loss is the worker's to report
    expect(state()).toMatchObject({ mode: 'auto', dialog: null });
    expect(goesOn()).toBe(true);
    state().setKeepPlaying(false);
    expect(goesOn()).toBe(false);
    state().applyBatch([]);
    expect(state().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
    state().setKeepPlaying(true);
    expect(goesOn()).toBe(false); // the dialog is answered first
  });

  it('isStudying: never during automatic play, even on a series game lost at once', () => {
    begin({ seed: 12, n: 7, k: 0 });
    state().setKeepPlaying(true);
    state().startAuto();
    expect(state()).toMatchObject({ mode: 'auto', dialog: null });
    expect(state().game.status).toBe('failed');
    expect(isStudying(state())).toBe(false);
  });
});
