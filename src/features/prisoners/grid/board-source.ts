import { useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BoardZoom } from './board-zoom.ts';
import type { GridView, GridViewSource } from './grid-view.ts';

/** What the board shows: the scene's view, and whether a box chosen now opens. */
export interface BoardView extends GridView {
  /** A chosen box opens: manual play, no dialog, and no failed board kept to be studied. */
  interactive: boolean;
}

/**
 * The board's one way in and out. It reads the state it shows (in React, or transiently per
 * frame with getState and subscribe) and tells the source what the visitor did on it. Whoever
 * renders the board hands one in, so the board knows nothing of the stores behind it.
 */
export interface BoardSource extends GridViewSource {
  getState(): BoardView;
  /** The state before the page has read its address: what pre-rendered HTML shows. */
  getInitialState(): BoardView;
  /** Manual play: the current prisoner opens `box`. */
  openBox(box: number): void;
  /** The helper's turn: picks `box` for an exchange, or exchanges it with the one picked. */
  pickForSwap(box: number): void;
  setZoom(zoom: BoardZoom): void;
}

/** A value of the board's state for a component, which re-renders when the value changes. */
export function useBoardState<Selected>(
  source: BoardSource,
  select: (view: BoardView) => Selected,
): Selected {
  return useSyncExternalStore(
    source.subscribe,
    () => select(source.getState()),
    () => select(source.getInitialState()),
  );
}

/** Several fields at once: the component re-renders only when one of them changes. */
export function useBoardFields<Key extends keyof BoardView>(
  source: BoardSource,
  ...keys: Key[]
): Pick<BoardView, Key> {
  return useBoardState(
    source,
    useShallow((view) => {
      const fields = {} as Pick<BoardView, Key>;
      for (const key of keys) fields[key] = view[key];
      return fields;
    }),
  );
}
