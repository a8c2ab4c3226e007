/**
 * Train, validation and test-hard splits that never share a problem: a problem's
 * split is decided by a hash of its canonical form, so no two splits can hold
 * the same problem whatever seeds or sizes are asked for.
 */
import { fnv1a, Rng } from '../random';
import type { Problem, TaskFamily } from './task';

export type Split = 'train' | 'validation' | 'test-hard';

/** The fixed seed and size of the test-hard split: every pass@1 in the product refers to this set. */
export const TEST_HARD_SEED = 20260707;
export const TEST_HARD_SIZE = 1000;
export const VALIDATION_SEED = 20260708;

type Bucket = 'train' | 'validation' | 'test';

export function bucketOf(family: TaskFamily, problem: Problem): Bucket {
  const h = fnv1a(family.canonical(problem)) % 10;
  return h === 0 ? 'validation' : h === 1 ? 'test' : 'train';
}

const BUCKET: Record<Split, Bucket> = { train: 'train', validation: 'validation', 'test-hard': 'test' };

/** Difficulties a split draws from: the evaluation splits are hard only. */
export function splitDifficulties(family: TaskFamily, split: Split): readonly number[] {
  if (split !== 'train') return family.hardDifficulties;
  const all: number[] = [];
  for (let d = family.minDifficulty; d <= family.maxDifficulty; d++) all.push(d);
  return all;
}

/** One problem of the given split (rejection sampling on the hash bucket). */
export function sampleProblem(family: TaskFamily, split: Split, rng: Rng, difficulties = splitDifficulties(family, split)): Problem {
  for (let tries = 0; tries < 10_000; tries++) {
    const problem = family.generate(rng, rng.pick(difficulties));
    if (bucketOf(family, problem) === BUCKET[split]) return problem;
  }
  throw new Error(`could not draw a ${split} problem of difficulty ${difficulties.join('/')} for ${family.name}`);
}

/** A deduplicated list of `size` problems of a split, fixed by `seed`. */
export function buildSplit(family: TaskFamily, split: Split, size: number, seed: number): Problem[] {
  const rng = new Rng(seed);
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (let tries = 0; problems.length < size; tries++) {
    if (tries > size * 100) throw new Error(`${family.name} has fewer than ${size} distinct ${split} problems`);
    const problem = sampleProblem(family, split, rng);
    const key = family.canonical(problem);
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

export function testHardSplit(family: TaskFamily, size = TEST_HARD_SIZE): Problem[] {
  return buildSplit(family, 'test-hard', size, TEST_HARD_SEED);
}

export function validationSplit(family: TaskFamily, size = TEST_HARD_SIZE): Problem[] {
  return buildSplit(family, 'validation', size, VALIDATION_SEED);
}
