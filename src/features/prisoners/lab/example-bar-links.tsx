import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ScaleContinuousNumeric } from 'd3-scale';
import type { TrialExample } from '../engine/streams.ts';
import styles from './example-bar-links.module.css';

export interface ExampleBar {
  /** The longest cycle of the example, and the x span of its bar (in x values). */
  length: number;
  from: number;
  to: number;
  example: TrialExample;
}

/**
 * Links laid over a histogram's bars, each opening the run's first trial with that longest cycle.
 * One tab stop for the set: arrow keys, Home and End move along the bars (a roving tab index),
 * so a hundred bars do not cost a keyboard user a hundred presses of Tab.
 */
export function ExampleBarLinks({
  bars,
  hrefOf,
  x,
  y,
  width,
  height,
}: {
  bars: readonly ExampleBar[];
  hrefOf: (example: TrialExample) => string;
  x: ScaleContinuousNumeric<number, number>;
  y: ScaleContinuousNumeric<number, number>;
  width: number;
  height: number;
}) {
  const [active, setActive] = useState(0);
  if (bars.length === 0) return null;
  const current = Math.min(active, bars.length - 1);
  const [bottom, top] = y.range() as [number, number];
  const percent = (value: number, of: number) => `${(100 * value) / of}%`;

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? current + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? bars.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(bars.length - 1, next));
    setActive(index);
    const links = event.currentTarget.parentElement?.querySelectorAll('a');
    links?.[index]?.focus();
  };

  return (
    <div className={styles.links} role="group" aria-label="Examples from this run">
      {bars.map((bar, i) => {
        const x0 = x(bar.from);
        const x1 = x(bar.to);
        return (
          <Link
            key={bar.length}
            to={hrefOf(bar.example)}
            className={styles.link}
            style={{
              left: percent(x0, width),
              width: percent(x1 - x0, width),
              top: percent(top, height),
              height: percent(bottom - top, height),
            }}
            tabIndex={i === current ? 0 : -1}
            onFocus={() => setActive(i)}
            onKeyDown={onKeyDown}
          >
            <span className="visually-hidden">
              Watch an arrangement whose longest cycle is {bar.length}
            </span>
          </Link>
        );
      })}
    </div>
  );
}
