/** Percentile by nearest rank over latencies in milliseconds. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LoadStats {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The latencies these figures come from, kept by a load that a caller may pool with others (pooledStats). */
  samples?: number[];
}

/** Several runs of the same side as one: their latencies together over their time together. */
export function pooledStats(runs: readonly LoadStats[]): LoadStats {
  return summarize(
    runs.flatMap((run) => run.samples ?? []),
    runs.reduce((sum, run) => sum + run.seconds, 0),
    runs.reduce((sum, run) => sum + run.errors, 0),
  );
}

export function summarize(latencies: number[], seconds: number, errors: number): LoadStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

export const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : "–");
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");

/** A Markdown table whose columns line up in a terminal too. */
export function markdownTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (rightAligned[i] ? `${"-".repeat(w + 1)}:` : `${"-".repeat(w + 2)}`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}
