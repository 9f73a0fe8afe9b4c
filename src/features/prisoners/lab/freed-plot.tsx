import { useMemo } from 'react';
import { scaleLinear } from 'd3-scale';
import { formatPercent } from '../simulation/format.ts';
import { formatShareTick, logShareAxis } from './log-share-axis.ts';
import { MAX_HISTOGRAM_BINS, binCounts, binEdges } from './histogram-bins.ts';
import { HistogramBars, MARGIN, PlotFrame, PlotLegend, usePlotSize } from './plot-frame.tsx';

interface FreedPlotProps {
  n: number;
  /** Cycle or swap: the prisoners follow the slips, with swap after the helper's best swap. */
  afterSwap: boolean;
  trials: number;
  freed: Float64Array;
}

/** How many prisoners found their number, per trial, following the slips. */
export function FreedPlot({ n, afterSwap, trials, freed }: FreedPlotProps) {
  const { attach: attachFrame, width, height } = usePlotSize();
  // Counts run from 0 to n: shifted by one (value v at index v + 1) they fill 1..n + 1, with
  // one bin more than the other histograms, so that "none found" keeps a bin of its own.
  const bars = useMemo(() => {
    const shifted = new Float64Array(n + 2);
    shifted.set(freed, 1);
    const edges = binEdges(n + 1, MAX_HISTOGRAM_BINS + 1);
    return binCounts(shifted, edges).map((count, i) => ({
      from: (edges[i] as number) - 0.5,
      to: (edges[i + 1] as number) - 0.5,
      height: trials > 0 ? count / trials : 0,
      tone: (edges[i + 1] as number) - 1 === n ? ('all' as const) : undefined,
    }));
  }, [n, trials, freed]);

  const x = scaleLinear()
    .domain([-0.5, n + 0.5])
    .range([MARGIN.left, width - MARGIN.right]);
  const { y, ticks: yTicks } = logShareAxis(
    bars.map((bar) => bar.height),
    [height - MARGIN.bottom, MARGIN.top],
  );
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
      description={`Share of trials by how many of the ${n} prisoners found their own number following the slips${afterSwap ? ' after the helper’s best swap' : ''}, on a logarithmic axis.`}
      summary={summary}
      x={x}
      y={y}
      xTicks={x.ticks(6).filter((t) => Number.isInteger(t) && t >= 0)}
      yTicks={yTicks}
      formatX={String}
      formatY={formatShareTick}
      xLabel="Prisoners who found their number"
      yLabel="Share of trials (log scale)"
      legend={
        <PlotLegend
          items={[
            ['bar', `fewer than ${n}`],
            ['all', `all ${n}`],
          ]}
        />
      }
    >
      <HistogramBars bars={bars} x={x} y={y} />
    </PlotFrame>
  );
}
