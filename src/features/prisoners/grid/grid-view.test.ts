// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cycleStructure } from '../engine/cycles.ts';
import { initialGame } from '../engine/game.ts';
import { WHOLE_BOARD } from './board-zoom.ts';
import { changedFields, gridViewFields, type GridView } from './grid-view.ts';

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
