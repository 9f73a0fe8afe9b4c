import { BOX_SIZE, type GridLayout } from './layout.ts';
import type { Placement } from './ring-layout.ts';
import styles from './box-grid.module.css';

/**
 * Boxes narrower than this on screen (CSS px) are too small for their numbers to be read: the
 * lids leave them out, and the boxes that matter get a label beside them instead. At this width
 * a four-digit number on a lid is about 8 px high, where the lid shader starts to draw it.
 */
export const LEGIBLE_BOX_PX = 28;
/** Opened boxes labelled besides the current one: the latest of the walk. */
const OPENED_LABELS = 4;

export interface Callout {
  box: number;
  text: string;
  kind: 'current' | 'opened' | 'focused';
}

/**
 * The labels a board of small boxes shows: the box just opened (with its slip), a few opened
 * before it, and the focused box. Later entries win for a box named twice.
 */
export function calloutsFor(
  opened: ArrayLike<number>,
  slips: ArrayLike<number>,
  focused: number | null,
  names: ArrayLike<number> | null,
): Callout[] {
  const number = (box: number) => (names ? (names[box] as number) : box) + 1;
  const byBox = new Map<number, Callout>();
  const count = opened.length;
  for (let i = Math.max(0, count - 1 - OPENED_LABELS); i < count; i++) {
    const box = opened[i] as number;
    const current = i === count - 1;
    byBox.set(box, {
      box,
      text: current ? `${number(box)} → ${(slips[box] as number) + 1}` : String(number(box)),
      kind: current ? 'current' : 'opened',
    });
  }
  if (focused !== null) {
    const known = byBox.get(focused);
    byBox.set(focused, {
      box: focused,
      text: known?.text ?? String(number(focused)),
      kind: 'focused',
    });
  }
  return [...byBox.values()];
}

/**
 * Where a box's label stands, in fractions of the twin: above the box, or below it near the top
 * edge, where the stage would cut a label above off.
 */
function anchor(box: number, grid: GridLayout, placements: readonly Placement[] | null) {
  let across: number;
  let top: number;
  let bottom: number;
  if (placements) {
    const { x, z, scale } = placements[box]!;
    const half = (BOX_SIZE * scale) / 2;
    across = x / grid.tableWidth + 0.5;
    top = (z - half) / grid.tableDepth + 0.5;
    bottom = (z + half) / grid.tableDepth + 0.5;
  } else {
    const row = Math.floor(box / grid.columns);
    across = ((box % grid.columns) + 0.5) / grid.columns;
    top = row / grid.rows;
    bottom = (row + 1) / grid.rows;
  }
  const below = top < 0.06;
  // Near a side edge the label hangs inwards, where the stage would cut a centred one off.
  const side = across < 0.04 ? 'start' : across > 0.96 ? 'end' : undefined;
  return { left: across, top: below ? bottom : top, below, side };
}

/** The labels, drawn over the board; hidden from assistive technology (the buttons name the boxes). */
export function BoxCallouts({
  callouts,
  grid,
  placements,
}: {
  callouts: readonly Callout[];
  grid: GridLayout;
  placements: readonly Placement[] | null;
}) {
  if (callouts.length === 0) return null;
  return (
    <div className={styles.callouts} aria-hidden="true">
      {callouts.map(({ box, text, kind }) => {
        const { left, top, below, side } = anchor(box, grid, placements);
        return (
          <span
            key={box}
            className={styles.callout}
            data-kind={kind}
            data-below={below ? 'true' : undefined}
            data-side={side}
            style={{ left: `${left * 100}%`, top: `${top * 100}%` }}
          >
            {text}
          </span>
        );
      })}
    </div>
  );
}
