/**
 * Evaluation of methods at one point of training. Every readout has candidates
 * (the two cascade directions A->B and B->A, or the models A and B); the one
 * with the best validation pass@1 is chosen and its test-hard pass@1 reported,
 * so the test split never picks what is reported on it. All candidates are kept.
 */
import { evaluateCascade, soloStage, type CascadeResult } from '../eval/cascade';
import type { SamplingOptions } from '../eval/generate';
import { encodeOutcomes } from '../eval/outcomes';
import { meanPassAtK } from '../eval/stats';
import { scoreCounts, type Score } from './score';
import type { Transformer } from '../model/transformer';
import type { Problem, TaskFamily } from '../tasks/task';
import type { Member } from '../rl/round';
import type { Readout } from './methods';

export interface CandidateResult {
  /** "A", "B", "A->A", "A->B", ... */
  name: string;
  test: Score;
  /** Which test-hard problems the pass@1 rollout got right (eval/outcomes.ts); absent in results made before it was kept. */
  testOutcomes?: string;
  validation: Score;
  /** Mean final-stage completion length on test-hard, in tokens. */
  finalLength: number;
  /** Unbiased pass@k on test-hard from eval_samples samples per problem (when eval_samples > 1). */
  passAtK?: { n: number; k: number; value: number };
  /** Cascades only (on test-hard). */
  drafterAlone?: Score;
  rescueRate?: number;
  sabotageRate?: number;
  copyRate?: number;
}

export interface ReadoutResult {
  candidates: CandidateResult[];
  /** Index of the candidate chosen on validation. */
  chosen: number;
}

export interface EvalSets {
  test: readonly Problem[];
  validation: readonly Problem[];
}

export function score(correct: readonly boolean[]): Score {
  return scoreCounts(correct.filter(Boolean).length, correct.length);
}

function fromCascade(name: string, test: CascadeResult, validation: CascadeResult): CandidateResult {
  return {
    name,
    test: score(test.final.correct),
    testOutcomes: encodeOutcomes(test.final.correct),
    validation: score(validation.final.correct),
    finalLength: test.final.meanLength,
    drafterAlone: score(test.draft.correct),
    rescueRate: test.rescueRate,
    sabotageRate: test.sabotageRate,
    copyRate: test.copyRate,
  };
}

export interface EvalContext {
  family: TaskFamily;
  sets: EvalSets;
  sampling: SamplingOptions;
  showDraftAnswer: boolean;
  /** n and k of the unbiased pass@k estimate. */
  passAtK: { n: number; k: number };
  /** Counts every token generated for evaluation. */
  countTokens: (n: number) => void;
}

/** Per-problem correctness of one test-hard rollout with a given seed offset, and the tokens it took. */
type TestRollout = (seedOffset: number) => Promise<{ correct: boolean[]; tokens: number }>;

/** pass@k from eval_samples rollouts, the first being the pass@1 rollout already made. */
async function passAtK(first: boolean[], rollout: TestRollout, ctx: EvalContext): Promise<CandidateResult['passAtK']> {
  const { n, k } = ctx.passAtK;
  if (n <= 1) return undefined;
  const counts = first.map(Number);
  for (let s = 1; s < n; s++) {
    const more = await rollout(1000 * s);
    ctx.countTokens(more.tokens);
    more.correct.forEach((c, i) => (counts[i]! += Number(c)));
  }
  return { n, k, value: meanPassAtK(counts.map((c) => ({ n, c })), k) };
}

async function solo(name: string, model: Transformer, ctx: EvalContext): Promise<CandidateResult> {
  const run = async (problems: readonly Problem[], seedOffset = 0) =>
    (await soloStage(model, ctx.family, problems, { ...ctx.sampling, seed: ctx.sampling.seed + seedOffset })).result;
  const test = await run(ctx.sets.test);
  const validation = await run(ctx.sets.validation);
  ctx.countTokens(test.tokens + validation.tokens);
  const result: CandidateResult = { name, test: score(test.correct), testOutcomes: encodeOutcomes(test.correct), validation: score(validation.correct), finalLength: test.meanLength };
  result.passAtK = await passAtK(test.correct, (offset) => run(ctx.sets.test, offset), ctx);
  return result;
}

async function cascade(drafter: Member, solver: Member, models: Record<Member, Transformer>, ctx: EvalContext): Promise<CandidateResult> {
  const run = (problems: readonly Problem[], seedOffset = 0) =>
    evaluateCascade(models[drafter], models[solver], ctx.family, problems, { ...ctx.sampling, seed: ctx.sampling.seed + seedOffset }, ctx.showDraftAnswer);
  const test = await run(ctx.sets.test);
  const validation = await run(ctx.sets.validation);
  ctx.countTokens(test.final.tokens + test.draft.tokens + validation.final.tokens + validation.draft.tokens);
  const result = fromCascade(`${drafter}->${solver}`, test, validation);
  result.passAtK = await passAtK(test.final.correct, async (offset) => {
    const more = await run(ctx.sets.test, offset);
    return { correct: more.final.correct, tokens: more.final.tokens + more.draft.tokens };
  }, ctx);
  return result;
}

/** Evaluates one readout over the members an arm trains (`members`: ['A'] for GRPO, ['A', 'B'] otherwise). */
export async function evaluateReadout(readout: Readout, members: readonly Member[], models: Record<Member, Transformer>, ctx: EvalContext): Promise<ReadoutResult> {
  const candidates: CandidateResult[] = [];
  for (const m of members) {
    if (readout === 'solo') candidates.push(await solo(m, models[m], ctx));
    if (readout === 'self-cascade') candidates.push(await cascade(m, m, models, ctx));
  }
  if (readout === 'pair-cascade') {
    candidates.push(await cascade('A', 'B', models, ctx));
    candidates.push(await cascade('B', 'A', models, ctx));
  }
  return { candidates, chosen: chooseOnValidation(candidates) };
}

export function chooseOnValidation(candidates: readonly CandidateResult[]): number {
  let best = 0;
  candidates.forEach((c, i) => {
    if (c.validation.passAt1 > (candidates[best] as CandidateResult).validation.passAt1) best = i;
  });
  return best;
}
