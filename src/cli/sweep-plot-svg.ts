/**
 * A sweep as a static SVG for the command line's output, the app's sweep plot on paper: pass@1
 * at the last evaluation against the swept value with its 95% interval (top), and the paired
 * difference from the reference row with its 95% bootstrap interval around a zero line (bottom).
 */
import type { SweepTable } from '../core/experiment/sweep-table';
import { sweepChart, type Whisker } from '../app/charts/sweep-chart';
import { escape } from './plot-svg';

const W = 760;
const M = { left: 64, right: 24 };
const TOP = { top: 48, bottom: 248 };
const BOTTOM = { top: 300, bottom: 460 };
const H = 510;
const PASS_COLOR = '#d62728';
const DIFF_COLOR = '#1f77b4';

/** One decimal: coordinates short enough to read in the file. */
const r = (v: number) => Math.round(v * 10) / 10;
const pct = (x: number) => (100 * x).toFixed(1);

type Panel = typeof TOP;
const scale = (panel: Panel, [lo, hi]: readonly [number, number]) => (v: number) => r(panel.bottom - ((v - lo) / (hi - lo)) * (panel.bottom - panel.top));

/** A point with its interval: a vertical whisker with caps, a dot, and its numbers as a tooltip. */
function whisker(kind: string, w: Whisker, x: number, y: (v: number) => number, color: string, text: string): string {
  const [top, bottom] = [y(w.high), y(w.low)];
  return (
    `<g class="${kind}" data-value="${escape(w.label)}"><title>${escape(text)}</title>` +
    `<line class="whisker" x1="${x}" x2="${x}" y1="${bottom}" y2="${top}" stroke="${color}" stroke-width="2"/>` +
    `<line x1="${x - 5}" x2="${x + 5}" y1="${top}" y2="${top}" stroke="${color}" stroke-width="2"/>` +
    `<line x1="${x - 5}" x2="${x + 5}" y1="${bottom}" y2="${bottom}" stroke="${color}" stroke-width="2"/>` +
    `<circle cx="${x}" cy="${y(w.y)}" r="4.5" fill="${color}"/></g>`
  );
}

/** A thin line through the points, in x order. */
const polyline = (points: readonly (readonly [number, number])[], color: string) =>
  `<polyline points="${points.map(([px, py]) => `${px},${py}`).join(' ')}" fill="none" stroke="${color}" stroke-width="1"/>`;

function yGrid(y: (v: number) => number, ticks: readonly number[], label: (v: number) => string): string[] {
  return ticks.flatMap((t) => [
    `<line x1="${M.left}" x2="${W - M.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>`,
    `<text x="${M.left - 8}" y="${y(t) + 4}" text-anchor="end" font-size="11">${label(t)}</text>`,
  ]);
}

/** A difference in points with its sign: +2.5, -5. */
const signedPoints = (v: number) => `${v > 0 ? '+' : ''}${Number((100 * v).toFixed(1))}`;

export function sweepPlotSvg(sweep: SweepTable, title: string): string {
  const chart = sweepChart(sweep);
  const [x0, x1] = chart.xRange;
  const x = (v: number) => r(M.left + ((v - x0) / (x1 - x0)) * (W - M.left - M.right));
  const yPass = scale(TOP, [0, 1]);
  const yDiff = scale(BOTTOM, chart.differenceRange);
  const bound = chart.differenceRange[1];
  const field = escape(chart.field);
  const parts = [
    `<text x="${M.left}" y="16" font-size="13" font-weight="bold">${escape(title)}</text>`,
    `<text x="${M.left}" y="${TOP.top - 10}" font-size="12">pass@1 on test-hard at the last evaluation (95% interval) against ${field}</text>`,
    `<text x="${M.left}" y="${BOTTOM.top - 10}" font-size="12">difference from ${escape(chart.reference)} in points (paired over seeds and problems, 95% interval)</text>`,
    ...yGrid(yPass, [0, 0.2, 0.4, 0.6, 0.8, 1], (t) => `${Math.round(100 * t)}%`),
    ...yGrid(yDiff, [-bound, -bound / 2, bound / 2, bound], signedPoints),
    `<line class="zero" x1="${M.left}" x2="${W - M.right}" y1="${yDiff(0)}" y2="${yDiff(0)}" stroke="#333" stroke-dasharray="6 4"/>`,
    `<text x="${M.left - 8}" y="${yDiff(0) + 4}" text-anchor="end" font-size="11">0</text>`,
    ...chart.ticks.map((t) => `<text class="tick" x="${x(t.x)}" y="${BOTTOM.bottom + 16}" text-anchor="middle" font-size="11">${escape(t.label)}</text>`),
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 12}" text-anchor="middle" font-size="12">${field}</text>`,
    polyline(chart.pass.map((p) => [x(p.x), yPass(p.y)]), PASS_COLOR),
    polyline(chart.differenceLine.map((p) => [x(p.x), yDiff(p.y)]), DIFF_COLOR),
    ...chart.pass.map((p) => whisker('pass', p, x(p.x), yPass, PASS_COLOR, `${chart.field} ${p.label}: ${pct(p.y)}% (${pct(p.low)}-${pct(p.high)})`)),
    ...chart.difference.map((d) => whisker('difference', d, x(d.x), yDiff, DIFF_COLOR, `${chart.field} ${d.label}: ${d.y > 0 ? '+' : ''}${pct(d.y)} points (${pct(d.low)} to ${pct(d.high)})`)),
  ];
  const unevaluated = chart.ticks.filter((t) => !chart.pass.some((p) => p.x === t.x));
  parts.push(...unevaluated.map((t) => `<text class="missing" x="${x(t.x)}" y="${yPass(0) - 6}" text-anchor="middle" font-size="11" fill="#777">not evaluated</text>`));
  if (chart.referenceX !== null) {
    const rx = x(chart.referenceX);
    parts.push(`<g class="reference"><circle cx="${rx}" cy="${yDiff(0)}" r="4.5" fill="white" stroke="${DIFF_COLOR}" stroke-width="2"/><text x="${rx}" y="${yDiff(0) - 10}" text-anchor="middle" font-size="11">reference</text></g>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>\n`;
}
