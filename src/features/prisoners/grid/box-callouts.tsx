import { useLayoutEffect, useRef, type RefObject } from 'react';
import { BOX_SIZE, liftedSlipOnTwin, type GridLayout } from './layout.ts';
import { placeLabels } from './label-placement.ts';
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
  /** The box just opened, focused or not: its slip has risen above it. */
  risen?: true;
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
    byBox.set(
      box,
      current
        ? {
            box,
            text: `${number(box)} → ${(slips[box] as number) + 1}`,
            kind: 'current',
            risen: true,
          }
        : { box, text: String(number(box)), kind: 'opened' },
    );
  }
  if (focused !== null) {
    const known = byBox.get(focused);
    byBox.set(focused, {
      box: focused,
      text: known?.text ?? String(number(focused)),
      kind: 'focused',
      ...(known?.risen && { risen: true }),
    });
  }
  return [...byBox.values()];
}

/** A box's lid on the twin, in fractions of its width and height. */
function boxOnTwin(box: number, grid: GridLayout, placements: readonly Placement[] | null) {
  if (placements) {
    const { x, z, scale } = placements[box]!;
    const half = (BOX_SIZE * scale) / 2;
    return {
      left: (x - half) / grid.tableWidth + 0.5,
      top: (z - half) / grid.tableDepth + 0.5,
      width: (2 * half) / grid.tableWidth,
      height: (2 * half) / grid.tableDepth,
    };
  }
  return {
    left: (box % grid.columns) / grid.columns,
    top: Math.floor(box / grid.columns) / grid.rows,
    width: 1 / grid.columns,
    height: 1 / grid.rows,
  };
}

/**
 * What a label must leave in view around a box: its lid, and for the box just opened the slip
 * risen above it too, which the label would otherwise cover.
 */
function keptInView(
  { box, risen }: Callout,
  grid: GridLayout,
  placements: readonly Placement[] | null,
) {
  const lid = boxOnTwin(box, grid, placements);
  if (!risen) return lid;
  const slip = liftedSlipOnTwin(placements ? placements[box]!.scale : 1);
  const across = lid.left + lid.width / 2;
  const down = lid.top + lid.height / 2;
  const left = Math.min(lid.left, across - slip.halfWidth / grid.tableWidth);
  const top = Math.min(lid.top, down + slip.top / grid.tableDepth);
  const right = Math.max(lid.left + lid.width, across + slip.halfWidth / grid.tableWidth);
  const bottom = Math.max(lid.top + lid.height, down + slip.bottom / grid.tableDepth);
  return { left, top, width: right - left, height: bottom - top };
}

/** The first place a label is shown at, before it is measured: centred above its box. */
function firstPlace(box: number, grid: GridLayout, placements: readonly Placement[] | null) {
  const { left, top, width } = boxOnTwin(box, grid, placements);
  return { left: `${(left + width / 2) * 100}%`, top: `${top * 100}%` };
}

/**
 * Measures the labels as shown (the zoom included) and moves them where none covers another
 * (label-placement.ts), inside the part of the board in view: after every render, before it is
 * painted, as the zoom and the board's size move the boxes under them.
 */
function usePlacedLabels(
  layer: RefObject<HTMLDivElement | null>,
  callouts: readonly Callout[],
  grid: GridLayout,
  placements: readonly Placement[] | null,
) {
  useLayoutEffect(() => {
    const element = layer.current;
    if (!element) return;
    const frame = element.getBoundingClientRect();
    if (frame.width === 0 || frame.height === 0) return;
    const stage = element.closest('[data-board-stage]')?.getBoundingClientRect() ?? frame;
    const labels = [...element.children] as HTMLElement[];
    // The most important label is placed first: the focused box, the box just opened, then the
    // ones opened before it, latest first (calloutsFor lists them the other way round).
    const order = callouts.map((_, index) => index).reverse();
    const spots = placeLabels(
      order.map((index) => {
        const shown = keptInView(callouts[index]!, grid, placements);
        const size = labels[index]!.getBoundingClientRect();
        return {
          anchor: {
            left: shown.left * frame.width,
            top: shown.top * frame.height,
            width: shown.width * frame.width,
            height: shown.height * frame.height,
          },
          width: size.width,
          height: size.height,
        };
      }),
      {
        left: stage.left - frame.left,
        top: stage.top - frame.top,
        width: stage.width,
        height: stage.height,
      },
    );
    order.forEach((index, rank) => {
      const label = labels[index]!;
      label.style.left = `${(spots[rank]!.left / frame.width) * 100}%`;
      label.style.top = `${(spots[rank]!.top / frame.height) * 100}%`;
      label.dataset.placed = 'true';
    });
  });
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
  const layer = useRef<HTMLDivElement>(null);
  usePlacedLabels(layer, callouts, grid, placements);
  if (callouts.length === 0) return null;
  return (
    <div ref={layer} className={styles.callouts} aria-hidden="true">
      {callouts.map(({ box, text, kind }) => (
        <span
          key={box}
          className={styles.callout}
          data-kind={kind}
          style={firstPlace(box, grid, placements)}
        >
          {text}
        </span>
      ))}
    </div>
  );
}
