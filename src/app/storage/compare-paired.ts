/**
 * Saved runs' paired differences: each row of each run (a method, or an arm or sweep point of its
 * own, by name) against one reference row of one run, paired over the same test-hard problems and
 * seeds. Only runs whose configs are the same apart from their rows (the methods ticked, the arms
 * and sweep of their own) have the same problems and seeds to pair.
 */
import { canonicalJson } from '../../core/canonical-json';
import type { ExperimentConfig } from '../../core/experiment/config';
import { pairedComparison, type PairedComparison } from '../../core/experiment/paired-comparison';
import { compareRows, tablesOf } from './compare';
import type { SavedRun } from './saved-run';

/** The row every cell is measured against (by name), and the run it is taken from. */
export interface ReferenceChoice {
  run: string;
  method: string;
}

export interface PairedCompareRow {
  method: string;
  label: string;
  /** One per run, in the order given; null where that run has no such method. */
  cells: (PairedComparison | null)[];
}

/** The config less its rows: the arms and sweep of its own train and read other models, on the same problems. */
const problemsAndSeeds = (c: ExperimentConfig) => canonicalJson({ ...c, methods: [], arms: undefined, sweep: undefined });
const sameProblemsAndSeeds = (a: ExperimentConfig, b: ExperimentConfig) => problemsAndSeeds(a) === problemsAndSeeds(b);

/** The choices of reference: every method of every run, in the table's order. */
export function referenceChoices(runs: readonly SavedRun[]): ReferenceChoice[] {
  return compareRows(runs).flatMap((row) => runs.filter((_, i) => row.cells[i] !== null).map((run) => ({ run: run.id, method: row.method })));
}

/** Agon of the first run that has it, else the first choice. */
export function defaultReference(choices: readonly ReferenceChoice[]): ReferenceChoice | undefined {
  return choices.find((c) => c.method === 'agon') ?? choices[0];
}

export function pairedCompareRows(runs: readonly SavedRun[], reference: ReferenceChoice): PairedCompareRow[] {
  const referenceRun = runs.find((r) => r.id === reference.run);
  if (!referenceRun) return [];
  const referenceSide = { method: reference.method, tables: tablesOf(referenceRun) };
  return compareRows(runs).map((row) => ({
    method: row.method,
    label: row.label,
    cells: runs.map((run, i): PairedComparison | null => {
      if (row.cells[i] === null) return null;
      if (run.id === reference.run && row.method === reference.method) return { ok: false, why: 'the reference' };
      if (!sameProblemsAndSeeds(run.config, referenceRun.config)) return { ok: false, why: "another config than the reference's run, so not the same problems and seeds" };
      return pairedComparison({ method: row.method, tables: tablesOf(run) }, referenceSide);
    }),
  }));
}
