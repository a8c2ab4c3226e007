/**
 * How a deal of the facts (train/knowledge) divides test-hard before any model is trained: the
 * problems of each group, and the share of test-hard each model was taught everything for. A
 * pilot costs an hour of pretraining; this costs a count, so a search can look at many split seeds
 * (npm run split-search) and pretrain only the promising ones.
 */
import type { Problem, TaskFamily } from '../tasks/task';
import { dealFacts, type FactGroup } from '../train/knowledge';
import { PROBLEM_CLASSES, type ProblemClass } from './by-group';

/** Test-hard's problems by the facts each needs (sorted, one per line), with how many need exactly those. */
export function factNeeds(family: TaskFamily, problems: readonly Problem[]): Map<string, number> {
  const needs = new Map<string, number>();
  for (const problem of problems) {
    const key = [...family.facts(problem)].sort().join('\n');
    needs.set(key, (needs.get(key) ?? 0) + 1);
  }
  return needs;
}

export interface SplitCounts {
  seed: number;
  /** The facts of each group, sorted. */
  facts: Record<FactGroup, string[]>;
  /** Test-hard problems by what they need, as in the by-group table. */
  problems: Record<ProblemClass, number>;
  /** Share of test-hard whose facts A was taught, B was, and one or the other was (a perfect judge's reach). */
  taught: { A: number; B: number; either: number };
  /** Private facts (A's or B's) that no test-hard problem needs: a fork taught them is never measured on them. */
  unmeasured: string[];
}

function classOf(groups: ReadonlyMap<string, FactGroup>, facts: readonly string[]): ProblemClass {
  const seen = new Set(facts.map((fact) => groups.get(fact) ?? 'neither'));
  if (seen.has('neither')) return 'neither';
  if (seen.has('A') && seen.has('B')) return 'A and B';
  if (seen.has('A')) return 'A only';
  if (seen.has('B')) return 'B only';
  return 'shared';
}

/** The counts of the deal by `seed` of the family's facts at its shares, over the needs of `total` test-hard problems. */
export function splitCounts(family: TaskFamily, needs: ReadonlyMap<string, number>, total: number, seed: number): SplitCounts {
  const groups = dealFacts(family.factUniverse, family.factShares, seed);
  const facts: Record<FactGroup, string[]> = { shared: [], A: [], B: [], neither: [] };
  for (const [fact, group] of groups) facts[group].push(fact);
  for (const list of Object.values(facts)) list.sort();
  const problems = Object.fromEntries(PROBLEM_CLASSES.map((c) => [c, 0])) as Record<ProblemClass, number>;
  const needed = new Set<string>();
  for (const [key, count] of needs) {
    const list = key === '' ? [] : key.split('\n');
    list.forEach((fact) => needed.add(fact));
    problems[classOf(groups, list)] += count;
  }
  const share = (n: number) => n / total;
  return {
    seed,
    facts,
    problems,
    taught: { A: share(problems.shared + problems['A only']), B: share(problems.shared + problems['B only']), either: share(problems.shared + problems['A only'] + problems['B only']) },
    unmeasured: [...facts.A, ...facts.B].filter((fact) => !needed.has(fact)),
  };
}
