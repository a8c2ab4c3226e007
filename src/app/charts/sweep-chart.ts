/**
 * A sweep's plot as data (pure, unit-tested), drawn by the app with Chart.js and by the CLI as an
 * SVG: pass@1 at the last evaluation against the swept value with its 95% interval, and the
 * paired difference from the reference row with its 95% bootstrap interval. The values sit on a
 * numeric axis when every one is a number, else each at its place in the list.
 */
import { pairedWords } from '../../core/experiment/paired-words';
import type { SweepTable } from '../../core/experiment/sweep-table';

export interface Whisker {
  x: number;
  y: number;
  low: number;
  high: number;
  /** The swept value, as the axis shows it. */
  label: string;
}

export interface SweepChart {
  field: string;
  reference: string;
  axis: 'numeric' | 'categorical';
  ticks: { x: number; label: string }[];
  /** The x range drawn: the values' with a margin, so that no whisker sits on the frame. */
  xRange: [number, number];
  /** pass@1 (a fraction) of each point evaluated, in x order. */
  pass: Whisker[];
  /** Point minus reference (fractions) of each point that has one, in x order; not the reference itself. */
  difference: Whisker[];
  /** The reference's x when it is a point of the sweep (it sits on the zero line), else null. */
  referenceX: number | null;
  /** The line through the differences in x order, through the reference's 0 where it is a point. */
  differenceLine: { x: number; y: number }[];
  /** A y range symmetric about 0 that holds every difference's interval. */
  differenceRange: [number, number];
  /** The numbers in words, one row per value in the sweep's order, for the table beside the plot. */
  rows: { value: string; passAt1: string; paired: string }[];
}

const pct = (x: number) => (100 * x).toFixed(1);

/** Smallest of 5, 10, 20, 50, 100 points that holds `m` (a fraction). */
function niceBound(m: number): number {
  return [0.05, 0.1, 0.2, 0.5].find((b) => m <= b) ?? 1;
}

export function sweepChart(sweep: SweepTable): SweepChart {
  const numeric = sweep.points.every((p) => typeof p.value === 'number');
  const xs = sweep.points.map((p, i) => (numeric ? (p.value as number) : i));
  const [min, max] = [Math.min(...xs), Math.max(...xs)];
  const margin = numeric ? 0.06 * (max - min || 1) : 0.5;
  const placed = sweep.points.map((p, i) => ({ point: p, x: xs[i]!, label: String(p.value) })).sort((a, b) => a.x - b.x);
  const pass = placed.flatMap(({ point, x, label }) => (point.pooled ? [{ x, label, y: point.pooled.passAt1, low: point.pooled.low, high: point.pooled.high }] : []));
  const difference = placed.flatMap(({ point, x, label }) => (point.paired.ok ? [{ x, label, y: point.paired.difference.mean, low: point.paired.difference.low, high: point.paired.difference.high }] : []));
  const reach = Math.max(0, ...difference.flatMap((d) => [Math.abs(d.low), Math.abs(d.high)]));
  const bound = niceBound(reach);
  const referenceX = placed.find(({ point }) => point.name === sweep.reference)?.x ?? null;
  const atReference = referenceX === null ? [] : [{ x: referenceX, y: 0 }];
  return {
    field: sweep.field,
    reference: sweep.reference,
    axis: numeric ? 'numeric' : 'categorical',
    ticks: placed.map(({ x, label }) => ({ x, label })),
    xRange: [min - margin, max + margin],
    pass,
    difference,
    referenceX,
    differenceLine: [...difference.map(({ x, y }) => ({ x, y })), ...atReference].sort((a, b) => a.x - b.x),
    differenceRange: [-bound, bound],
    rows: sweep.points.map((p) => ({
      value: String(p.value),
      passAt1: p.pooled ? `${pct(p.pooled.passAt1)} (${pct(p.pooled.low)}–${pct(p.pooled.high)})` : 'not evaluated',
      paired: pairedWords(p.paired),
    })),
  };
}
