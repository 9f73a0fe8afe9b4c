import type { StoreApi } from 'zustand';
import type { BoardSource, BoardView } from '../grid/board-source.ts';
import { isStudying, type RunState } from './game-state.ts';
import { usePrisonerStore, type PrisonerState } from './game-store.ts';
import { useViewSettings, type ViewSettings, type ViewSettingsState } from './view-settings.ts';

/** What the board shows of a run and of the view settings. */
export function boardViewOf(run: RunState, view: ViewSettings): BoardView {
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
    interactive: run.mode === 'manual' && !run.dialog && !isStudying(run),
  };
}

/**
 * The board's source built on the game store and the view settings. The board reads both as one
 * view, the same object until either store changes (as React and the scene's transient reads
 * expect); what the visitor does on it goes to the store it belongs to.
 */
export function createBoardSource(
  games: StoreApi<PrisonerState>,
  views: StoreApi<ViewSettingsState>,
): BoardSource {
  let shown: { run: RunState; view: ViewSettings; board: BoardView } | null = null;
  const initial = boardViewOf(games.getInitialState(), views.getInitialState());
  return {
    getState() {
      const run = games.getState();
      const view = views.getState();
      if (shown?.run !== run || shown.view !== view) {
        shown = { run, view, board: boardViewOf(run, view) };
      }
      return shown.board;
    },
    getInitialState: () => initial,
    subscribe(listener) {
      const stopGames = games.subscribe(() => listener());
      const stopViews = views.subscribe(() => listener());
      return () => {
        stopGames();
        stopViews();
      };
    },
    openBox: (box) => games.getState().openManually(box),
    pickForSwap: (box) => games.getState().pickForSwap(box),
    setZoom: (zoom) => views.getState().setZoom(zoom),
  };
}

/** The simulation's board source: the page's one game and view settings. */
export const boardSource = createBoardSource(usePrisonerStore, useViewSettings);
