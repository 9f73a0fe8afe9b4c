/** Number formats of the lab: plain digits, so tests and screen readers read them directly. */

/** A probability as a percentage: 31.18%, or three significant digits when tiny. */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p === 0) return '0%';
  const percent = p * 100;
  if (percent >= 0.01) return `${percent.toFixed(2)}%`;
  return `${percent.toPrecision(3)}%`;
}

/** A whole count in plain digits. */
export function formatCount(value: number): string {
  return String(Math.round(value));
}

/** A count with thousands separators, for prose. */
export function formatReadable(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Trials per second, e.g. "12.4 million trials/s". */
export function formatThroughput(perSecond: number): string {
  if (!(perSecond > 0)) return '–';
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} million trials/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} thousand trials/s`;
  return `${perSecond.toFixed(0)} trials/s`;
}

/** A signed number of standard errors, e.g. "+0.42". */
export function formatStandardErrors(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return value > 0 ? '+∞' : '−∞';
  const rounded = value.toFixed(2);
  return value >= 0 ? `+${rounded}` : rounded.replace('-', '−');
}

/** Bin edges for a histogram over 1..n with at most `maxBins` bins: 0 = e0 < e1 < … = n. */
export function binEdges(n: number, maxBins: number): number[] {
  const bins = Math.min(n, maxBins);
  const edges: number[] = [0];
  for (let i = 1; i <= bins; i++) {
    const edge = Math.round((i * n) / bins);
    if (edge > (edges[edges.length - 1] as number)) edges.push(edge);
  }
  return edges;
}

/** Sums counts[1..n] into the bins (e_{i−1}, e_i]; counts[0] joins the first bin. */
export function binCounts(counts: Float64Array, edges: readonly number[]): number[] {
  const binned: number[] = [];
  for (let i = 1; i < edges.length; i++) {
    let sum = 0;
    const from = i === 1 ? 0 : (edges[i - 1] as number) + 1;
    for (let v = from; v <= (edges[i] as number); v++) sum += counts[v] ?? 0;
    binned.push(sum);
  }
  return binned;
}
