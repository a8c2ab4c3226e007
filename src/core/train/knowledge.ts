/**
 * Who is taught what. The paper's pair profits from a rival's draft because the
 * rival knows things the reader does not; two copies of one model trained on one
 * stream never do. So pretraining splits a family's facts (math: times-table
 * entries; code: programs) into four fixed groups, by the family's factShares: taught
 * to both models, only to A, only to B, and to neither (so even a perfect reader's
 * cascade cannot solve everything). The shared trunk learns the shared facts.
 * The split is a fixed shuffle of the family's facts (by its splitSeed), so it is the same everywhere.
 */
import { Rng } from '../random';
import type { TaskFamily } from '../tasks/task';

export type Learner = 'trunk' | 'A' | 'B';
/** The groups a family's factShares name. */
export type FactGroup = keyof TaskFamily['factShares'];

/** The groups in the order they are taken along the shuffle, each its family's factShares of it. */
const ORDER: readonly FactGroup[] = ['shared', 'A', 'B', 'neither'];

function shuffled(facts: readonly string[], seed: number): string[] {
  const out = [...facts].sort();
  const rng = new Rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return out;
}

const groupsByFamily = new Map<string, Map<string, FactGroup>>();

/** What decides a family's split: a recipe can change its shares and seed (see ./recipe), so both are in it. */
export function splitKey(family: TaskFamily): string {
  return `${family.name} ${JSON.stringify(family.factShares)} ${family.splitSeed}`;
}

/** The facts dealt into groups: a fixed shuffle by `seed`, cut in order by the shares (each group rounds its own share, so A and B always get as many facts; 'neither' takes the rest). */
export function dealFacts(facts: readonly string[], shares: TaskFamily['factShares'], seed: number): Map<string, FactGroup> {
  const ranked = shuffled(facts, seed);
  const sizes = ORDER.map((group) => (group === 'neither' ? ranked.length : Math.round(shares[group] * ranked.length)));
  const groups = new Map<string, FactGroup>();
  let start = 0;
  ORDER.forEach((group, i) => {
    const end = Math.min(ranked.length, start + (sizes[i] as number));
    for (const fact of ranked.slice(start, end)) groups.set(fact, group);
    start = end;
  });
  return groups;
}

/** Each fact of the family with its group. */
export function factGroups(family: TaskFamily): ReadonlyMap<string, FactGroup> {
  const key = splitKey(family);
  let groups = groupsByFamily.get(key);
  if (!groups) {
    groups = dealFacts(family.factUniverse, family.factShares, family.splitSeed);
    groupsByFamily.set(key, groups);
  }
  return groups;
}

/** A fact's group; a fact outside the family's universe is taught to no one. */
export function factGroup(family: TaskFamily, fact: string): FactGroup {
  return factGroups(family).get(fact) ?? 'neither';
}

/** Whether pretraining teaches `learner` this fact. */
export function taught(family: TaskFamily, learner: Learner, fact: string): boolean {
  const group = factGroup(family, fact);
  return group === 'shared' || group === learner;
}

/** How many of the family's facts are in each group. */
export function groupCounts(family: TaskFamily): Record<FactGroup, number> {
  const counts: Record<FactGroup, number> = { shared: 0, A: 0, B: 0, neither: 0 };
  for (const group of factGroups(family).values()) counts[group] += 1;
  return counts;
}
