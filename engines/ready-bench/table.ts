/** The table `npm run bench:ready` prints: per engine, seconds from the page being asked for to ready, and to the search's end. */

export interface EngineStarts {
  engine: string;
  /** ms from navigation to ready, one per start. */
  ready: number[];
  /** ms from navigation to the end of the backend search, one per start. */
  settled: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** "median / slowest (s)" of a column, or "-" where nothing was measured. */
function cell(values: number[]): string {
  return values.length === 0 ? '-' : `${seconds(median(values))} / ${seconds(Math.max(...values))}`;
}

export function readyTable(rows: EngineStarts[], query: string): string {
  const lines = [
    `page asked for -> ready to start, and -> backend search over (${query || 'no flags'}), median / slowest in seconds`,
    '| engine | starts | ready | within 2 s | search over |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const r of rows) lines.push(`| ${r.engine} | ${r.ready.length} | ${cell(r.ready)} | ${r.ready.filter((ms) => ms <= 2000).length} of ${r.ready.length} | ${cell(r.settled)} |`);
  return lines.join('\n');
}
