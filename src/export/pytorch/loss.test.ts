// The exported GRPO and Agon updates against the playground's: one fixed batch of rollouts
// sampled from the shipped math pair (the same tokens, outcomes and old log-probs fed to both
// sides; the old log-probs shifted on every other token so the clip and the ratio matter, and
// the rival as reference so the KL term does), then advantages, loss and every gradient agree.
import * as tf from '@tensorflow/tfjs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../core/eval/generate';
import { modelFromCheckpoint } from '../../core/model/checkpoint';
import { completionLogProbs, sequenceBatch } from '../../core/model/logprobs';
import { useWasmBackend } from '../../core/model/testing';
import type { Transformer } from '../../core/model/transformer';
import { Rng } from '../../core/random';
import { groupAdvantages } from '../../core/rl/advantages';
import { mechanismsOf } from '../../core/experiment/arm-fields';
import { agonScores, AGON_DEFAULTS, type AgonOptions } from '../../core/rl/agon';
import { DEFAULT_RL_CONFIG, type RlConfig } from '../../core/rl/config';
import { policyLoss } from '../../core/rl/grpo-loss';
import { plainReward, type Outcome } from '../../core/rl/rewards';
import { completionBudget } from '../../core/tasks/budget';
import { mathFamily } from '../../core/tasks/math';
import { draftedPrompt, draftView, plainPrompt } from '../../core/tasks/format';
import { sampleProblem } from '../../core/tasks/splits';
import { verify } from '../../core/tasks/verifier';
import { encode, PAD_ID, TOKENIZER_VERSION } from '../../core/tokenizer/tokenizer';
import { probe, skipWithoutTorch } from './python';

const TOLERANCE = 1e-5;
const N = 4;
const path = (m: 'a' | 'b') => `public/checkpoints/math-${m}.ckpt`;
const load = (m: 'a' | 'b') => modelFromCheckpoint(new Uint8Array(readFileSync(path(m))), { tokenizerVersion: TOKENIZER_VERSION, source: path(m) });

interface Stream {
  rows: [number[], number[]][];
  old: number[][];
  outcomes: [boolean, number][];
}

async function stream(model: Transformer, prompts: string[], problems: ReturnType<typeof sampleProblem>[], seed: number): Promise<Stream & { texts: string[] }> {
  const gens = await generate(model, prompts, { temperature: 1.5, topP: 1, maxNewTokens: completionBudget(mathFamily), seed });
  return {
    texts: gens.map((g) => g.text),
    rows: gens.map((g, i) => [encode(prompts[i]!), g.tokens]),
    old: gens.map((g) => g.tokenLogProbs.map((x, t) => (t % 2 === 0 ? x - 0.25 : x))),
    outcomes: gens.map((g, i) => {
      const v = verify(mathFamily, problems[i]!, g.text);
      return [v.verdict === 'correct', v.format];
    }),
  };
}

/** tfjs loss and gradients (by checkpoint name, in PyTorch's key spelling) of one stream. */
function tfjsLoss(model: Transformer, reference: Transformer, s: Stream, advantages: number[], rl: RlConfig) {
  const batch = sequenceBatch(s.rows.map(([prompt, completion]) => ({ prompt, completion })), PAD_ID, model.config.maxLen);
  const T = batch.tokens.shape[1];
  const old = new Float32Array(s.rows.length * T);
  s.rows.forEach(([p], b) => old.set(s.old[b]!, b * T + p.length));
  const { value, grads } = tf.tidy(() => {
    const oldLogp = tf.tensor2d(old, [s.rows.length, T]);
    const refLogp = completionLogProbs(reference, batch);
    const options = { epsilon: rl.epsilon, epsilonHigh: rl.epsilon_high, beta: rl.beta, lossType: rl.loss_type, maxCompletionLength: rl.max_completion_length };
    return tf.variableGrads(() => policyLoss({ logp: completionLogProbs(model, batch), oldLogp, refLogp, advantages: tf.tensor1d(advantages), mask: batch.mask }, options), model.weights);
  });
  const byName = Object.fromEntries(model.weights.map((w, i) => [model.weightNames[i]!.replace(/^h(\d+)\./, 'h.$1.'), Array.from(grads[w.name]!.dataSync())]));
  const loss = value.dataSync()[0]!;
  tf.dispose([value, ...Object.values(grads), batch.tokens, batch.mask]);
  return { loss, grads: byName };
}

interface PyStream {
  advantages: number[];
  loss: number;
  grads: Record<string, number[]>;
}

