import { scaleLinear, scaleLog } from 'd3-scale';
import { area, curveMonotoneX, line } from 'd3-shape';
import { wilsonInterval } from '../engine/statistics.ts';
import type { ConvergencePoint } from '../runtime/run-state.ts';
import { formatCount, formatPercent } from '../simulation/format.ts';
import { MARGIN, PlotFrame, PlotLegend, usePlotSize } from './plot-frame.tsx';
import styles from './convergence-plot.module.css';

interface ConvergencePlotProps {
  points: readonly ConvergencePoint[];
  exact: number;
  plannedTrials: number;
}

interface Estimate {
  trials: number;
  rate: number;
  low: number;
  high: number;
}

/** Success rate against trials on a log scale, with its 95% band and the exact value. */
export function ConvergencePlot({ points, exact, plannedTrials }: ConvergencePlotProps) {
  const { attach: attachFrame, width, height } = usePlotSize();
  const estimates: Estimate[] = points.map(({ trials, successes }) => {
    const [low, high] = wilsonInterval(successes, trials);
    return { trials, rate: successes / trials, low, high };
  });
  const maxTrials = Math.max(10, plannedTrials);
  const x = scaleLog()
    .domain([1, maxTrials])
    .range([MARGIN.left, width - MARGIN.right]);
  const spread = Math.max(0.05, Math.min(0.25, exact * 1.5, (1 - exact) * 1.5));
  // Around the exact value, widened to hold every rate drawn (the first trials' 0% or 100%
  // among them); the band may be wider still, and is cut at the plot's edge.
  const rates = estimates.map((e) => e.rate);
  const y = scaleLinear()
    .domain([
      Math.max(0, Math.min(exact - spread, ...rates)),
      Math.min(1, Math.max(exact + spread, ...rates)),
    ])
    .range([height - MARGIN.bottom, MARGIN.top])
    .nice(4)
    .clamp(true);

  const band = area<Estimate>()
    .x((e) => x(e.trials))
    .y0((e) => y(e.low))
    .y1((e) => y(e.high))
    .curve(curveMonotoneX)(estimates);
  const rateLine = line<Estimate>()
    .x((e) => x(e.trials))
    .y((e) => y(e.rate))
    .curve(curveMonotoneX)(estimates);
  const decades: number[] = [];
  for (let decade = 1; decade <= maxTrials; decade *= 10) decades.push(decade);
  const xTicks = decades.length > 6 ? decades.filter((_, i) => i % 2 === 0) : decades;

  const last = estimates[estimates.length - 1];
  const summary = last
    ? `After ${formatCount(last.trials)} trials the success rate is ${formatPercent(last.rate)}, 95% confidence interval ${formatPercent(last.low)} to ${formatPercent(last.high)}; the exact value ${formatPercent(exact)} lies ${exact >= last.low && exact <= last.high ? 'inside' : 'outside'} it.`
    : `The exact value is ${formatPercent(exact)}; run the lab to watch the estimate converge on it.`;

  return (
    <PlotFrame
      attachFrame={attachFrame}
      width={width}
      height={height}
      id="convergence"
      title="Convergence"
      description="Observed success rate against the number of trials on a logarithmic axis, with its 95% confidence band and the exact probability as a dashed line."
      summary={summary}
      x={x}
      y={y}
      xTicks={xTicks}
      yTicks={y.ticks(4)}
      formatX={(t) => (t >= 1e6 ? `${t / 1e6}M` : t >= 1e3 ? `${t / 1e3}k` : String(t))}
      formatY={(t) => `${+(t * 100).toFixed(1)}%`}
      xLabel="Trials (log scale)"
      yLabel="Success rate"
      legend={
        <PlotLegend
          items={[
            ['line', 'observed'],
            ['band', '95% band'],
            ['exact', 'exact'],
          ]}
        />
      }
    >
      {band && <path d={band} className={styles.band} />}
      <line
        className={styles.exactReference}
        x1={MARGIN.left}
        x2={width - MARGIN.right}
        y1={y(exact)}
        y2={y(exact)}
      />
      {rateLine && <path d={rateLine} className={styles.rateLine} />}
      {last && <circle cx={x(last.trials)} cy={y(last.rate)} r={4} className={styles.rateDot} />}
    </PlotFrame>
  );
}
