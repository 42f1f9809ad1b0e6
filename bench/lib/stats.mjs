// Order statistics for latencies within a sample and for sample values across rounds.

/** Median of numbers (mean of the two middle values for an even count); NaN when empty. */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The `p`-quantile (0 < p ≤ 1) of an ascending array, nearest-rank method. */
export function quantile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** p50 and p99 of latencies (any order). */
export function latencySummary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** Median, min and max of the values of one metric across rounds. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}
