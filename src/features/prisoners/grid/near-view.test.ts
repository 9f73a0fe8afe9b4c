// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { boxesNear, nearViewRect } from './near-view.ts';
import { gridLayout } from './layout.ts';
import { gridPlacements } from './ring-layout.ts';

describe('near the view', () => {
  it('is the table the camera shows, widened by the margin', () => {
    const grid = gridLayout(100);
    // The whole board: the table, plus the margin.
    const whole = nearViewRect(grid, { scale: 1, x: 0.5, y: 0.5 }, 3);
    expect(whole.right - whole.left).toBeCloseTo(
      grid.tableWidth / (grid.overlay.width / 100) + 6,
      9,
    );
    // Zoomed in 4 times on the middle: a quarter of that across, centred on the table.
    const zoomed = nearViewRect(grid, { scale: 4, x: 0.5, y: 0.5 }, 0);
    expect(zoomed.right - zoomed.left).toBeCloseTo((whole.right - whole.left - 6) / 4, 9);
    expect(zoomed.left + zoomed.right).toBeCloseTo(0, 9);
  });

  it('are the boxes whose centres lie in it, or none apart when half of them do', () => {
    const placements = gridPlacements(100);
    // Boxes of the 10 × 10 grid stand at −4.5 … 4.5: x and z under −3 is the top left 2 × 2.
    expect(boxesNear({ left: -10, right: -3, back: -10, front: -3 }, placements)).toEqual([
      0, 1, 10, 11,
    ]);
    // The edge is out: x = −3.5 is not inside (−3.5, …).
    expect(boxesNear({ left: -3.5, right: -3, back: -10, front: -3 }, placements)).toEqual([]);
    // 49 boxes (the top left 7 × 7) are drawn apart; 50 (five rows) are half the board.
    expect(boxesNear({ left: -10, right: 2, back: -10, front: 2 }, placements)).toHaveLength(49);
    expect(boxesNear({ left: -10, right: 10, back: -10, front: 0 }, placements)).toBeNull();
  });
});
