import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createStore } from 'zustand/vanilla';
import { cycleStructure } from '../engine/cycles.ts';
import { initialGame } from '../engine/game.ts';
import { WHOLE_BOARD } from './board-zoom.ts';
import { useBoardFields, useBoardState, type BoardSource, type BoardView } from './board-source.ts';

/** A board of three boxes in one cycle, before anything is opened. */
function firstView(): BoardView {
  const slips = Int32Array.of(1, 2, 0);
  return {
    slips,
    route: slips,
    cycles: cycleStructure(slips, 2),
    labels: null,
    game: initialGame(2),
    showCycles: false,
    rings: false,
    helperTurn: false,
    picked: null,
    zoom: WHOLE_BOARD,
    theme: 'light',
    interactive: true,
  };
}

/** A source over a store of its own, as a test needs one. */
function sourceOf(initial: BoardView) {
  const store = createStore<BoardView>()(() => initial);
  const source: BoardSource = {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    openBox: () => {},
    pickForSwap: () => {},
    setZoom: (zoom) => store.setState({ zoom }),
  };
  return { store, source };
}

describe('reading the board’s source in React', () => {
  it('re-renders for the fields asked for, and only for them', () => {
    const { store, source } = sourceOf(firstView());
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useBoardFields(source, 'rings', 'zoom');
    });
    expect(result.current).toEqual({ rings: false, zoom: WHOLE_BOARD });
    act(() => store.setState({ showCycles: true }));
    expect(renders).toBe(1);
    act(() => source.setZoom({ scale: 2, x: 0.25, y: 0.25 }));
    expect(result.current).toEqual({ rings: false, zoom: { scale: 2, x: 0.25, y: 0.25 } });
    expect(renders).toBe(2);
  });

  it('shows the state before the address was read when rendered ahead of time', () => {
    const { store, source } = sourceOf(firstView());
    store.setState({ rings: true });
    function Rings() {
      return <p>{useBoardState(source, (view) => (view.rings ? 'rings' : 'grid'))}</p>;
    }
    expect(renderToString(<Rings />)).toBe('<p>grid</p>');
    const { result } = renderHook(() => useBoardState(source, (view) => view.rings));
    expect(result.current).toBe(true);
  });
});
