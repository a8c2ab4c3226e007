/** A static SVG of pass@1 against training step, with 95% interval bands, for the command line's output. */
import type { CurvePoint } from '../core/experiment/summary';

const W = 760;
const H = 420;
const M = { left: 56, right: 200, top: 24, bottom: 44 };
const COLORS = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

/** Text for an SVG element's content or attribute. */
export function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

export function passAt1Svg(series: { label: string; points: CurvePoint[] }[], maxStep: number, title: string): string {
  const x = (step: number) => M.left + (step / Math.max(1, maxStep)) * (W - M.left - M.right);
  const y = (p: number) => H - M.bottom - p * (H - M.top - M.bottom);
  const parts: string[] = [];
  for (let t = 0; t <= 1.0001; t += 0.2) {
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>`);
    parts.push(`<text x="${M.left - 8}" y="${y(t) + 4}" text-anchor="end" font-size="11">${Math.round(t * 100)}%</text>`);
  }
  parts.push(`<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle" font-size="12">training step</text>`);
  parts.push(`<text x="${M.left}" y="14" font-size="13" font-weight="bold">${escape(title)}</text>`);
  [0, maxStep / 2, maxStep].forEach((s) => parts.push(`<text x="${x(s)}" y="${H - M.bottom + 16}" text-anchor="middle" font-size="11">${Math.round(s)}</text>`));
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length] as string;
    // An untrained method has one point: draw it as a flat reference line across the plot.
    const pts = s.points.length === 1 ? [s.points[0]!, { ...s.points[0]!, step: maxStep }] : s.points;
    const band = [...pts.map((p) => `${x(p.step)},${y(p.high)}`), ...[...pts].reverse().map((p) => `${x(p.step)},${y(p.low)}`)].join(' ');
    parts.push(`<polygon points="${band}" fill="${color}" opacity="0.15"/>`);
    const dash = s.points.length === 1 ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<polyline points="${pts.map((p) => `${x(p.step)},${y(p.passAt1)}`).join(' ')}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`);
    parts.push(`<rect x="${W - M.right + 12}" y="${M.top + i * 20}" width="14" height="3" fill="${color}"/>`);
    parts.push(`<text x="${W - M.right + 32}" y="${M.top + i * 20 + 5}" font-size="12">${escape(s.label)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>\n`;
}
