// Every named method trains and evaluates exactly as recorded: 3 steps of each of the paper's 10
// rows from the shipped paper-premise math pair (tfjs wasm in Node, fixed seeds), hashed part by
// part. A random tiny pair is never right, so every bonus and every advantage would be 0 and the
// Agon variants would train alike (not at all): the real pair is used, on few small batches. The fixture
// was recorded from the code before arms became sets of fields, so a change to how an arm is
// built that moves one rollout, reward, weight or evaluation count fails here, naming the method
// and the part. To record it again (only for a change meant to alter training):
//   RECORD_FINGERPRINTS=1 npx vitest run src/core/experiment/method-fingerprints.test.ts
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import * as tf from '@tensorflow/tfjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../canonical-json';
import { decodeCheckpoint } from '../model/checkpoint';
import { useWasmBackend } from '../model/testing';
import type { Round, SampleRecord } from '../rl/round';
import { completionBudget } from '../tasks/budget';
import { mathFamily } from '../tasks/math';
import { encode } from '../tokenizer/tokenizer';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from './config';
import type { ExperimentEvent } from './events';
import { METHODS, type MethodName } from './methods';
import { ExperimentRunner } from './runner';

const FIXTURE = new URL('./method-fingerprints.json', import.meta.url);

/**
 * Small enough for seconds a method, off the defaults where that makes more code take part:
 * N = 3 (a shared draft is then not every other one), a KL term (the reference models), four
 * problems a step, an evaluation at step 0 and after the third step. The completion budget is
 * the family's, as the app sets it (the default 18 cuts the longest traces).
 */
const CONFIG: ExperimentConfig = {
  ...DEFAULT_EXPERIMENT,
  steps: 3,
  problems_per_step: 4,
  eval_every: 3,
  eval_problems: 10,
  rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 3, beta: 0.04, max_completion_length: completionBudget(mathFamily) },
};

/**
 * The shipped paper-premise math pair (A and B know different facts): right often enough, and
 * differently enough, that every bonus form and role schedule pays differently.
 */
function shippedPair() {
  const read = (member: 'a' | 'b') => new Uint8Array(readFileSync(`public/checkpoints/math-premise-${member}.ckpt`));
  return { a: read('a'), b: read('b') };
}

const hash = (value: unknown) => bytesToHex(sha256(new TextEncoder().encode(canonicalJson(value)))).slice(0, 32);

/** What a round sampled: who drafted, each completion's token ids and the draft as the solver read it. */
function sampled(round: Round) {
  const ids = (s: SampleRecord) => encode(s.text);
  if (round.kind === 'grpo') return { model: round.model, samples: round.problems.map((p) => p.samples.map(ids)) };
  return {
    drafter: round.drafter,
    solver: round.solver,
    pairs: round.problems.map((p) => p.pairs.map((x) => ({ draft: ids(x.draft), read: x.draftView, solution: ids(x.solution) }))),
  };
}

/** What a round paid and how it moved: every reward term, advantage and token probability, and the updates' statistics. */
function scored(round: Round) {
  const terms = (s: SampleRecord) => ({ reward: s.reward, advantage: s.advantage, probs: s.tokenProbs });
  if (round.kind === 'grpo') return { samples: round.problems.map((p) => p.samples.map(terms)), updates: round.updates };
  return { pairs: round.problems.map((p) => p.pairs.map((x) => ({ draft: terms(x.draft), solution: terms(x.solution), rescue: x.rescue, sabotage: x.sabotage, copy: x.copy }))), updates: round.updates };
}

/** The weights' float32 values, tensor by tensor (not the header, which names the arm). */
function weights(bytes: Uint8Array) {
  const decoded = decodeCheckpoint(bytes, 'a trained member');
  return [...decoded.tensors.entries()].map(([name, data]) => [name, Array.from(data)]);
}

interface Fingerprint {
  rollouts: string;
  rewards: string;
  weights: string;
  evaluation: string;
}

async function fingerprint(method: MethodName): Promise<Fingerprint> {
  const environment = { backend: tf.getBackend(), tfjsVersion: tf.version.tfjs, appVersion: 'test', platform: 'node' };
  const runner = new ExperimentRunner({ ...CONFIG, methods: [method] }, shippedPair(), environment);
  const rounds: Round[] = [];
  const members: unknown[] = [];
  runner.on((e: ExperimentEvent) => {
    if (e.type === 'round') rounds.push(e.round);
    if (e.type === 'checkpoint' && e.step === CONFIG.steps) members.push({ member: e.member, weights: weights(e.bytes), optimizer: Array.from(e.optimizer) });
  });
  const result = await runner.run();
  expect(result.status, method).toBe('complete');
  return {
    rollouts: hash(rounds.map(sampled)),
    rewards: hash(rounds.map(scored)),
    weights: hash(members),
    evaluation: hash({ arms: result.arms, table: result.table }),
  };
}

describe('the named methods train and evaluate as recorded (3 steps, shipped premise pair, wasm)', () => {
  beforeAll(useWasmBackend);

  it('reproduces every method\'s fingerprint', async () => {
    const measured: Record<string, Fingerprint> = {};
    for (const method of METHODS) measured[method] = await fingerprint(method);
    if (process.env.RECORD_FINGERPRINTS === '1') writeFileSync(FIXTURE, `${JSON.stringify(measured, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Fingerprint>;
    for (const method of METHODS) expect(measured[method], method).toEqual(recorded[method]);
    expect(Object.keys(recorded)).toEqual([...METHODS]);
    // The fingerprint tells the variants apart: each Agon ablation pays and trains differently
    // from the others (else this test could not see a field read wrong), and the two GRPO rows
    // differ only in their readout.
    const agonRows = METHODS.filter((m) => m.startsWith('agon'));
    for (const part of ['rewards', 'weights'] as const) expect(new Set(agonRows.map((m) => recorded[m]![part])).size, part).toBe(agonRows.length);
    expect({ ...recorded.grpo, evaluation: '' }).toEqual({ ...recorded['grpo-self-cascade'], evaluation: '' });
  }, 600_000);
});
