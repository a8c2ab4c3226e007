/** Single-model pass@1: one sample per problem from the plain prompt. */
import type { Transformer } from '../model/transformer';
import { plainPrompt } from '../tasks/format';
import type { Problem, TaskFamily } from '../tasks/task';
import { verify, type Verification } from '../tasks/verifier';
import { generate, type SamplingOptions } from './generate';

export interface SoloEval {
  passAt1: number;
  verifications: Verification[];
}

export async function soloPassAt1(
  model: Transformer,
  family: TaskFamily,
  problems: readonly Problem[],
  sampling: SamplingOptions,
): Promise<SoloEval> {
  const generations = await generate(model, problems.map(plainPrompt), sampling);
  const verifications = generations.map((g, i) => verify(family, problems[i] as Problem, g.text));
  const correct = verifications.filter((v) => v.verdict === 'correct').length;
  return { passAt1: correct / Math.max(1, problems.length), verifications };
}
