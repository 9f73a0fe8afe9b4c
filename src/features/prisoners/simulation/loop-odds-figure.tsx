import type { ReactNode } from 'react';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import styles from './loop-odds-figure.module.css';

/** The loop drawn in the figure: eight boxes stand for L. */
const LOOP = 8;
const CENTRE = { x: 78, y: 66 };
const RADIUS = 44;
const BOX = 14;
/** The other boxes, loose: their slips may lie in any order. */
const OTHERS = [
  { x: 214, y: 34 },
  { x: 262, y: 46 },
  { x: 232, y: 76 },
  { x: 282, y: 92 },
  { x: 222, y: 112 },
];

/** Box i of the loop, clockwise from the top, to a tenth of a unit (the same in every engine). */
const at = (i: number) => {
  const angle = (2 * Math.PI * i) / LOOP - Math.PI / 2;
  const tenth = (v: number) => Math.round(v * 10) / 10;
  return {
    x: tenth(CENTRE.x + RADIUS * Math.cos(angle)),
    y: tenth(CENTRE.y + RADIUS * Math.sin(angle)),
  };
};

/** An arrow from box i of the loop to the next, stopping short of both boxes. */
function arrow(i: number): string {
  const from = at(i);
  const to = at(i + 1);
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const [ux, uy] = [(to.x - from.x) / length, (to.y - from.y) / length];
  const gap = BOX / 2 + 3;
  const start = { x: from.x + ux * gap, y: from.y + uy * gap };
  const end = { x: to.x - ux * gap, y: to.y - uy * gap };
  // The head: two strokes 5 units back from the end, 30° either side of the line.
  const barb = (turn: number) => ({
    x: end.x - 5 * (ux * Math.cos(turn) - uy * Math.sin(turn)),
    y: end.y - 5 * (uy * Math.cos(turn) + ux * Math.sin(turn)),
  });
  const point = ({ x, y }: { x: number; y: number }) => `${x.toFixed(1)} ${y.toFixed(1)}`;
  return `M${point(start)} L${point(end)} M${point(barb(Math.PI / 6))} L${point(end)} L${point(barb(-Math.PI / 6))}`;
}

/** A term of a formula, kept on one line. */
function Formula({ children }: { children: ReactNode }) {
  return <span className={styles.formula}>{children}</span>;
}

/**
 * Why a loop of L boxes, longer than half of them, comes up with probability exactly 1/L: the
 * arrangements with such a loop counted, beside a drawing of one.
 */
/** One box of the drawing, centred on (x, y). */
function BoxAt({ x, y, className }: { x: number; y: number; className: string | undefined }) {
  return (
    <rect x={x - BOX / 2} y={y - BOX / 2} width={BOX} height={BOX} rx={3} className={className} />
  );
}

export function LoopOddsFigure() {
  const n = PRISONER_COUNT;
  return (
    <figure className={styles.figure} aria-labelledby="loop-odds-heading">
      <h3 id="loop-odds-heading">Why a loop of L boxes has probability 1/L</h3>
      <svg
        className={styles.drawing}
        viewBox="0 0 320 146"
        role="img"
        aria-labelledby="loop-odds-title"
      >
        {/* One string: React renders a title's several children as nothing. */}
        <title id="loop-odds-title">{`An arrangement drawn as a loop of L boxes, each slip naming the next box round the loop, and the other ${n} − L boxes apart, their slips in any order.`}</title>
        {Array.from({ length: LOOP }, (_, i) => (
          <path key={`a${i}`} d={arrow(i)} className={styles.arrow} />
        ))}
        {Array.from({ length: LOOP }, (_, i) => (
          <BoxAt key={`b${i}`} {...at(i)} className={i === 0 ? styles.first : styles.loopBox} />
        ))}
        {OTHERS.map(({ x, y }) => (
          <BoxAt key={`o${x}`} x={x} y={y} className={styles.otherBox} />
        ))}
        <text x={CENTRE.x} y={CENTRE.y + 5} textAnchor="middle" className={styles.label}>
          L
        </text>
        <text x={CENTRE.x} y={140} textAnchor="middle" className={styles.label}>
          one loop of L
        </text>
        <text x={248} y={140} textAnchor="middle" className={styles.label}>
          the other {n} − L
        </text>
      </svg>
      <figcaption>
        <p>Count the arrangements with a loop of exactly L boxes:</p>
        <ol>
          <li>
            pick the loop&apos;s L boxes: <Formula>C({n}, L)</Formula> ways;
          </li>
          <li>
            join them into one loop, each slip naming the next box (the first box fixed, the others
            in any order after it): <Formula>(L − 1)!</Formula> ways;
          </li>
          <li>
            shuffle the other {n} − L slips into the other boxes: <Formula>({n} − L)!</Formula>{' '}
            ways.
          </li>
        </ol>
        <p>
          That makes <Formula>C({n}, L)</Formula> · <Formula>(L − 1)!</Formula> ·{' '}
          <Formula>({n} − L)!</Formula> = <Formula>{n}!/L</Formula> arrangements: one in L of all{' '}
          {n}!. Only one loop longer than {GUESS_LIMIT} fits into {n} boxes, so for L over{' '}
          {GUESS_LIMIT} none is counted twice: a loop of L boxes comes up with probability exactly
          1/L, and the sum above adds these up for L = {GUESS_LIMIT + 1} to {n}.
        </p>
      </figcaption>
    </figure>
  );
}
