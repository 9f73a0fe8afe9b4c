import { useMemo } from 'react';
import { scaleLinear } from 'd3-scale';
import { binCounts, binEdges, formatPercent } from './format.ts';
import { MARGIN, PlotFrame, usePlotSize } from './plot-frame.tsx';
import styles from './lab.module.css';

interface FreedPlotProps {
  n: number;
  trials: number;
  freed: Float64Array;
}

/** How many prisoners found their number, per trial, with the cycle strategy. */
export function FreedPlot({ n, trials, freed }: FreedPlotProps) {
  const { attach: attachFrame, width, height } = usePlotSize();
  // Shift by one so that "0 found" gets a bin of its own: value v sits at index v + 1.
  const { edges, shares } = useMemo(() => {
    const shifted = new Float64Array(n + 2);
    shifted.set(freed, 1);
    const edges = binEdges(n + 1, 101);
    const shares = binCounts(shifted, edges).map((c) => (trials > 0 ? c / trials : 0));
    return { edges, shares };
  }, [n, trials, freed]);

  const x = scaleLinear()
    .domain([-0.5, n + 0.5])
    .range([MARGIN.left, width - MARGIN.right]);
  const maxY = Math.max(0.001, ...shares) * 1.1;
  const y = scaleLinear()
    .domain([0, maxY])
    .range([height - MARGIN.bottom, MARGIN.top])
    .nice(4);
  const bottom = y(0);

  let failedTrials = 0;
  let foundInFailures = 0;
  for (let count = 0; count < n; count++) {
    failedTrials += freed[count] ?? 0;
    foundInFailures += count * (freed[count] ?? 0);
  }
  const all = freed[n] ?? 0;
  const summary =
    trials === 0
      ? 'No trials yet.'
      : `All ${n} found their number in ${formatPercent(all / trials)} of trials.` +
        (failedTrials > 0
          ? ` In the other trials, ${(foundInFailures / failedTrials).toFixed(1)} of ${n} found theirs on average: everyone on a cycle longer than the guesses fails together.`
          : '');

  return (
    <PlotFrame
      attachFrame={attachFrame}
      width={width}
      height={height}
      id="freed"
      title="Prisoners who found their number"
      description={`Share of trials by how many of the ${n} prisoners found their own number with the cycle strategy.`}
      summary={summary}
      x={x}
      y={y}
      xTicks={x.ticks(6).filter((t) => Number.isInteger(t) && t >= 0)}
      yTicks={y.ticks(4)}
      formatX={(t) => String(t)}
      formatY={(t) => `${+(t * 100).toFixed(2)}%`}
      xLabel="Prisoners who found their number"
      yLabel="Share of trials"
    >
      <g className={styles.bars}>
        {shares.map((share, i) => {
          const from = (edges[i] as number) - 0.5;
          const to = (edges[i + 1] as number) - 0.5;
          const x0 = x(from);
          const x1 = x(to);
          const gap = x1 - x0 > 4 ? 1 : 0;
          return (
            <rect
              key={i}
              x={x0 + gap / 2}
              width={Math.max(0.5, x1 - x0 - gap)}
              y={y(share)}
              height={Math.max(0, bottom - y(share))}
              className={(edges[i + 1] as number) - 1 === n ? styles.barAll : undefined}
            />
          );
        })}
      </g>
    </PlotFrame>
  );
}
