// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleStructure } from '../engine/cycles.ts';
import { initialGame } from '../engine/game.ts';
import { fakeFrames } from '../../../testing/fake-frames.ts';
import { WHOLE_BOARD } from './board-zoom.ts';
import {
  changedFields,
  gridViewFields,
  sendChangesPerFrame,
  type GridView,
  type GridViewSource,
} from './grid-view.ts';

function view(): GridView {
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
  };
}

describe('the fields a render worker is sent', () => {
  it('are every field of the view but the cycles, the theme among them', () => {
    const { cycles, ...fields } = view();
    expect(cycles.cycles).toHaveLength(1);
    expect(gridViewFields(view())).toEqual(fields);
    expect(Object.keys(gridViewFields(view())).sort()).toEqual([
      'game',
      'helperTurn',
      'labels',
      'picked',
      'rings',
      'route',
      'showCycles',
      'slips',
      'theme',
      'zoom',
    ]);
  });

  it('after a change are only those that changed: a new theme alone', () => {
    const light = view();
    expect(changedFields({ ...light, theme: 'dark' }, light)).toEqual({ theme: 'dark' });
    expect(changedFields({ ...light }, light)).toBeNull();
  });
});

/** A source whose state the test sets, and frames that come when the test says. */
function harness(first: GridView) {
  let state = first;
  const listeners = new Set<() => void>();
  const source: GridViewSource = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const { frames, at, asked } = fakeFrames();
  return {
    source,
    frames,
    listeners,
    set(next: GridView) {
      state = next;
      for (const listener of listeners) listener();
    },
    frame: () => at(0),
    asked,
  };
}

describe('the changes a render worker is sent per frame', () => {
  it('are one send per frame, of the fields as they are when the frame comes', () => {
    const start = view();
    const board = harness(start);
    const sent: unknown[] = [];
    sendChangesPerFrame(board.source, (changes) => sent.push(changes), board.frames);
    const dark = { ...start, theme: 'dark' as const, showCycles: true };
    board.set({ ...start, theme: 'dark' });
    board.set(dark);
    // Two changes in one task ask for one frame, and nothing is sent before it.
    expect(board.asked()).toBe(1);
    expect(sent).toEqual([]);
    board.frame();
    expect(sent).toEqual([{ theme: 'dark', showCycles: true }]);
    // The next change is compared with what was sent, not with the first state.
    board.set({ ...dark, rings: true });
    board.frame();
    expect(sent).toEqual([{ theme: 'dark', showCycles: true }, { rings: true }]);
  });

  it('send nothing for changes undone before the frame, and nothing once stopped', () => {
    const start = view();
    const board = harness(start);
    const sent: unknown[] = [];
    const stop = sendChangesPerFrame(board.source, (changes) => sent.push(changes), board.frames);
    board.set({ ...start, rings: true });
    board.set(start);
    board.frame();
    expect(sent).toEqual([]);
    board.set({ ...start, rings: true });
    stop();
    // The frame asked for is cancelled, and the source is no longer listened to.
    expect(board.asked()).toBe(0);
    expect(board.listeners.size).toBe(0);
    board.frame();
    expect(sent).toEqual([]);
  });
});
