/** The versioned result object: everything needed to redraw every plot and table without rerunning. */
import type { ExperimentConfig } from './config';
import type { ReadoutResult } from './evaluate';
import type { Score } from './score';
import { headlineRatios, ratioInputs } from './headline-ratios';
import { runArms, runRows } from './run-rows';

export const RESULT_SCHEMA = 'agon-playground/result';
export const RESULT_VERSION = 1;

export interface EvalPoint {
  step: number;
  /** Tokens sampled for training up to this point (compute-parity x-axis). */
  tokensGenerated: number;
  /** Completion tokens the updates were computed on. */
  tokensTrained: number;
  /** Mean per-token KL to the starting weights over the last eval interval (trained arms). */
  kl?: number;
  /** Mean total reward of the last eval interval, per stream. */
  reward?: Record<string, number>;
  /** By row name: a paper's method, or an arm of the config's own (run-rows.ts). */
  readouts: Record<string, ReadoutResult>;
}

export interface ArmResult {
  curve: EvalPoint[];
  stepsDone: number;
  evalTokens: number;
  error?: string;
}

export interface Environment {
  backend: string;
  adapter?: string;
  tfjsVersion: string;
  appVersion: string;
  platform: string;
}

export interface TableRow {
  /** The row's name: a paper's method, or an arm of the config's own. */
  method: string;
  label: string;
  /** The candidate chosen on validation ("A->B", ...), reported on test-hard. */
  chosen: string;
  test: Score;
  /** The chosen candidate's per-problem outcomes on test-hard, for paired comparisons (paired-comparison.ts). */
  testOutcomes?: string;
  finalLength: number;
  /** Test-hard pass@1 of every candidate (both directions), for transparency. */
  candidates: { name: string; passAt1: number; validationPassAt1: number }[];
  drafterAlone?: Score;
}

/**
 * Two of the headline ratios, as result files have always stored them (null where undefined). The
 * views compute all three from the table (headline-ratios.ts), so files written before the third
 * existed show it too.
 */
export interface Headline {
  /** Agon / GRPO (pass@1). */
  agonOverGrpo: number | null;
  /** (Agon - base) / (MoA - base), base = zero-shot. */
  agonGainOverMoaGain: number | null;
}

export interface ExperimentResult {
  schema: typeof RESULT_SCHEMA;
  version: typeof RESULT_VERSION;
  /** 'interrupted': a partial result the app kept when its page closed or crashed mid-run. */
  status: 'complete' | 'cancelled' | 'failed' | 'interrupted';
  config: ExperimentConfig;
  environment: Environment;
  startedAt: string;
  finishedAt: string;
  arms: Record<string, ArmResult>;
  table: TableRow[];
  headline: Headline;
}

/** The last evaluation of each row (method or arm of the config's own), in the paper's table shape. */
export function buildTable(config: ExperimentConfig, arms: Record<string, ArmResult>): TableRow[] {
  const rows: TableRow[] = [];
  for (const row of runRows(config)) {
    const method = row.name;
    const curve = arms[row.arm]?.curve ?? [];
    const last = [...curve].reverse().find((p) => p.readouts[method]);
    const readout = last?.readouts[method];
    if (!readout) continue;
    const chosen = readout.candidates[readout.chosen];
    if (!chosen) continue;
    rows.push({
      method,
      label: row.label,
      chosen: chosen.name,
      test: chosen.test,
      ...(chosen.testOutcomes === undefined ? {} : { testOutcomes: chosen.testOutcomes }),
      finalLength: chosen.finalLength,
      candidates: readout.candidates.map((c) => ({ name: c.name, passAt1: c.test.passAt1, validationPassAt1: c.validation.passAt1 })),
      drafterAlone: chosen.drafterAlone,
    });
  }
  return rows;
}

/** The pass@1 of each row, for the headline ratios. */
export const tableRatioInputs = (table: readonly TableRow[]) => ratioInputs(table.map((r) => ({ method: r.method, passAt1: r.test.passAt1 })));

export function headline(table: readonly TableRow[]): Headline {
  const ratios = headlineRatios(tableRatioInputs(table));
  const value = (id: keyof Headline) => ratios.find((r) => r.id === id)!.value;
  return { agonOverGrpo: value('agonOverGrpo'), agonGainOverMoaGain: value('agonGainOverMoaGain') };
}

const STATUS_RANK: Record<ExperimentResult['status'], number> = { complete: 0, cancelled: 1, interrupted: 2, failed: 3 };

/**
 * One result from runs of the same config and seed that each trained some of its arms (the
 * CLI's --jobs runs arms in parallel processes): every arm, the table rebuilt from them, the
 * worst status, the earliest start and the latest finish.
 */
export function mergeArmRuns(parts: readonly ExperimentResult[]): ExperimentResult {
  const [first] = parts;
  if (!first) throw new Error('mergeArmRuns: no results');
  const all = Object.assign({}, ...parts.map((p) => p.arms)) as Record<string, ArmResult>;
  // In the order a single run lists them.
  const arms = Object.fromEntries(runArms(first.config).map((a) => a.name).filter((a) => all[a]).map((a) => [a, all[a]!]));
  const table = buildTable(first.config, arms);
  return {
    ...first,
    status: parts.reduce((worst, p) => (STATUS_RANK[p.status] > STATUS_RANK[worst] ? p.status : worst), first.status),
    startedAt: parts.map((p) => p.startedAt).sort()[0]!,
    finishedAt: parts.map((p) => p.finishedAt).sort().at(-1)!,
    arms,
    table,
    headline: headline(table),
  };
}
