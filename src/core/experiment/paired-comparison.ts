/**
 * A method against a reference method, paired over the same test-hard problems and seeds: the
 * difference in pass@1 at their last evaluations, from the outcomes each table row records.
 * The two may come from one run or from two runs of the same config (the same problems).
 */
import { decodeOutcomes } from '../eval/outcomes';
import { pairedBootstrap, pairedRatioBootstrap, type PairedOutcomes } from '../eval/paired-bootstrap';
import type { Estimate } from '../eval/stats';
import { rowLabel } from './run-rows';
import type { TableRow } from './result';

/** The difference (method minus reference, as fractions), or why it cannot be shown. */
export type PairedComparison = { ok: true; difference: Estimate } | { ok: false; why: string };

/** One side of a comparison: a method, and the table of each seed it ran, in seed order. */
export interface ComparedSide {
  /** A row's name: a paper's method or an arm of the config's own. */
  method: string;
  tables: readonly (readonly TableRow[])[];
}

const NOT_RECORDED = 'per-problem outcomes not recorded in this result';

/** Both methods' outcomes in one seed, or why they cannot be paired. */
function seedOutcomes(x: TableRow | undefined, y: TableRow | undefined, reference: string): PairedOutcomes | string {
  if (!y) return `${rowLabel(reference)} has no evaluation here`;
  if (!x) return 'no evaluation yet';
  if (x.testOutcomes === undefined || y.testOutcomes === undefined) return NOT_RECORDED;
  if (x.test.n !== y.test.n) return `measured on ${x.test.n} and ${y.test.n} problems, so not on the same ones`;
  const [dx, dy] = [decodeOutcomes(x.testOutcomes, x.test.n), decodeOutcomes(y.testOutcomes, y.test.n)];
  if (!dx.ok || !dy.ok) return NOT_RECORDED;
  return { x: dx.correct, y: dy.correct };
}

/** Every seed's outcomes of both sides, or why they cannot be paired. */
function pairedSeeds(side: ComparedSide, reference: ComparedSide): PairedOutcomes[] | string {
  if (side.tables.length !== reference.tables.length) return `${side.tables.length} seeds against ${reference.tables.length}`;
  if (side.tables.length === 0) return 'no evaluation yet';
  const seeds: PairedOutcomes[] = [];
  for (const [i, table] of side.tables.entries()) {
    const outcomes = seedOutcomes(table.find((r) => r.method === side.method), reference.tables[i]?.find((r) => r.method === reference.method), reference.method);
    if (typeof outcomes === 'string') return outcomes;
    seeds.push(outcomes);
  }
  return seeds;
}

export function pairedComparison(side: ComparedSide, reference: ComparedSide): PairedComparison {
  const seeds = pairedSeeds(side, reference);
  return typeof seeds === 'string' ? { ok: false, why: seeds } : { ok: true, difference: pairedBootstrap(seeds) };
}

/** The side's pass@1 over the reference's (Agon / GRPO) with its interval from the difference's resamples, or why there is none. */
export function pairedRatio(side: ComparedSide, reference: ComparedSide): { ok: true; ratio: Estimate } | { ok: false; why: string } {
  const seeds = pairedSeeds(side, reference);
  if (typeof seeds === 'string') return { ok: false, why: seeds };
  const ratio = pairedRatioBootstrap(seeds);
  return ratio ? { ok: true, ratio } : { ok: false, why: `${rowLabel(reference.method)} got no problem right` };
}

/** Every method of a run against the run's own reference method; the reference's own row says so. */
export function referenceColumn<Name extends string>(tables: readonly (readonly TableRow[])[], methods: readonly Name[], reference: string): Map<Name, PairedComparison> {
  return new Map(methods.map((method) => [
    method,
    method === reference ? { ok: false, why: 'the reference' } : pairedComparison({ method, tables }, { method: reference, tables }),
  ]));
}
