import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { parseRunAddress, type AddressTexts } from './address.ts';
import { usePrisonerStore } from './game-store.ts';
import { startRun } from './run-actions.ts';
import { useViewFields, useViewSettings } from './view-settings.ts';
import { SPEED_INITIAL, SPEED_MAX } from '../engine/constants.ts';

/** How the visitor watches the board: speed, cycles, rings and zoom. */

const store = usePrisonerStore;
const view = () => useViewSettings.getState();
const SEED = 20_240_601;

/** Starts the run an address describes, as the page does. */
const start = (address: AddressTexts) => startRun(parseRunAddress(address));

beforeEach(() => {
  // Keep playing is the visitor's and outlives a new game: every test starts with it off.
  store.getState().setKeepPlaying(false);
  start({ seed: String(SEED), variant: null });
});

describe('settings', () => {
  it('clamps the speed and toggles cycles', () => {
    expect(view().speed).toBe(SPEED_INITIAL);
    view().setSpeed(5000);
    expect(view().speed).toBe(SPEED_MAX);
    view().toggleCycles();
    expect(view().showCycles).toBe(true);
  });
});

describe('settings, more', () => {
  it('toggles the rings, sets the zoom, and a new game shows the whole board', () => {
    view().toggleRings();
    expect(view().rings).toBe(true);
    view().toggleRings();
    expect(view().rings).toBe(false);
    view().setZoom({ scale: 2.25, x: 0.3, y: 0.7 });
    expect(view().zoom).toEqual({ scale: 2.25, x: 0.3, y: 0.7 });
    start({ seed: '1', variant: null });
    expect(view().zoom).toEqual({ scale: 1, x: 0.5, y: 0.5 });
  });

  it('names only the fields asked for, and re-renders only when one of them changes', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useViewFields('rings', 'zoom');
    });
    expect(result.current).toEqual({ rings: false, zoom: { scale: 1, x: 0.5, y: 0.5 } });
    act(() => view().toggleCycles());
    expect(renders).toBe(1);
    act(() => view().toggleRings());
    expect(result.current).toEqual({ rings: true, zoom: { scale: 1, x: 0.5, y: 0.5 } });
    expect(renders).toBe(2);
  });
});

describe('a new run', () => {
  it('keeps the speed within the slider of the board, which reaches further past 100 boxes', () => {
    view().setSpeed(SPEED_INITIAL);
    view().startRun(1000, 'classic');
    expect(view()).toMatchObject({ speed: SPEED_INITIAL, speedMax: 2000 });
    view().setSpeed(5000);
    expect(view().speed).toBe(2000);
    view().setSpeed(3.4);
    expect(view().speed).toBe(10);
    view().setSpeed(1234.5);
    expect(view().speed).toBe(1235);
    view().startRun(100, 'classic');
    expect(view()).toMatchObject({ speed: 1000, speedMax: SPEED_MAX });
  });

  it('shows the cycles in rings for the helper, the grid otherwise, and the whole board', () => {
    view().setZoom({ scale: 3, x: 0.2, y: 0.2 });
    view().startRun(7, 'helper');
    expect(view()).toMatchObject({
      showCycles: true,
      rings: true,
      zoom: { scale: 1, x: 0.5, y: 0.5 },
    });
    view().startRun(7, 'warden');
    expect(view()).toMatchObject({ showCycles: false, rings: false });
    view().showCycleRings();
    expect(view()).toMatchObject({ showCycles: true, rings: true });
  });
});
