/**
 * pass@k of each model alone on test-hard, overall and by what a problem needs of the knowledge
 * split (by-group): how much a model solves at least once in k samples at the RL sampling
 * temperature. GRPO can only reinforce answers its model already samples, so this is the room
 * reward alone has before any RL: on a group whose pass@64 is near 0 (a fact only the rival was
 * taught) no sample is rewarded, unless what is learned elsewhere carries over, while a cascade
 * can take that fact from the rival's draft.
 */
import { clopperPearson, passAtK } from '../eval/stats';
import type { Member } from '../rl/round';
import { DEFAULT_RL_CONFIG } from '../rl/config';
import { Rng } from '../random';
import { completionBudget } from '../tasks/budget';
import { plainPrompt } from '../tasks/format';
import { testHardSplit } from '../tasks/splits';
import type { Problem, TaskFamily } from '../tasks/task';
import { verify } from '../tasks/verifier';
import { PROBLEM_CLASSES, problemClass } from './by-group';
import { factGroup } from '../train/knowledge';
import type { PassAtK, PassAtKCell, PassAtKRow, RivalFactRow } from './pass-at-k-schema';
import type { Completer } from './rollouts';

/**
 * 64 samples a problem, so pass@64 is the last k they allow. 200 problems by default, a quick look
 * (both models on them take 2-3 minutes for math and 5-6 for code on two busy cores); the shipped
 * pairs' figures are measured on all 1000.
 */
export const PASS_AT_K_DEFAULTS = { problems: 200, samples: 64, ks: [1, 4, 16, 64], seed: 1 } as const;

/** As GRPO samples its group (rl/config), so the figures are the exploration RL starts from. */
const SAMPLING = { temperature: DEFAULT_RL_CONFIG.temperature, topP: DEFAULT_RL_CONFIG.top_p } as const;

/** Seeds apart from the premise readouts' (seed + 0 to 500), so these samples are not theirs again. */
const SEED_OFFSET: Record<Member, number> = { A: 1000, B: 1100 };

const Z95 = 1.959963984540054;

export interface PassAtKSetup {
  problems: number;
  /** n: samples per problem and model. */
  samples: number;
  ks: readonly number[];
  seed: number;
  /** The command line that measures it again, recorded with the figures. */
  command: string;
}

/** Called after each problem, so a long measurement can say how far it is. */
export type Progress = (member: Member, done: number, total: number) => void;

export interface CountOptions {
  samples: number;
  temperature: number;
  topP: number;
  maxNewTokens: number;
  seed: number;
}

/** Per problem, how many of its samples were right, and how many of those wrote the reference trace. */
export interface SampleCounts {
  right: number[];
  referenceTrace: number[];
}

/**
 * Counts each problem's right samples. One sampler call a problem, its samples one batch: the
 * rows share a prompt, so no row waits on padding, and each problem's seed comes from one
 * stream, so a problem's samples do not depend on how many problems run.
 */
export async function sampleCounts(completer: Completer, family: TaskFamily, problems: readonly Problem[], options: CountOptions, onDone?: (done: number) => void): Promise<SampleCounts> {
  const rng = new Rng(options.seed);
  const counts: SampleCounts = { right: [], referenceTrace: [] };
  for (const problem of problems) {
    const prompts = Array.from({ length: options.samples }, () => plainPrompt(family, problem));
    const sampling = { temperature: options.temperature, topP: options.topP, maxNewTokens: options.maxNewTokens, seed: rng.seed(), chunkSize: options.samples };
    const right = (await completer(prompts, sampling)).map((text) => verify(family, problem, text)).filter((v) => v.verdict === 'correct');
    counts.right.push(right.length);
    counts.referenceTrace.push(right.filter((v) => v.trace === problem.trace).length);
    onDone?.(counts.right.length);
  }
  return counts;
}

/**
 * The mean over problems of the unbiased pass@k (1 - C(n-c, k) / C(n, k)) with a 95% interval:
 * the normal approximation over problems, or where every problem has the same value (all 0 or
 * all 1, where that interval has no width) Clopper-Pearson on the problems, which keeps a group
 * that never solves anything from claiming certainty (0 of 200 still allows up to 1.8%).
 */
