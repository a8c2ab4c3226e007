/** The premise figures as readable markdown tables (what `npm run diagnose` prints). */
import type { CascadeFigures, Premise } from './premise-schema';
import { perfectJudge } from './figures';
import { CASCADES } from './rollouts';

export const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const points = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;

/** A lift in percentage points with its interval: "+1.2 (-0.3 to +2.7)". */
export function formatLift(lift: { mean: number; low: number; high: number }): string {
  return `${points(lift.mean)} (${points(lift.low)} to ${points(lift.high)})`;
}

function kind(c: CascadeFigures): string {
  return c.drafter === c.solver ? 'self-refinement' : 'cascade';
}

function cascadeRow(name: string, c: CascadeFigures): string {
  const rescue = `${pct(c.rescue.rate)} (${pct(c.rescue.solverAlone)}) of ${c.rescue.of}`;
  const sabotage = `${pct(c.sabotage.rate)} (${pct(c.sabotage.solverAlone)}) of ${c.sabotage.of}`;
  return `| ${name} ${kind(c)} | ${pct(c.passAt1)} | ${formatLift(c.lift)} | ${pct(c.drafterAlone)} | ${pct(perfectJudge(c))} | ${rescue} | ${sabotage} | ${pct(c.copy.all)} | ${pct(c.copy.wrongDrafts)} |`;
}

export function premiseReport(task: string, p: Premise): string {
  const view = p.showDraftAnswer ? "the draft's answer shown" : "the draft's answer withheld (and masked in its trace)";
  const better = p.solo[p.better].sampled;
  const a = p.agreement;
  return [
    `## The ${task} base pair on test-hard`,
    `First ${p.problems} problems, ${p.samples} samples per problem and readout, temperature ${p.temperature}, top_p ${p.topP}, seed ${p.seed}; cascades read ${view}.`,
    '',
    '### Each model alone',
    '| model | sampled pass@1 | greedy pass@1 |',
    '|---|---:|---:|',
    ...(['A', 'B'] as const).map((m) => `| ${m} | ${pct(p.solo[m].sampled)} | ${pct(p.solo[m].greedy)} |`),
    '',
    `### Untrained cascades and self-refinement against the better single model (${p.better}, ${pct(better)})`,
    'Lift: points over the better model, paired over problems, 95% interval (normal approximation on per-problem differences).',
    "Rescue: wrong drafts turned right (in brackets: the solver alone solves those problems). Sabotage: right drafts turned wrong (in brackets: the solver alone misses those problems). Copy: the solver gave the draft's answer.",
    'Perfect judge: the pass@1 of a solver that kept every right draft and answered alone after every wrong one: what judging whole drafts can give (a reader that combines a draft with what it knows can beat it).',
    '',
    '| readout | pass@1 | lift (95% CI) | drafts right | perfect judge | rescue (solver alone) | sabotage (solver alone) | copy | copy of wrong drafts |',
    '|---|---:|---|---:|---:|---|---|---:|---:|',
    ...CASCADES.map((c) => cascadeRow(c.name, p.cascades[c.name])),
    '',
    '### A and B on the same problems',
    `Pearson correlation of per-problem solve rates (${p.samples} samples each): ${a.correlation === null ? 'n/a (a model is constant)' : a.correlation.toFixed(3)}.`,
    `Solved mostly (solve rate >= ${pct(a.mostly)}): only A ${a.onlyA}, only B ${a.onlyB}, both ${a.both}, neither ${a.neither}.`,
  ].join('\n');
}
