// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calloutsFor } from './box-callouts.tsx';

describe('labels for boxes too small to read', () => {
  // slips[box] = box + 10: the slip in box b reads b + 11 on screen.
  const slips = Int32Array.from({ length: 50 }, (_, box) => box + 10);

  it('names the box just opened with its slip, the four opened before it, and the focused box', () => {
    const opened = Int32Array.from([3, 13, 23, 33, 43, 7]);
    expect(calloutsFor(opened, slips, 40, null)).toEqual([
      { box: 13, text: '14', kind: 'opened' },
      { box: 23, text: '24', kind: 'opened' },
      { box: 33, text: '34', kind: 'opened' },
      { box: 43, text: '44', kind: 'opened' },
      { box: 7, text: '8 → 18', kind: 'current', risen: true },
      { box: 40, text: '41', kind: 'focused' },
    ]);
  });

  it('keeps one label per box: the focused box keeps the text it has', () => {
    expect(calloutsFor(Int32Array.from([5]), slips, 5, null)).toEqual([
      { box: 5, text: '6 → 16', kind: 'focused', risen: true },
    ]);
    expect(calloutsFor(new Int32Array(0), slips, null, null)).toEqual([]);
  });

  it('uses the prisoners’ secret names under the relabelling', () => {
    const names = Int32Array.from({ length: 50 }, (_, box) => 49 - box);
    expect(calloutsFor(Int32Array.from([0]), slips, 1, names)).toEqual([
      { box: 0, text: '50 → 11', kind: 'current', risen: true },
      { box: 1, text: '49', kind: 'focused' },
    ]);
  });
});
