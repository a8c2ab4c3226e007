/**
 * The samples behind the premise diagnostics: on each problem, k sampled answers and
 * one greedy answer of each model alone, and k two-stage runs of each cascade (both
 * directions of the pair, and each model reading its own draft).
 */
import { generate, type SamplingOptions } from '../eval/generate';
import type { Transformer } from '../model/transformer';
import type { Member } from '../rl/round';
import { draftedPrompt, draftView, plainPrompt } from '../tasks/format';
import type { Problem, TaskFamily } from '../tasks/task';
import { verify, type Verification } from '../tasks/verifier';
import type { CascadeSample } from './premise-stats';

/** Completes prompts: a model's sampler in the product, a scripted stand-in in tests. */
export type Completer = (prompts: readonly string[], sampling: SamplingOptions) => Promise<string[]>;

export function modelCompleter(model: Transformer): Completer {
  return async (prompts, sampling) => (await generate(model, prompts, sampling)).map((g) => g.text);
}

export type CascadeName = 'A->B' | 'B->A' | 'A->A' | 'B->B';

/** The untrained cascade in both directions, then self-refinement of each model. */
export const CASCADES: readonly { name: CascadeName; drafter: Member; solver: Member }[] = [
  { name: 'A->B', drafter: 'A', solver: 'B' },
  { name: 'B->A', drafter: 'B', solver: 'A' },
  { name: 'A->A', drafter: 'A', solver: 'A' },
  { name: 'B->B', drafter: 'B', solver: 'B' },
];

export interface RolloutOptions {
  /** Samples per problem for every sampled readout. */
  samples: number;
  temperature: number;
  topP: number;
  maxNewTokens: number;
  seed: number;
  showDraftAnswer: boolean;
}

export interface SoloSamples {
  /** [problem][sample] correctness at the sampling temperature. */
  sampled: boolean[][];
  /** Per problem, the greedy (temperature 0) answer's correctness. */
  greedy: boolean[];
}

export interface PremiseRollouts {
  solo: Record<Member, SoloSamples>;
  cascades: Record<CascadeName, CascadeSample[][]>;
}

/** Every problem repeated k times in a row: sample s of problem i sits at i * k + s. */
function repeated<T>(items: readonly T[], k: number): T[] {
  return items.flatMap((item) => Array.from({ length: k }, () => item));
}

function byProblem<T>(flat: readonly T[], k: number): T[][] {
  return Array.from({ length: flat.length / k }, (_, i) => flat.slice(i * k, (i + 1) * k));
}

async function answers(completer: Completer, family: TaskFamily, problems: readonly Problem[], prompts: readonly string[], sampling: SamplingOptions): Promise<Verification[]> {
  const texts = await completer(prompts, sampling);
  return texts.map((text, i) => verify(family, problems[i]!, text));
}

async function cascadeSamples(drafter: Completer, solver: Completer, family: TaskFamily, problems: readonly Problem[], sampling: SamplingOptions, showDraftAnswer: boolean): Promise<CascadeSample[]> {
  const drafts = await drafter(problems.map((p) => plainPrompt(family, p)), sampling);
  const draftVerdicts = drafts.map((text, i) => verify(family, problems[i]!, text));
  const prompts = problems.map((p, i) => draftedPrompt(p, draftView(family, drafts[i]!, showDraftAnswer)));
  const finals = await answers(solver, family, problems, prompts, { ...sampling, seed: sampling.seed + 1 });
  return finals.map((f, i) => {
    const d = draftVerdicts[i]!;
    return { draft: d.verdict === 'correct', final: f.verdict === 'correct', copy: f.answer !== null && f.answer === d.answer };
  });
}

/** Runs every readout on the problems; each readout has its own seed, so adding one changes no other. */
export async function premiseRollouts(models: Record<Member, Completer>, family: TaskFamily, problems: readonly Problem[], options: RolloutOptions): Promise<PremiseRollouts> {
  const k = options.samples;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`samples must be a positive integer, got ${k}`);
  const many = repeated(problems, k);
  const sampling = (offset: number): SamplingOptions => ({ temperature: options.temperature, topP: options.topP, maxNewTokens: options.maxNewTokens, seed: options.seed + offset });
  const plain = problems.map((p) => plainPrompt(family, p));
  const correct = (vs: Verification[]) => vs.map((v) => v.verdict === 'correct');

  const soloOf = async (member: Member, offset: number): Promise<SoloSamples> => ({
    sampled: byProblem(correct(await answers(models[member], family, many, repeated(plain, k), sampling(offset))), k),
    greedy: correct(await answers(models[member], family, problems, plain, { ...sampling(offset), temperature: 0 })),
  });
  const solo = { A: await soloOf('A', 0), B: await soloOf('B', 100) };

  const cascades = {} as Record<CascadeName, CascadeSample[][]>;
  for (const [i, c] of CASCADES.entries()) {
    const samples = await cascadeSamples(models[c.drafter], models[c.solver], family, many, sampling(200 + 100 * i), options.showDraftAnswer);
    cascades[c.name] = byProblem(samples, k);
  }
  return { solo, cascades };
}
