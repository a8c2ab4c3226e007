/**
 * Pools results over seeds: per method, the test-hard pass@1 of each seed and the
 * pooled pass@1 over all seeds' problems with its Clopper-Pearson interval.
 */
import { headlineRatios, ratioInputs, type HeadlineRatio } from './headline-ratios';
import { scoreCounts, type Score } from './score';
import type { ExperimentResult } from './result';

export interface PooledRow {
  /** The row's name: a paper's method or an arm of the config's own. */
  method: string;
  label: string;
  perSeed: number[];
  pooled: Score;
  finalLength: number;
  chosen: string[];
}

export function pooledTable(results: readonly ExperimentResult[]): PooledRow[] {
  const first = results[0];
  if (!first) return [];
  return first.table.map((row) => {
    const rows = results.map((r) => r.table.find((x) => x.method === row.method)).filter((x) => x !== undefined);
    return {
      method: row.method,
      label: row.label,
      perSeed: rows.map((r) => r.test.passAt1),
      pooled: scoreCounts(rows.reduce((s, r) => s + r.test.correct, 0), rows.reduce((s, r) => s + r.test.n, 0)),
      finalLength: rows.reduce((s, r) => s + r.finalLength, 0) / Math.max(1, rows.length),
      chosen: rows.map((r) => r.chosen),
    };
  });
}

/** The headline ratios on the pooled pass@1. */
export function pooledRatios(rows: readonly PooledRow[]): HeadlineRatio[] {
  return headlineRatios(ratioInputs(rows.map((r) => ({ method: r.method, passAt1: r.pooled.passAt1 }))));
}

export interface CurvePoint {
  step: number;
  tokensGenerated: number;
  passAt1: number;
  low: number;
  high: number;
}

/**
 * Per method, the chosen candidate's test-hard pass@1 at each eval step, pooled
 * over seeds (counts added, Clopper-Pearson interval on the pooled counts).
 * Untrained methods have one point, at step 0.
 */
export function methodCurves(results: readonly ExperimentResult[]): Partial<Record<string, CurvePoint[]>> {
  const pooled: Partial<Record<string, Map<number, { correct: number; n: number; tokens: number }>>> = {};
  for (const result of results) {
    for (const record of Object.values(result.arms)) {
      for (const point of record.curve) {
        for (const [method, readout] of Object.entries(point.readouts) as [string, (typeof point.readouts)[string]][]) {
          const chosen = readout?.candidates[readout.chosen];
          if (!chosen) continue;
          const byStep = (pooled[method] ??= new Map());
          const acc = byStep.get(point.step) ?? { correct: 0, n: 0, tokens: 0 };
          byStep.set(point.step, { correct: acc.correct + chosen.test.correct, n: acc.n + chosen.test.n, tokens: acc.tokens + point.tokensGenerated / results.length });
        }
      }
    }
  }
  const out: Partial<Record<string, CurvePoint[]>> = {};
  for (const [method, byStep] of Object.entries(pooled) as [string, Map<number, { correct: number; n: number; tokens: number }>][]) {
    out[method] = [...byStep.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([step, acc]) => {
        const s = scoreCounts(acc.correct, acc.n);
        return { step, tokensGenerated: acc.tokens, passAt1: s.passAt1, low: s.low, high: s.high };
      });
  }
  return out;
}

export interface MechanismPoint {
  step: number;
  /** Mean over seeds of the chosen cascade's rescue and sabotage rates; null where no seed had one. */
  rescue: number | null;
  sabotage: number | null;
}

const meanOf = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/**
 * The mechanism's signature over training, per cascade method: the chosen cascade's
 * rescue rate (wrong drafts turned right) and sabotage rate (right drafts turned wrong)
 * at each eval step, averaged over seeds. Methods without a cascade have none.
 */
export function mechanismCurves(results: readonly ExperimentResult[]): Partial<Record<string, MechanismPoint[]>> {
  const byMethod: Partial<Record<string, Map<number, { rescue: number[]; sabotage: number[] }>>> = {};
  for (const result of results) {
    for (const record of Object.values(result.arms)) {
      for (const point of record.curve) {
        for (const [method, readout] of Object.entries(point.readouts) as [string, (typeof point.readouts)[string]][]) {
          const chosen = readout?.candidates[readout.chosen];
          if (chosen?.rescueRate === undefined && chosen?.sabotageRate === undefined) continue;
          const byStep = (byMethod[method] ??= new Map());
          const acc = byStep.get(point.step) ?? { rescue: [], sabotage: [] };
          if (chosen.rescueRate !== undefined) acc.rescue.push(chosen.rescueRate);
          if (chosen.sabotageRate !== undefined) acc.sabotage.push(chosen.sabotageRate);
          byStep.set(point.step, acc);
        }
      }
    }
  }
  const out: Partial<Record<string, MechanismPoint[]>> = {};
  for (const [method, byStep] of Object.entries(byMethod) as [string, Map<number, { rescue: number[]; sabotage: number[] }>][]) {
    out[method] = [...byStep.entries()].sort((x, y) => x[0] - y[0]).map(([step, acc]) => ({ step, rescue: meanOf(acc.rescue), sabotage: meanOf(acc.sabotage) }));
  }
  return out;
}
