import { useMemo } from 'react';
import { scaleLinear } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import type { TrialExample } from '../engine/streams.ts';
import { formatCount, formatPercent } from '../simulation/format.ts';
import { ExampleBarLinks, type ExampleBar } from './example-bar-links.tsx';
import { binCounts } from './histogram-bins.ts';
import {
  HistogramBars,
  MARGIN,
  PlotFrame,
  PlotLegend,
  shareOfTrialsAxes,
  usePlotSize,
} from './plot-frame.tsx';
import styles from './longest-cycle-plot.module.css';
import type { Strategy } from '../engine/types.ts';

interface LongestCyclePlotProps {
  n: number;
  k: number;
  /**
   * With the cycle and swap strategies lengths above k lose: they are marked. With swap the
   * trials counted the longest cycle after the helper's swap.
   */
  strategy: Strategy;
  trials: number;
  longestCycle: Float64Array;
  edges: readonly number[];
  /** Exact probability of each bin, or null while it is being computed. */
  exact: Float64Array | null;
  /**
   * The run's first trial of each longest cycle (index L), with the address that opens it: each
   * bar holding one becomes a link to it. Absent where the simulation cannot show the run.
   */
  examples?: {
    trials: readonly (TrialExample | null)[];
    hrefOf: (example: TrialExample) => string;
  };
}

/** Histogram of the longest cycle length, observed bars against the exact distribution. */
export function LongestCyclePlot({
  n,
  k,
  strategy,
  trials,
  longestCycle,
  edges,
  exact,
  examples,
}: LongestCyclePlotProps) {
  const { attach: attachFrame, width, height } = usePlotSize();
  const markLimit = strategy !== 'random';
  const afterSwap = strategy === 'swap' ? ' after the helper’s swap' : '';
  const observed = useMemo(() => {
    const counts = binCounts(longestCycle, edges);
    return counts.map((count) => (trials > 0 ? count / trials : 0));
  }, [longestCycle, edges, trials]);

  const maxY = Math.max(0.001, ...observed, ...(exact ?? [])) * 1.1;
  // Bin (a, b] spans a + ½ to b + ½, so a single length sits centred on its tick.
  const x = scaleLinear()
    .domain([0.5, n + 0.5])
    .range([MARGIN.left, width - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, maxY])
    .range([height - MARGIN.bottom, MARGIN.top])
    .nice(4);
  const bottom = y(0);
  const exactPath = exact
    ? line<number>()
        .x((_, i) => x((edges[i] as number) + 0.5))
        .y((p) => y(p))
        .curve(curveStepAfter)([...exact, exact[exact.length - 1] ?? 0])
    : null;

  let modeBin = 0;
  observed.forEach((p, i) => {
    if (p > (observed[modeBin] ?? 0)) modeBin = i;
  });
  const binLabel = (i: number) => {
    const from = (edges[i] as number) + 1;
    const to = edges[i + 1] as number;
    return from === to ? `${to}` : `${from}–${to}`;
  };
  // A bar's link opens the first length in its bin that the run has an example of.
  const exampleBars: ExampleBar[] = [];
  if (examples) {
    for (let i = 0; i + 1 < edges.length; i++) {
      for (let length = (edges[i] as number) + 1; length <= (edges[i + 1] as number); length++) {
        const example = examples.trials[length];
        if (!example) continue;
        const from = (edges[i] as number) + 0.5;
        exampleBars.push({ length, from, to: (edges[i + 1] as number) + 0.5, example });
        break;
      }
    }
  }
  let atMostK = 0;
  for (let length = 0; length <= k; length++) atMostK += longestCycle[length] ?? 0;

  const summary =
    trials === 0
      ? 'No trials yet: run the lab to fill the histogram.'
      : `Most frequent longest cycle: ${binLabel(modeBin)} (observed ${formatPercent(observed[modeBin] ?? 0)}` +
        (exact ? `, exact ${formatPercent(exact[modeBin] ?? 0)}` : '') +
        `).` +
        (markLimit
          ? ` The longest cycle${afterSwap} was at most ${k}, so everyone went free, in ${formatPercent(atMostK / trials)} of ${formatCount(trials)} trials.`
          : ` With random guessing the cycles do not matter; this is how the arrangements of ${formatCount(trials)} trials looked.`);

  return (
    <PlotFrame
      attachFrame={attachFrame}
      width={width}
      height={height}
      id="longest-cycle"
      title={`Longest cycle length${afterSwap}`}
      description={`Share of trials by the length of the longest cycle${afterSwap}, from 1 to ${n}, with the exact distribution as a line.`}
      summary={summary}
      {...shareOfTrialsAxes(x, y, 1)}
      xLabel="Longest cycle (boxes)"
      overlay={
        examples && (
          <ExampleBarLinks
            bars={exampleBars}
            hrefOf={examples.hrefOf}
            x={x}
            y={y}
            width={width}
            height={height}
          />
        )
      }
      legend={
        <PlotLegend
          items={
            markLimit
              ? [
                  // Every colour of the bars: lengths up to k free everyone, longer ones do not.
                  ['bar', `observed, up to ${k}`],
                  ...(k < n ? [['over', `observed, above ${k}`] as const] : []),
                  ['line', 'exact'],
                  ['limit', `k = ${k}`],
                ]
              : [
                  ['bar', 'observed'],
                  ['line', 'exact'],
                ]
          }
        />
      }
    >
      <HistogramBars
        bars={observed.map((share, i) => ({
          from: (edges[i] as number) + 0.5,
          to: (edges[i + 1] as number) + 0.5,
          height: share,
          tone: markLimit && (edges[i + 1] as number) > k ? 'over' : undefined,
        }))}
        x={x}
        y={y}
      />
      {markLimit && (
        <line
          className={styles.limitLine}
          x1={x(k + 0.5)}
          x2={x(k + 0.5)}
          y1={MARGIN.top}
          y2={bottom}
        />
      )}
      {exactPath && <path d={exactPath} className={styles.exactLine} />}
    </PlotFrame>
  );
}
