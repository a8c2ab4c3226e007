/**
 * The pretraining recipe and pair name flags of `npm run pretrain` and `npm run diagnose`:
 *   --pair NAME               the manifest entry and file prefix (default: the family's name,
 *                             its shipped pair; e.g. math-premise)
 *   --fact-shares S,A,B,N     shares of the facts taught to both, only A, only B, no one
 *   --fork-mix OWN,READ,UNREL shares of a fork's examples alone, reading a draft, unrelated draft
 *   --reading-focus X         share of reading examples drawn among problems the fork lacks a fact of
 *   --reading-trust X         share of reading examples that take the draft's word where the fork lacks a fact
 *   --split-seed N            seed of the shuffle the fact shares cut: which facts fall to whom
 *   --hard-difficulties D,... the difficulties of the pair's hard splits (test-hard, validation)
 * Unset flags keep the family's own recipe (its shipped pair's).
 */
import type { TaskFamily } from '../core/tasks/task';
import { recipeOf, recipeProblem, type PretrainRecipe } from '../core/train/recipe';

export const RECIPE_OPTIONS = {
  'fact-shares': { type: 'string' },
  'fork-mix': { type: 'string' },
  'reading-focus': { type: 'string' },
  'reading-trust': { type: 'string' },
  'split-seed': { type: 'string' },
  'hard-difficulties': { type: 'string' },
} as const;

const PAIR_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** The pair's name from --pair (default: the family's own), or a usage error. */
export function pairFlag(raw: string | undefined, family: TaskFamily, fail: (message: string) => never): string {
  const name = raw ?? family.name;
  if (!PAIR_NAME.test(name)) fail(`--pair must be lower-case letters, digits and dashes, starting with a letter (at most 40), got "${name}"`);
  if (name !== family.name && !name.startsWith(`${family.name}-`)) fail(`--pair for the ${family.name} family must be "${family.name}" or start with "${family.name}-", got "${name}"`);
  return name;
}

function shares<K extends string>(flag: string, raw: string, keys: readonly K[], fail: (message: string) => never): Record<K, number> {
  const parts = raw.split(',').map((s) => Number(s.trim()));
  if (parts.length !== keys.length || parts.some((x) => !Number.isFinite(x))) fail(`--${flag} takes ${keys.length} numbers separated by commas (${keys.join(',')}), got "${raw}"`);
  return Object.fromEntries(keys.map((k, i) => [k, parts[i]])) as Record<K, number>;
}

/** The recipe the flags give over the family's own, or a usage error naming what is wrong. */
type RecipeValues = { [flag in keyof typeof RECIPE_OPTIONS]?: string };

export function recipeFlags(values: RecipeValues, family: TaskFamily, fail: (message: string) => never): PretrainRecipe {
  const recipe = recipeOf(family);
  if (values['fact-shares'] !== undefined) recipe.factShares = shares('fact-shares', values['fact-shares'], ['shared', 'A', 'B', 'neither'], fail);
  if (values['fork-mix'] !== undefined) recipe.forkMix = shares('fork-mix', values['fork-mix'], ['own', 'reading', 'unrelated'], fail);
  if (values['reading-focus'] !== undefined) recipe.readingFocus = Number(values['reading-focus']);
  if (values['reading-trust'] !== undefined) recipe.readingTrust = Number(values['reading-trust']);
  const seed = values['split-seed'];
  if (seed !== undefined) {
    // Checked as text: Number('') is 0, and an empty value is a mistake, not seed 0.
    if (!/^\d+$/.test(seed.trim())) fail(`--split-seed takes a whole number from 0, got "${seed}"`);
    recipe.splitSeed = Number(seed);
  }
  const hard = values['hard-difficulties'];
  if (hard !== undefined) {
    if (!/^\s*\d+(\s*,\s*\d+)*\s*$/.test(hard)) fail(`--hard-difficulties takes whole numbers separated by commas, e.g. 3 or 2,3, got "${hard}"`);
    recipe.hardDifficulties = hard.split(',').map(Number);
  }
  const problem = recipeProblem(recipe, family);
  if (problem) fail(problem);
  return recipe;
}
