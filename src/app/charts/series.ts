/**
 * Turns the evaluation curves into chart series (pure, unit-tested). The x-axis is
 * either the training step or the tokens generated for training (compute parity).
 */
import type { CandidateResult } from '../../core/experiment/evaluate';
import type { ArmResult, EvalPoint } from '../../core/experiment/result';
import type { RunRow } from '../../core/experiment/run-rows';
import { armColor, rowColors } from './colors';

export type Axis = 'step' | 'tokens';

export interface XY {
  x: number;
  y: number;
}

export interface Series {
  key: string;
  label: string;
  color: string;
  points: XY[];
  /** 95% interval, drawn as a filled band. */
  band?: { low: XY[]; high: XY[] };
  dash?: readonly number[];
  /** A flat line for an untrained method (its value at step 0, across the whole x range). */
  reference?: boolean;
}

export const xOf = (p: EvalPoint, axis: Axis) => (axis === 'step' ? p.step : p.tokensGenerated);

/** A row of the run (a method, an arm of the config's own, a sweep's point) as the charts draw it. */
export interface ChartRow {
  name: string;
  label: string;
  /** The trained arm whose curve holds the row's readouts. */
  arm: string;
  color: string;
  /** Nothing trained: drawn as a flat reference line. */
  untrained: boolean;
}

/** The rows of a run (runRows), each with its colour. */
export function chartRows(rows: readonly RunRow[]): ChartRow[] {
  const colors = rowColors(rows);
  return rows.map((r) => ({ name: r.name, label: r.label, arm: r.arm, color: colors.get(r.name)!, untrained: r.fields.training === 'none' }));
}

/** The chosen (validation-picked) candidate of a row at each evaluation. */
function chosenPoints(row: ChartRow, arms: Record<string, ArmResult>): { point: EvalPoint; chosen: CandidateResult }[] {
  const curve = arms[row.arm]?.curve ?? [];
  return curve.flatMap((point) => {
    const readout = point.readouts[row.name];
    const chosen = readout?.candidates[readout.chosen];
    return chosen ? [{ point, chosen }] : [];
  });
}

function xRange(arms: Record<string, ArmResult>, axis: Axis): number {
  const xs = Object.values(arms).flatMap((a) => a.curve.map((p) => xOf(p, axis)));
  return Math.max(1, ...xs);
}

/** A flat line across [0, xMax] at `y`. */
const flat = (y: number, xMax: number): XY[] => [{ x: 0, y }, { x: xMax, y }];

export function passAt1Series(rows: readonly ChartRow[], arms: Record<string, ArmResult>, axis: Axis): Series[] {
  const xMax = xRange(arms, axis);
  return rows.flatMap((row): Series[] => {
    const points = chosenPoints(row, arms);
    if (points.length === 0) return [];
    const base = { key: row.name, label: row.label, color: row.color };
    if (row.untrained) {
      const { test } = (points[0] as (typeof points)[number]).chosen;
      return [{ ...base, reference: true, dash: [8, 5], points: flat(test.passAt1, xMax), band: { low: flat(test.low, xMax), high: flat(test.high, xMax) } }];
    }
    const at = (f: (c: CandidateResult) => number) => points.map(({ point, chosen }) => ({ x: xOf(point, axis), y: f(chosen) }));
    return [{ ...base, points: at((c) => c.test.passAt1), band: { low: at((c) => c.test.low), high: at((c) => c.test.high) } }];
  });
}

/** Mean total reward per training stream of each trained arm (drafter / solver for Agon arms, A for GRPO); `colors` by row name (rowColors). */
export function rewardSeries(arms: Record<string, ArmResult>, axis: Axis, colors: ReadonlyMap<string, string>): Series[] {
  return Object.entries(arms).flatMap(([arm, record]) => {
    const streams = [...new Set(record.curve.flatMap((p) => Object.keys(p.reward ?? {})))];
    return streams.map((stream, i) => ({
      key: `${arm}:${stream}`,
      label: `${arm} ${stream === 'A' ? 'model A' : stream}`,
      color: armColor(arm, colors),
      dash: i === 0 ? undefined : [6, 4],
      points: record.curve.flatMap((p) => (p.reward?.[stream] === undefined ? [] : [{ x: xOf(p, axis), y: p.reward[stream] }])),
    }));
  });
}

export function klSeries(arms: Record<string, ArmResult>, axis: Axis, colors: ReadonlyMap<string, string>): Series[] {
  return Object.entries(arms).flatMap(([arm, record]) => {
    const points = record.curve.flatMap((p) => (p.kl === undefined ? [] : [{ x: xOf(p, axis), y: p.kl }]));
    return points.length === 0 ? [] : [{ key: arm, label: arm, color: armColor(arm, colors), points }];
  });
}

export function finalLengthSeries(rows: readonly ChartRow[], arms: Record<string, ArmResult>, axis: Axis): Series[] {
  return rows.flatMap((row) => {
    const points = chosenPoints(row, arms).map(({ point, chosen }) => ({ x: xOf(point, axis), y: chosen.finalLength }));
    return points.length === 0 ? [] : [{ key: row.name, label: row.label, color: row.color, points }];
  });
}

const RATE_STYLES = [
  { rate: 'rescueRate', name: 'rescue', dash: undefined },
  { rate: 'sabotageRate', name: 'sabotage', dash: [6, 4] },
  { rate: 'copyRate', name: 'copy', dash: [2, 3] },
] as const;

/** Rescue / sabotage / copy rates of every cascade row (on test-hard, chosen direction). */
export function cascadeRateSeries(rows: readonly ChartRow[], arms: Record<string, ArmResult>, axis: Axis): Series[] {
  return rows.flatMap((row) => {
    const points = chosenPoints(row, arms);
    return RATE_STYLES.flatMap(({ rate, name, dash }) => {
      const xy = points.flatMap(({ point, chosen }) => (chosen[rate] === undefined ? [] : [{ x: xOf(point, axis), y: chosen[rate] }]));
      return xy.length === 0 ? [] : [{ key: `${row.name}:${name}`, label: `${row.label} ${name}`, color: row.color, dash, points: xy }];
    });
  });
}
