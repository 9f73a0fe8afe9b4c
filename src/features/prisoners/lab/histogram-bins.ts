/** Histograms of the lab: lengths or counts 1..n pooled into at most a hundred bins. */

/** Most bins a histogram of the lab shows. */
export const MAX_HISTOGRAM_BINS = 100;

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
