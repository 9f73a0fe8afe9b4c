import { useLayoutEffect, useState, type ReactNode } from 'react';
import type { ScaleContinuousNumeric } from 'd3-scale';
import styles from './lab.module.css';

export const MARGIN = { top: 16, right: 16, bottom: 44, left: 56 } as const;

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
  return { attach: setElement, width, height: width < 480 ? 240 : 280 };
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
  children: ReactNode;
}

/** An SVG chart with axes, grid lines, a title and description for screen readers, and a visible text summary. */
export function PlotFrame({ attachFrame, ...props }: PlotFrameProps) {
  const { id, x, y, width, height } = props;
  const [left, right] = x.range() as [number, number];
  const [bottom, top] = y.range() as [number, number];
  return (
    <figure className={styles.plot} aria-labelledby={`${id}-heading`} ref={attachFrame}>
      <h3 id={`${id}-heading`} className={styles.plotTitle}>
        {props.title}
      </h3>
      {props.legend}
      <svg
        className={styles.plotSvg}
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
          <text
            transform={`translate(14 ${(top + bottom) / 2}) rotate(-90)`}
            textAnchor="middle"
            className={styles.axisLabel}
          >
            {props.yLabel}
          </text>
        </g>
        {props.children}
      </svg>
      <figcaption className={styles.plotSummary}>{props.summary}</figcaption>
    </figure>
  );
}
