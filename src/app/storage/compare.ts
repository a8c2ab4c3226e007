/**
 * Saved runs side by side: one row per row name (a paper's method, or an arm or sweep point of a
 * run's own config, paired by its name across runs), one column per run, each cell that run's
 * latest pass@1 for the row; for a run of several seeds that finished, pooled over them as its pooled table.
 */
import type { Score } from '../../core/experiment/score';
import { METHODS } from '../../core/experiment/methods';
import { rowLabel } from '../../core/experiment/run-rows';
import { buildTable, type ExperimentResult, type TableRow } from '../../core/experiment/result';
import { scoreProblems } from '../../core/experiment/score-rules';
import { pooledTable } from '../../core/experiment/summary';
import type { SavedRun } from './saved-run';

export interface CompareRow {
  /** The row's name: a paper's method, or an arm of a run's own. */
  method: string;
  label: string;
  /** One per run, in the order given; null where that run has no such row (or no evaluation of it yet). */
  cells: (Score | null)[];
}

/** The run's table: the final one, or for a run cut short, the same table built from its latest evaluations. */
export function tableOf(run: Pick<SavedRun, 'result' | 'config' | 'arms'>): TableRow[] {
  return run.result?.table ?? buildTable(run.config, run.arms);
}

/** The seeds a run is compared by, when more than one finished; else none, and its own table counts. */
function pooledSeeds(run: SavedRun): ExperimentResult[] {
  // Only seeds whose scores are possible: a damaged record must not take the comparison down.
  const seeds = (run.seedResults ?? []).filter((r) => r.table.every((row) => scoreProblems(row.test).length === 0));
  return seeds.length > 1 ? seeds : [];
}

/** The tables a run is compared by, one per seed: each finished seed's, or its own table alone. */
export function tablesOf(run: SavedRun): TableRow[][] {
  const seeds = pooledSeeds(run);
  return seeds.length > 0 ? seeds.map((r) => r.table) : [tableOf(run)];
}

/** Per method, the score a run is compared by: pooled over its seeds when more than one finished. */
function scoresOf(run: SavedRun): { method: string; test: Score }[] {
  const seeds = pooledSeeds(run);
  return seeds.length > 0 ? pooledTable(seeds).map((r) => ({ method: r.method, test: r.pooled })) : tableOf(run);
}

/** The paper's methods in the table's order, then the runs' own rows as they first appear. */
function rowNames(tables: readonly { method: string }[][]): string[] {
  const names = new Set(tables.flatMap((t) => t.map((r) => r.method)));
  const paper: readonly string[] = METHODS;
  return [...paper.filter((m) => names.has(m)), ...[...names].filter((n) => !paper.includes(n))];
}

export function compareRows(runs: readonly SavedRun[]): CompareRow[] {
  const tables = runs.map(scoresOf);
  return rowNames(tables).map((method) => ({
    method,
    label: rowLabel(method),
    cells: tables.map((t) => t.find((r) => r.method === method)?.test ?? null),
  }));
}
