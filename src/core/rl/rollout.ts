/** Sampling a batch of completions and grading them: the shared first half of every RL step. */
import { generate } from '../eval/generate';
import type { Transformer } from '../model/transformer';
import type { Problem, TaskFamily } from '../tasks/task';
import { verify, type Verification } from '../tasks/verifier';
import { encode } from '../tokenizer/tokenizer';
import type { RlConfig } from './config';

export interface Rollout {
  problem: Problem;
  prompt: string;
  text: string;
  /** Completion token ids and their log-probs when sampled (the "old" policy of the ratio). */
  tokens: number[];
  tokenLogProbs: number[];
  verification: Verification;
}

export async function rollouts(
  model: Transformer,
  family: TaskFamily,
  jobs: readonly { problem: Problem; prompt: string }[],
  config: RlConfig,
  seed: number,
): Promise<Rollout[]> {
  const generations = await generate(
    model,
    jobs.map((j) => j.prompt),
    { temperature: config.temperature, topP: config.top_p, maxNewTokens: config.max_completion_length, seed },
  );
  return generations.map((g, i) => {
    const job = jobs[i] as (typeof jobs)[number];
    return { ...job, text: g.text, tokens: g.tokens, tokenLogProbs: g.tokenLogProbs, verification: verify(family, job.problem, g.text) };
  });
}

export function isCorrect(r: Rollout): boolean {
  return r.verification.verdict === 'correct';
}

/** Prompt and completion token ids, as an update scores them. */
export function scoredRow(r: Rollout): { prompt: number[]; completion: number[] } {
  return { prompt: encode(r.prompt), completion: r.tokens };
}