export function passAtKCell(counts: readonly number[], n: number, k: number): PassAtKCell {
  const m = counts.length;
  if (m === 0) throw new RangeError('passAtKCell: no problems');
  const values = counts.map((c) => passAtK(n, c, k));
  const mean = values.reduce((s, v) => s + v, 0) / m;
  const variance = m < 2 ? 0 : values.reduce((s, v) => s + (v - mean) ** 2, 0) / (m - 1);
  if (variance === 0) return { k, mean, ...clopperPearson(Math.round(mean * m), m) };
  const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(m);
  return { k, mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

/** "all" first, then one row per class that has problems, in PROBLEM_CLASSES order. */
export function passAtKRows(family: TaskFamily, problems: readonly Problem[], counts: Record<Member, SampleCounts>, n: number, ks: readonly number[]): PassAtKRow[] {
  const classes = problems.map((p) => problemClass(family, p));
  const row = (group: PassAtKRow['group'], indices: number[]): PassAtKRow => {
    const cells = (perProblem: readonly number[]) => ks.map((k) => passAtKCell(indices.map((i) => perProblem[i] as number), n, k));
    return {
      group,
      problems: indices.length,
      A: cells(counts.A.right),
      B: cells(counts.B.right),
      referenceTrace: { A: cells(counts.A.referenceTrace), B: cells(counts.B.referenceTrace) },
    };
  };
  const groups = PROBLEM_CLASSES.flatMap((group) => {
    const indices = classes.flatMap((c, i) => (c === group ? [i] : []));
    return indices.length === 0 ? [] : [row(group, indices)];
  });
  return [row('all', problems.map((_, i) => i)), ...groups];
}

/**
 * For each fact only one model was taught, the other model's pass@k on the problems that need it
 * (those of the owner's "only" group): which of a rival's facts reward alone can find. A group's
 * pass@k can hide that one easily guessed fact carries it (code: a two-primitive program).
 */
export function rivalFactRows(family: TaskFamily, problems: readonly Problem[], counts: Record<Member, SampleCounts>, n: number, ks: readonly number[]): RivalFactRow[] {
  const classes = problems.map((p) => problemClass(family, p));
  return family.factUniverse.flatMap((fact) => {
    const group = factGroup(family, fact);
    if (group !== 'A' && group !== 'B') return [];
    const rival: Member = group === 'A' ? 'B' : 'A';
    const indices = problems.flatMap((p, i) => (classes[i] === `${group} only` && family.facts(p).includes(fact) ? [i] : []));
    if (indices.length === 0) return [];
    return [{ fact, taughtTo: group, problems: indices.length, rival: ks.map((k) => passAtKCell(indices.map((i) => counts[rival].right[i] as number), n, k)) }];
  });
}

function checkSetup(setup: PassAtKSetup): void {
  if (!Number.isInteger(setup.problems) || setup.problems < 1) throw new RangeError(`pass@k needs at least 1 problem, got ${setup.problems}`);
  if (!Number.isInteger(setup.samples) || setup.samples < 1) throw new RangeError(`pass@k needs at least 1 sample, got ${setup.samples}`);
  const bad = setup.ks.find((k) => !Number.isInteger(k) || k < 1 || k > setup.samples);
  if (bad !== undefined) throw new RangeError(`every k must be an integer from 1 to the ${setup.samples} samples, got ${bad}`);
}

/** Samples each model alone on the first problems of test-hard and estimates its pass@k overall and by group. */
export async function measurePassAtK(models: Record<Member, Completer>, family: TaskFamily, setup: PassAtKSetup, onProgress?: Progress): Promise<PassAtK> {
  checkSetup(setup);
  const problems = testHardSplit(family, setup.problems);
  const countsOf = (member: Member) =>
    sampleCounts(models[member], family, problems, { ...SAMPLING, samples: setup.samples, maxNewTokens: completionBudget(family), seed: setup.seed + SEED_OFFSET[member] }, (done) => onProgress?.(member, done, problems.length));
  const counts = { A: await countsOf('A'), B: await countsOf('B') };
  return {
    command: setup.command,
    split: 'test-hard',
    problems: setup.problems,
    samples: setup.samples,
    ...SAMPLING,
    seed: setup.seed,
    ks: [...setup.ks],
    rows: passAtKRows(family, problems, counts, setup.samples, setup.ks),
    byRivalFact: rivalFactRows(family, problems, counts, setup.samples, setup.ks),
  };
}
