/**
 * A run's tables seed by seed (`npm run experiment -- --summarize --by-seed`): pooled figures hide a
 * stalled seed or a swap of the picked direction, so these give each seed's candidate picked on
 * validation at every evaluation, the mechanism's signature (rescue and sabotage, copy rate), the
 * training reward of each stream, and the drafter alone against its cascade at the end.
 */
import type { CandidateResult } from '../core/experiment/evaluate';
import type { ExperimentResult } from '../core/experiment/result';
import type { RunRow } from '../core/experiment/run-rows';

interface SeedPoint {
  step: number;
  picked: CandidateResult;
  reward?: Record<string, number>;
}

interface SeedCurve {
  row: RunRow;
  seed: number;
  points: SeedPoint[];
}

const pct = (x: number) => (100 * x).toFixed(1);

/** Every (row, seed) curve of the picked candidate, in the config's row order, then by seed. */
function seedCurves(results: readonly ExperimentResult[], rows: readonly RunRow[]): SeedCurve[] {
  const curves: SeedCurve[] = [];
  for (const row of rows) {
    for (const result of [...results].sort((a, b) => a.config.seed - b.config.seed)) {
      const points: SeedPoint[] = [];
      for (const arm of Object.values(result.arms)) {
        for (const point of arm.curve) {
          const readout = point.readouts[row.name];
          const picked = readout?.candidates[readout.chosen];
          if (picked) points.push({ step: point.step, picked, reward: point.reward });
        }
      }
      if (points.length) curves.push({ row, seed: result.config.seed, points: points.sort((a, b) => a.step - b.step) });
    }
  }
  return curves;
}

/** One row per (method, seed), one column per evaluation step; rows whose cells are all blank are left out. */
function table(title: string, curves: readonly SeedCurve[], cell: (p: SeedPoint) => string | null): string {
  const rows = curves.map((c) => ({ c, cells: new Map(c.points.map((p) => [p.step, cell(p)])) })).filter((r) => [...r.cells.values()].some((v) => v !== null));
  if (!rows.length) return '';
  const steps = [...new Set(rows.flatMap((r) => [...r.cells.keys()]))].sort((a, b) => a - b);
  const lines = [`| method | seed | picked at the end | ${steps.join(' | ')} |`, `|---|---|---|${steps.map(() => '---|').join('')}`];
  for (const { c, cells } of rows) {
    lines.push(`| ${c.row.label} | ${c.seed} | ${c.points.at(-1)!.picked.name} | ${steps.map((s) => cells.get(s) ?? '').join(' | ')} |`);
  }
  return `\n${title}\n\n${lines.join('\n')}\n`;
}

function drafterAloneTable(curves: readonly SeedCurve[]): string {
  const byMethod = new Map<RunRow, CandidateResult[]>();
  for (const c of curves) {
    const last = c.points.at(-1)!.picked;
    if (last.drafterAlone) byMethod.set(c.row, [...(byMethod.get(c.row) ?? []), last]);
  }
  if (!byMethod.size) return '';
  const lines = ['| method | drafter alone, per seed | its cascade, per seed |', '|---|---|---|'];
  for (const [row, last] of byMethod) {
    lines.push(`| ${row.label} | ${last.map((c) => pct(c.drafterAlone!.passAt1)).join(' / ')} | ${last.map((c) => pct(c.test.passAt1)).join(' / ')} |`);
  }
  return `\nthe drafter of the picked direction alone at the last evaluation, against its cascade (pass@1 %)\n\n${lines.join('\n')}\n`;
}

/** The curves of the first row of each arm: the rows an arm trains for share its reward (GRPO and its self-cascade). */
function armOwners(curves: readonly SeedCurve[]): SeedCurve[] {
  const owner = new Map<string, RunRow>();
  for (const c of curves) if (!owner.has(c.row.arm)) owner.set(c.row.arm, c.row);
  return curves.filter((c) => owner.get(c.row.arm) === c.row);
}

/** The per-seed tables as Markdown, each under a one-line title. */
export function seedTablesText(results: readonly ExperimentResult[], rows: readonly RunRow[]): string {
  const curves = seedCurves(results, rows);
  return [
    table('pass@1 % on test-hard of the candidate picked on validation, per seed', curves, (p) => pct(p.picked.test.passAt1)),
    table('rescue % / sabotage % of the picked cascade, per seed', curves, (p) => (p.picked.rescueRate === undefined ? null : `${pct(p.picked.rescueRate)} / ${pct(p.picked.sabotageRate ?? 0)}`)),
    table('copy % (the solver\'s answer equals the draft\'s) of the picked cascade, per seed', curves, (p) => (p.picked.copyRate === undefined ? null : pct(p.picked.copyRate))),
    table('mean training reward over the last interval, per stream (Agon: drafter / solver; GRPO: its model), per seed', armOwners(curves), (p) => (p.reward ? Object.values(p.reward).map((r) => r.toFixed(2)).join(' / ') : null)),
    drafterAloneTable(curves),
  ].join('');
}
