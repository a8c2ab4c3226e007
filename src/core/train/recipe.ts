/**
 * A base pair's pretraining recipe as data: who is taught which facts (factShares), the mix of
 * a fork's examples (forkMix) and how many of its reading examples need a fact it lacks
 * (readingFocus), how often a reading example takes the draft's word (readingTrust), which facts fall to whom
 * (splitSeed, the seed of the shuffle the fact shares cut), and which difficulties make up the pair's hard
 * splits (hardDifficulties: test-hard, validation, and the problems a fork's focused reading draws). A family carries the recipe of its shipped pair; `npm run pretrain` takes
 * another one as flags and records it in the pair's manifest entry, so every pair can be rebuilt
 * from its entry. Which pair a problem's fact belongs to follows the recipe (see ./knowledge).
 */
import type { TaskFamily } from '../tasks/task';

export type PretrainRecipe = Pick<TaskFamily, 'factShares' | 'forkMix' | 'readingFocus' | 'readingTrust' | 'splitSeed' | 'hardDifficulties'>;

/** The difficulties a family has, which a recipe's hard splits must come from. */
type Difficulties = Pick<TaskFamily, 'minDifficulty' | 'maxDifficulty'>;

export function recipeOf(family: TaskFamily): PretrainRecipe {
  const { factShares, forkMix, readingFocus, readingTrust, splitSeed, hardDifficulties } = family;
  return { factShares: { ...factShares }, forkMix: { ...forkMix }, readingFocus, readingTrust, splitSeed, hardDifficulties: [...hardDifficulties] };
}

const sumsToOne = (shares: Readonly<Record<string, number>>) => Math.abs(Object.values(shares).reduce((s, x) => s + x, 0) - 1) < 1e-9;
const fractions = (shares: Readonly<Record<string, number>>) => Object.values(shares).every((x) => Number.isFinite(x) && x >= 0 && x <= 1);

/** What is wrong with a hard split for a family of these difficulties, or null. */
export function hardSplitProblem(hard: readonly number[], { minDifficulty, maxDifficulty }: Difficulties): string | null {
  const ok = hard.length > 0 && new Set(hard).size === hard.length && hard.every((d) => Number.isInteger(d) && d >= minDifficulty && d <= maxDifficulty);
  return ok ? null : `the hard difficulties must be distinct whole numbers from ${minDifficulty} to ${maxDifficulty}, at least one, got ${JSON.stringify(hard)}`;
}

/** What is wrong with a recipe for a family of these difficulties, or null: shares are fractions adding up to 1, A and B are taught as many facts. */
export function recipeProblem(recipe: PretrainRecipe, difficulties: Difficulties): string | null {
  const { factShares, forkMix, readingFocus, readingTrust, splitSeed, hardDifficulties } = recipe;
  if (!fractions(factShares) || !sumsToOne(factShares)) return `fact shares must be fractions adding up to 1, got ${JSON.stringify(factShares)}`;
  if (factShares.A !== factShares.B) return `A and B must be taught as many facts, got A ${factShares.A} and B ${factShares.B}`;
  if (!fractions(forkMix) || !sumsToOne(forkMix)) return `the fork mix must be fractions adding up to 1, got ${JSON.stringify(forkMix)}`;
  if (!(readingFocus >= 0 && readingFocus <= 1)) return `the reading focus must be from 0 to 1, got ${readingFocus}`;
  if (!(readingTrust >= 0 && readingTrust <= 1)) return `the reading trust must be from 0 to 1, got ${readingTrust}`;
  if (!(Number.isSafeInteger(splitSeed) && splitSeed >= 0)) return `the split seed must be a whole number from 0, got ${splitSeed}`;
  return hardSplitProblem(hardDifficulties, difficulties);
}

/** The family as a pair pretrained by `recipe` sees it; throws on a recipe recipeProblem rejects. */
export function withRecipe(family: TaskFamily, recipe: PretrainRecipe): TaskFamily {
  const problem = recipeProblem(recipe, family);
  if (problem) throw new Error(`bad pretraining recipe: ${problem}`);
  return { ...family, ...recipeOf({ ...family, ...recipe }) };
}
