import type { StoreApi } from 'zustand';
import type { Theme } from '../../../components/theme/theme-choice.ts';
import { themeStore, type ThemeState } from '../../../components/theme/theme-store.ts';
import type { BoardSource, BoardView } from '../grid/board-source.ts';
import { isStudying, type RunState } from './game-state.ts';
import { usePrisonerStore, type PrisonerState } from './game-store.ts';
import { useViewSettings, type ViewSettings, type ViewSettingsState } from './view-settings.ts';

/** What the board shows of a run and of the view settings, in the site's theme. */
export function boardViewOf(run: RunState, view: ViewSettings, theme: Theme): BoardView {
  return {
    slips: run.slips,
    route: run.route,
    cycles: run.cycles,
    labels: run.labels,
    game: run.game,
    helperTurn: run.helperTurn,
    picked: run.picked,
    showCycles: view.showCycles,
    rings: view.rings,
    zoom: view.zoom,
    theme,
    interactive: run.mode === 'manual' && !run.dialog && !isStudying(run),
  };
}

/**
 * The board's source built on the game store, the view settings and the site's theme. The board
 * reads them as one view, the same object until one of them changes (as React and the scene's
 * transient reads expect); what the visitor does on it goes to the store it belongs to.
 */
export function createBoardSource(
  games: StoreApi<PrisonerState>,
  views: StoreApi<ViewSettingsState>,
  themes: Pick<StoreApi<ThemeState>, 'getState' | 'subscribe'> = themeStore,
): BoardSource {
  let shown: { run: RunState; view: ViewSettings; theme: Theme; board: BoardView } | null = null;
  // Pre-rendered pages are light: the board's first render in the browser must match them.
  const initial = boardViewOf(games.getInitialState(), views.getInitialState(), 'light');
  return {
    getState() {
      const run = games.getState();
      const view = views.getState();
      const { theme } = themes.getState();
      if (shown?.run !== run || shown.view !== view || shown.theme !== theme) {
        shown = { run, view, theme, board: boardViewOf(run, view, theme) };
      }
      return shown.board;
    },
    getInitialState: () => initial,
    subscribe(listener) {
      const stops = [games, views, themes].map((store) => store.subscribe(() => listener()));
      return () => {
        for (const stop of stops) stop();
      };
    },
    openBox: (box) => games.getState().openManually(box),
    pickForSwap: (box) => games.getState().pickForSwap(box),
    setZoom: (zoom) => views.getState().setZoom(zoom),
  };
}

/** The simulation's board source: the page's one game and view settings. */
export const boardSource = createBoardSource(usePrisonerStore, useViewSettings);
