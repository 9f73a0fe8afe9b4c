// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { parseRunAddress, type AddressTexts } from './address.ts';
import { usePrisonerStore } from './game-store.ts';
import { isStudying } from './game-state.ts';
import { startRun, studyArrangement } from './run-actions.ts';
import { useViewSettings } from './view-settings.ts';
import { dealFor } from '../engine/variants.ts';
import { createRng } from '../engine/rng.ts';
import { failingSeed } from '../../../testing/arrangements.ts';
import type { Variant } from '../engine/types.ts';

/**
 * What changes the game and the view settings together: a new run from the address, and a
 * failed board kept to be studied.
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

/** The game's state and the view settings side by side. */
const both = () => ({ ...state(), ...view() });

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

describe('any size, either strategy', () => {
  it('reads n, k and the strategy from the address; k follows n until it is named', () => {
    start({ seed: '7', variant: null, n: '1000', strategy: 'random' });
    expect(store.getState().board).toEqual({ n: 1000, k: 500, strategy: 'random', kSet: false });
    expect(store.getState().slips).toEqual(dealFor('classic', 1000, createRng(7)).slips);
    expect(store.getState().game).toMatchObject({ guesses: 500, guessesLeft: 500 });
    start({ seed: '7', variant: null, n: '7', k: '3' });
    expect(store.getState().board).toEqual({ n: 7, k: 3, strategy: 'cycle', kSet: true });
    expect(store.getState().notices).toEqual([]);
  });

  it('plays the default on arrival when the address is wrong, and says which field and range', () => {
    start({ seed: '7', variant: null, n: '20000', k: '-1', strategy: 'nope' });
    expect(store.getState().board).toEqual({ n: 100, k: 50, strategy: 'cycle', kSet: false });
    expect(store.getState().slips.length).toBe(100);
    expect(store.getState().notices).toEqual([
      'Prisoners must be a whole number from 1 to 10,000. “20000” is not; this game has 100 prisoners.',
      'Guesses per prisoner must be a whole number from 0 to 100, the number of prisoners. “-1” is not; this game gives each prisoner 50.',
      'Strategy must be cycle (Follow the slips) or random (Open at random). “nope” is not; this game follows the slips.',
    ]);
    start({ seed: '7', variant: null, n: '500', k: '600' });
    expect(store.getState().board).toEqual({ n: 500, k: 250, strategy: 'cycle', kSet: false });
  });
});

describe('variants', () => {
  it('studies a failed board until Reset: no box opens, and the board stays', () => {
    const seed = failingSeed(1000);
    start({ seed: String(seed), variant: null });
    const { slips } = store.getState();
    store.getState().startAuto();
    store.getState().skipToResult();
    studyArrangement();
    expect(isStudying(store.getState())).toBe(true);
    expect(both()).toMatchObject({
      mode: 'manual',
      dialog: null,
      showCycles: true,
      rings: true,
    });
    const game = store.getState().game;
    store.getState().openManually(slips.indexOf(0));
    expect(store.getState().game).toBe(game);
    expect(store.getState().slips).toBe(slips);
    // The failure is not announced again.
    expect(store.getState().dialog).toBeNull();
    store.getState().reset();
    expect(isStudying(store.getState())).toBe(false);
  });
});

describe('the helper’s turn', () => {
  const helper = () => begin({ seed: 12, variant: 'helper', n: 7, k: 3 });

  it('shows every slip and the rings in the helper variant, neither in the others', () => {
    helper();
    expect(both()).toMatchObject({
      helperTurn: true,
      showCycles: true,
      rings: true,
      swap: null,
      picked: null,
    });
    for (const variant of ['classic', 'warden'] as const) {
      begin({ seed: 12, variant, n: 7, k: 3 });
      expect(both()).toMatchObject({ helperTurn: false, showCycles: false, rings: false });
    }
  });
});