function expectSame(ours: { loss: number; grads: Record<string, number[]> }, advantages: number[], theirs: PyStream): void {
  expect(Math.max(...theirs.advantages.map((a, i) => Math.abs(a - advantages[i]!)))).toBeLessThan(1e-9);
  expect(Math.abs(ours.loss - theirs.loss)).toBeLessThan(TOLERANCE);
  expect(Object.keys(theirs.grads).sort()).toEqual(Object.keys(ours.grads).sort());
  const worst = Math.max(...Object.entries(ours.grads).flatMap(([k, g]) => g.map((x, i) => Math.abs(x - theirs.grads[k]![i]!))));
  console.log(`loss difference ${Math.abs(ours.loss - theirs.loss).toExponential(2)}, largest gradient difference ${worst.toExponential(2)}`);
  expect(worst).toBeLessThan(TOLERANCE);
  // Not vacuous: a real gradient.
  expect(Math.max(...Object.values(ours.grads).flat().map(Math.abs))).toBeGreaterThan(1e-3);
}

describe.skipIf(skipWithoutTorch())('PyTorch port: GRPO and Agon losses and gradients on one fixed batch', () => {
  let a: Transformer;
  let b: Transformer;
  let drafts: Stream & { texts: string[] };
  let solutions: Stream;
  let grpoRows: Stream;
  const rng = new Rng(3);
  const problems = Array.from({ length: 2 }, () => sampleProblem(mathFamily, 'train', rng, mathFamily.hardDifficulties));
  const groups = (n: number) => problems.flatMap((p) => Array<typeof p>(n).fill(p));

  beforeAll(async () => {
    await useWasmBackend();
    [a, b] = [load('a'), load('b')];
    drafts = await stream(a, groups(N).map((p) => plainPrompt(mathFamily, p)), groups(N), 5);
    const views = drafts.texts.map((t) => draftView(mathFamily, t, false));
    solutions = await stream(b, groups(N).map((p, i) => draftedPrompt(p, views[i]!)), groups(N), 6);
    grpoRows = await stream(a, groups(2 * N).map((p) => plainPrompt(mathFamily, p)), groups(2 * N), 7);
  });

  it('GRPO (loss_type grpo, scale_rewards group, beta 0.04)', () => {
    const rl: RlConfig = { ...DEFAULT_RL_CONFIG, num_generations: N, beta: 0.04, epsilon_high: 0.28 };
    const rewards = grpoRows.outcomes.map(([correct, format]) => plainReward({ correct, format }, rl.format_weight).total);
    const advantages = groupAdvantages(rewards, 2 * N, rl.scale_rewards);
    expect(new Set(rewards).size).toBeGreaterThan(1);
    const [theirs] = probe<PyStream[]>('loss', { kind: 'grpo', rl, groupSize: 2 * N, streams: [{ ...grpoRows, checkpoint: path('a'), reference: path('b') }] });
    expectSame(tfjsLoss(a, b, grpoRows, advantages, rl), advantages, theirs!);
  });

  it.each([
    ['conversion bonus, dapo, batch scaling', AGON_DEFAULTS, 'dapo', 'batch'],
    ['margin bonus, shared opponent, dr_grpo, no scaling', { ...AGON_DEFAULTS, bonus: 'margin', opponent: 'shared-draft' }, 'dr_grpo', 'none'],
    ['cooperative, grpo, group scaling', { ...AGON_DEFAULTS, bonus: 'none' }, 'grpo', 'group'],
    ['margin bonus weighted 2, zero-sum drafter, shared opponent, dapo, group scaling', { ...AGON_DEFAULTS, bonus: 'margin', bonus_weight: 2, drafter_reward: 'zero-sum', opponent: 'shared-draft' }, 'dapo', 'group'],
  ] as const)('Agon (%s): both streams', (_, options: AgonOptions, lossType, scale) => {
    const rl: RlConfig = { ...DEFAULT_RL_CONFIG, num_generations: N, beta: 0.04, loss_type: lossType, scale_rewards: scale };
    const outcome = ([correct, format]: [boolean, number]): Outcome => ({ correct, format });
    const scores = agonScores(drafts.outcomes.map(outcome), solutions.outcomes.map(outcome), N, rl, options);
    // Not vacuous: a zero-sum drafter pays some reader's bonus here.
    if (options.drafter_reward === 'zero-sum') expect(scores.draftRewards.some((r) => r.bonus !== 0)).toBe(true);
    const [d, s] = probe<PyStream[]>('loss', {
      kind: 'agon',
      rl,
      groupSize: N,
      // As export.json passes an arm's mechanisms: under the config's names.
      options: mechanismsOf(options),
      streams: [
        { ...drafts, checkpoint: path('a'), reference: path('b') },
        { ...solutions, checkpoint: path('b'), reference: path('a') },
      ],
    });
    expectSame(tfjsLoss(a, b, drafts, scores.draftAdvantages, rl), scores.draftAdvantages, d!);
    expectSame(tfjsLoss(b, a, solutions, scores.solveAdvantages, rl), scores.solveAdvantages, s!);
  });
});
