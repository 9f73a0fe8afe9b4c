/**
 * Where a key moves focus in the DOM twin, at any board size: the grid pattern's keys in the
 * grid (arrows, Home and End within a row, Ctrl + Home to the first box, Ctrl + End to the
 * last), and in the rings view along a ring (Page Up and Page Down to the previous or next ring).
 */

/** The keys the twin handles, as KeyboardEvent.key names them. */
export interface TwinKey {
  key: string;
  ctrlKey: boolean;
}

/**
 * The box a key moves to from `box` in a grid of n boxes in `columns` columns (the last row may
 * be short); the same box at an edge; undefined for a key the grid does not use.
 */
export function gridKeyTarget(
  { key, ctrlKey }: TwinKey,
  box: number,
  n: number,
  columns: number,
): number | undefined {
  const column = box % columns;
  const rowStart = box - column;
  switch (key) {
    case 'ArrowRight':
      return column < columns - 1 && box + 1 < n ? box + 1 : box;
    case 'ArrowLeft':
      return column > 0 ? box - 1 : box;
    case 'ArrowDown':
      return box + columns < n ? box + columns : box;
    case 'ArrowUp':
      return box - columns >= 0 ? box - columns : box;
    case 'Home':
      return ctrlKey ? 0 : rowStart;
    case 'End':
      return ctrlKey ? n - 1 : Math.min(rowStart + columns - 1, n - 1);
    default:
      return undefined;
  }
}

/**
 * The box a key moves to from `box` in the rings view: `rings` are the boxes of each ring in
 * ring order, `ringOfBox[box]` the ring a box is on. Arrows walk round the ring (wrapping),
 * Home and End go to its first and last place, Page Up and Page Down to the first box of the
 * previous and next ring, and with Ctrl, Home and End to the first box of the first ring and
 * the last box of the last.
 */
export function ringKeyTarget(
  { key, ctrlKey }: TwinKey,
  box: number,
  rings: readonly (readonly number[])[],
  ringOfBox: ArrayLike<number>,
): number | undefined {
  const ringIndex = ringOfBox[box] as number;
  const ring = rings[ringIndex]!;
  const along = (step: number) => {
    const position = ring.indexOf(box);
    return ring[(position + step + ring.length) % ring.length];
  };
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return along(1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return along(-1);
    case 'Home':
      return ctrlKey ? rings[0]![0] : ring[0];
    case 'End':
      return ctrlKey ? rings.at(-1)!.at(-1) : ring[ring.length - 1];
    case 'PageDown':
      return rings[ringIndex + 1]?.[0];
    case 'PageUp':
      return rings[ringIndex - 1]?.[0];
    default:
      return undefined;
  }
}
