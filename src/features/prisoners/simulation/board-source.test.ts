// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ThemeState } from '../../../components/theme/theme-store.ts';
import { createBoardSource } from './board-source.ts';
import { usePrisonerStore } from './game-store.ts';
import { useViewSettings } from './view-settings.ts';
import { parseRunAddress } from './address.ts';
import { startRun, studyArrangement } from './run-actions.ts';
import { failingSeed, wrongBoxes } from '../../../testing/arrangements.ts';

/** The page's stores with a fresh run of the classic puzzle, and a source of their own. */
function stores() {
  startRun(parseRunAddress({ seed: '12', variant: null }));
  const [games, views] = [usePrisonerStore, useViewSettings];
  return { games, views, source: createBoardSource(games, views) };
}

describe('the board’s source', () => {
  it('shows the game’s board and the view settings as one view', () => {
    const { games, views, source } = stores();
    const run = games.getState();
    const view = source.getState();
    expect(view).toEqual({
      slips: run.slips,
      route: run.route,
      cycles: run.cycles,
      labels: null,
      game: run.game,
      helperTurn: false,
      picked: null,
      showCycles: false,
      rings: false,
      zoom: { scale: 1, x: 0.5, y: 0.5 },
      theme: 'light',
      interactive: true,
    });
    expect(view.slips).toBe(run.slips);
    // The same object until either store changes.
    expect(source.getState()).toBe(view);
    views.setState({ rings: true });
    const ringed = source.getState();
    expect(ringed).not.toBe(view);
    expect(ringed).toMatchObject({ rings: true, slips: run.slips });
    games.setState({ picked: 4 });
    expect(source.getState()).toMatchObject({ picked: 4, rings: true });
    // The state before the address was read: the stores' first, dealt from generator 0.
    expect(source.getInitialState()).toMatchObject({
      slips: usePrisonerStore.getInitialState().slips,
      rings: false,
      interactive: true,
    });
  });

  it('opens boxes only in manual play with no dialog and no board being studied', () => {
    const { games, source } = stores();
    expect(source.getState().interactive).toBe(true);
    games.setState({ mode: 'auto' });
    expect(source.getState().interactive).toBe(false);
    games.setState({ mode: 'manual', dialog: { kind: 'all-succeeded' } });
    expect(source.getState().interactive).toBe(false);
    // Studied: a failed game on the board in manual play, with no dialog.
    const failed = { ...games.getState().game, status: 'failed' as const };
    games.setState({ dialog: null, game: failed });
    expect(source.getState().interactive).toBe(false);
  });

  it('tells its listeners of a change in either store, until they unsubscribe', () => {
    const { games, views, source } = stores();
    let calls = 0;
    const stop = source.subscribe(() => calls++);
    games.setState({ picked: 1 });
    views.setState({ showCycles: true });
    expect(calls).toBe(2);
    stop();
    games.setState({ picked: 2 });
    views.setState({ showCycles: false });
    expect(calls).toBe(2);
  });

  it('shows the site’s theme, and tells its listeners when it changes', () => {
    const { games, views } = stores();
    const themes = createStore<ThemeState>()(() => ({
      choice: 'system',
      systemDark: false,
      theme: 'light',
    }));
    const source = createBoardSource(games, views, themes);
    const light = source.getState();
    expect(light.theme).toBe('light');
    let calls = 0;
    source.subscribe(() => calls++);
    themes.setState({ choice: 'dark', theme: 'dark' });
    expect(calls).toBe(1);
    expect(source.getState()).not.toBe(light);
    expect(source.getState()).toMatchObject({ theme: 'dark', slips: light.slips });
    // What was pre-rendered stays light, whatever the visitor chose.
    expect(source.getInitialState().theme).toBe('light');
  });

  it('hands what the visitor does to the store it belongs to', () => {
    const { games, views, source } = stores();
    const slips = games.getState().slips;
    const wrong = wrongBoxes(slips, 0)[0]!;
    source.openBox(wrong);
    expect(Array.from(source.getState().game.opened)).toEqual([wrong]);
    source.setZoom({ scale: 2, x: 0.25, y: 0.75 });
    expect(views.getState().zoom).toEqual({ scale: 2, x: 0.25, y: 0.75 });
    // Picking is for the helper's turn, which the classic puzzle does not have.
    source.pickForSwap(3);
    expect(games.getState().picked).toBeNull();
    games.setState({ helperTurn: true });
    source.pickForSwap(3);
    expect(games.getState().picked).toBe(3);
  });
});

describe('the page’s board', () => {
  it('follows the page’s stores through a new run and a studied board', async () => {
    const { boardSource } = await import('./board-source.ts');
    startRun(parseRunAddress({ seed: '12', variant: 'helper', n: '7', k: '3' }));
    expect(boardSource.getState()).toMatchObject({
      slips: usePrisonerStore.getState().slips,
      helperTurn: true,
      showCycles: true,
      rings: true,
      interactive: true,
    });
    startRun(parseRunAddress({ seed: String(failingSeed(1000)), variant: null }));
    expect(boardSource.getState()).toMatchObject({ showCycles: false, rings: false });
    usePrisonerStore.getState().startAuto();
    usePrisonerStore.getState().skipToResult();
    studyArrangement();
    expect(boardSource.getState()).toMatchObject({
      showCycles: true,
      rings: true,
      interactive: false,
    });
    expect(boardSource.getState().game.status).toBe('failed');
  });
});
