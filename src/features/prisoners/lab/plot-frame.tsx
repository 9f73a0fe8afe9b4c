import { useLayoutEffect, useState, type ReactNode } from 'react';
import type { ScaleContinuousNumeric } from 'd3-scale';
import styles from './plot-frame.module.css';

/** Room around the plotting area; the y-axis title sits above it, left-aligned. */
export const MARGIN = { top: 28, right: 16, bottom: 44, left: 56 } as const;

export interface PlotSize {
  /** Callback ref for the plot's frame. */
  attach: (element: HTMLElement | null) => void;
  width: number;
  height: number;
}

/** The plot's drawing size follows its container, so text stays at its real size on a phone. */
export function usePlotSize(): PlotSize {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = (): void => {
      const style = getComputedStyle(element);
      const inner =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (inner > 0) setWidth(Math.round(inner));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { attach: setElement, width, height: width < 480 ? 250 : 290 };
}

interface PlotFrameProps {
  id: string;
  attachFrame: (element: HTMLElement | null) => void;
  width: number;
  height: number;
  title: string;
  description: string;
  summary: ReactNode;
  x: ScaleContinuousNumeric<number, number>;
  y: ScaleContinuousNumeric<number, number>;
  xTicks: number[];
  yTicks: number[];
  formatX: (value: number) => string;
  formatY: (value: number) => string;
  xLabel: string;
  yLabel: string;
  legend?: ReactNode;
  /** HTML laid over the drawing, in the same box (e.g. links over bars). */
  overlay?: ReactNode;
  children: ReactNode;
}

/**
 * The axes of a histogram of trials: whole-number ticks on x from `firstValue`, the share of
 * trials in percent on y.
 */
export function shareOfTrialsAxes(
  x: ScaleContinuousNumeric<number, number>,
  y: ScaleContinuousNumeric<number, number>,
  firstValue: number,
) {
  return {
    x,
    y,
    xTicks: x.ticks(6).filter((t) => Number.isInteger(t) && t >= firstValue),
    yTicks: y.ticks(4),
    formatX: (t: number) => String(t),
    formatY: (t: number) => `${+(t * 100).toFixed(2)}%`,
    yLabel: 'Share of trials',
  };
}

/** An SVG chart with axes, grid lines, a title and description for screen readers, and a visible text summary. */
export function PlotFrame({ attachFrame, ...props }: PlotFrameProps) {
  const { id, x, y, width, height } = props;
  const [left, right] = x.range() as [number, number];
  const [bottom, top] = y.range() as [number, number];
  return (
    <figure className={styles.plot} aria-labelledby={`${id}-heading`} ref={attachFrame}>
      <h3 id={`${id}-heading`} className={styles.title}>
        {props.title}
      </h3>
      {props.legend}
      <div className={styles.drawing}>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{props.title}</title>
          <desc id={`${id}-desc`}>{props.description}</desc>
          <g className={styles.grid} aria-hidden="true">
            {props.yTicks.map((tick) => (
              <g key={`y${tick}`} transform={`translate(0 ${y(tick)})`}>
                <line x1={left} x2={right} />
                <text x={left - 8} dy="0.32em" textAnchor="end">
                  {props.formatY(tick)}
                </text>
              </g>
            ))}
            {props.xTicks.map((tick) => (
              <g key={`x${tick}`} transform={`translate(${x(tick)} 0)`}>
                <line y1={bottom} y2={bottom + 5} className={styles.tick} />
                <text y={bottom + 18} textAnchor="middle">
                  {props.formatX(tick)}
                </text>
              </g>
            ))}
            <line x1={left} x2={right} y1={bottom} y2={bottom} className={styles.axis} />
            <text
              x={(left + right) / 2}
              y={height - 4}
              textAnchor="middle"
              className={styles.axisLabel}
            >
              {props.xLabel}
            </text>
            {/* Above the axis rather than turned along it, so it never meets the tick labels. */}
            <text x={0} y={top - 14} className={styles.axisLabel}>
              {props.yLabel}
            </text>
          </g>
          {props.children}
        </svg>
        {props.overlay}
      </div>
      <figcaption className={styles.summary}>{props.summary}</figcaption>
    </figure>
  );
}

export type SwatchKind = 'bar' | 'over' | 'all' | 'line' | 'band' | 'exact' | 'limit';

/** The key above a plot: a swatch and a label per series (hidden from screen readers, which get the description). */
export function PlotLegend({
  items,
}: {
  items: readonly (readonly [kind: SwatchKind, label: string])[];
}) {
  return (
    <p className={styles.legend} aria-hidden="true">
      {items.map(([kind, label]) => (
        <span key={kind}>
          <span className={styles.swatch} data-kind={kind} /> {label}
        </span>
      ))}
    </p>
  );
}

export interface HistogramBar {
  /** Left and right edge, in x values. */
  from: number;
  to: number;
  height: number;
  tone?: 'over' | 'all';
}

/** Histogram bars on the plot's scales, a pixel apart where there is room. */
export function HistogramBars({
  bars,
  x,
  y,
}: {
  bars: readonly HistogramBar[];
  x: ScaleContinuousNumeric<number, number>;
  y: ScaleContinuousNumeric<number, number>;
}) {
  // Bars stand on the bottom of the plot: y(0) on a linear scale, the lowest decade on a log one
  // (where a bar of nothing has no height).
  const bottom = y.range()[0] as number;
  return (
    <g className={styles.bars}>
      {bars.map((bar, i) => {
        const x0 = x(bar.from);
        const x1 = x(bar.to);
        const gap = x1 - x0 > 4 ? 1 : 0;
        const top = bar.height > 0 ? y(bar.height) : bottom;
        return (
          <rect
            key={i}
            x={x0 + gap / 2}
            width={Math.max(0.5, x1 - x0 - gap)}
            y={top}
            height={Math.max(0, bottom - top)}
            data-tone={bar.tone}
          />
        );
      })}
    </g>
  );
}
