/**
 * Where a pair's cascade gains or loses, by what each problem needs of the knowledge split
 * (train/knowledge): problems whose facts are all shared, that need a fact only A was
 * taught, only B, one of each, or one that no one was. The recipe's premise is that a
 * solver gains on the problems whose missing fact its drafter knows (A->B on "A only"),
 * and the rows show whether it does, and how often the solver repeats a wrong draft there.
 */
import type { Member } from '../rl/round';
import type { Problem, TaskFamily } from '../tasks/task';
import { factGroup } from '../train/knowledge';
import { mean, solveRates, type CascadeSample } from './premise-stats';
import type { PremiseSamples } from './measure';
import { pct } from './report';

export const PROBLEM_CLASSES = ['shared', 'A only', 'B only', 'A and B', 'neither'] as const;
export type ProblemClass = (typeof PROBLEM_CLASSES)[number];

/** What a problem needs: a fact no one was taught wins, then facts of both forks, then one fork's. */
export function problemClass(family: TaskFamily, problem: Problem): ProblemClass {
  const groups = new Set(family.facts(problem).map((fact) => factGroup(family, fact)));
  if (groups.has('neither')) return 'neither';
  if (groups.has('A') && groups.has('B')) return 'A and B';
  if (groups.has('A')) return 'A only';
  if (groups.has('B')) return 'B only';
  return 'shared';
}

type Direction = 'A->B' | 'B->A';
const DIRECTIONS: readonly Direction[] = ['A->B', 'B->A'];

export interface GroupFigures {
  group: ProblemClass;
  problems: number;
  /** Mean per-problem solve rate of each model alone. */
  solo: Record<Member, number>;
  cascades: Record<Direction, { passAt1: number; copyOfWrongDrafts: number | null }>;
}

function copyOfWrong(samples: readonly CascadeSample[]): number | null {
  const wrong = samples.filter((s) => !s.draft);
  return wrong.length === 0 ? null : wrong.filter((s) => s.copy).length / wrong.length;
}

/** One row per class that has problems, in PROBLEM_CLASSES order. */
export function figuresByGroup(family: TaskFamily, { problems, rollouts }: PremiseSamples): GroupFigures[] {
  const classes = problems.map((p) => problemClass(family, p));
  return PROBLEM_CLASSES.flatMap((group) => {
    const rows = classes.flatMap((c, i) => (c === group ? [i] : []));
    if (rows.length === 0) return [];
    const pick = <T>(perProblem: readonly T[]) => rows.map((i) => perProblem[i] as T);
    const soloRate = (m: Member) => mean(solveRates(pick(rollouts.solo[m].sampled)));
    const cascade = (d: Direction) => {
      const samples = pick(rollouts.cascades[d]);
      return { passAt1: mean(solveRates(samples.map((row) => row.map((s) => s.final)))), copyOfWrongDrafts: copyOfWrong(samples.flat()) };
    };
    return [{ group, problems: rows.length, solo: { A: soloRate('A'), B: soloRate('B') }, cascades: { 'A->B': cascade('A->B'), 'B->A': cascade('B->A') } }];
  });
}

export function groupReport(rows: readonly GroupFigures[]): string {
  return [
    '### By what a problem needs of the knowledge split',
    'A problem is "A only" when it needs a fact only A was taught (and none only B or no one was), and so on; "neither" needs a fact no one was taught.',
    '',
    '| problems needing | count | A alone | B alone | A->B | B->A | A->B copy of wrong drafts | B->A copy of wrong drafts |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.group} | ${r.problems} | ${pct(r.solo.A)} | ${pct(r.solo.B)} | ${DIRECTIONS.map((d) => pct(r.cascades[d].passAt1)).join(' | ')} | ${DIRECTIONS.map((d) => pct(r.cascades[d].copyOfWrongDrafts)).join(' | ')} |`),
  ].join('\n');
}
