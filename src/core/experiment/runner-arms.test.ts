// A run with arms of its own and a sweep, end to end on a tiny pair (wasm): the runner trains each
// distinct arm once, evaluates every row, and the result validates and reads as a sweep table.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketLength } from '../model/buckets';
import { encodeCheckpoint } from '../model/checkpoint';
import { useWasmBackend } from '../model/testing';
import { Transformer } from '../model/transformer';
import type { AgonRound } from '../rl/round';
import { maxSequenceLength } from '../tasks/budget';
import { mathFamily } from '../tasks/math';
import { TOKENIZER_VERSION, VOCAB_SIZE } from '../tokenizer/tokenizer';
import { DEFAULT_EXPERIMENT, parseExperimentConfig } from './config';
import type { ExperimentEvent } from './events';
import { parseExperimentResult } from './result-schema';
import { ExperimentRunner } from './runner';
import { sweepTable } from './sweep-table';

function tinyPair() {
  const config = { vocabSize: VOCAB_SIZE, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, maxLen: bucketLength(maxSequenceLength(mathFamily)) };
  const bytes = (seed: number) => {
    const m = new Transformer(config, seed);
    const out = encodeCheckpoint(m, { tokenizerVersion: TOKENIZER_VERSION });
    m.dispose();
    return out;
  };
  return { a: bytes(1), b: bytes(2) };
}

const parsed = parseExperimentConfig({
  ...DEFAULT_EXPERIMENT,
  methods: ['agon', 'zero-shot'],
  arms: [
    { name: 'b-drafts-m3', roles: 'b-drafts', solutions_per_draft: 3 },
    { name: 'drafter-learns', learners: 'drafter', readout: 'solo' },
  ],
  sweep: { field: 'bonus_weight', values: [1, 2] },
  steps: 2,
  problems_per_step: 1,
  eval_every: 1,
  eval_problems: 10,
  rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 2 },
});
if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
const config = parsed.config;
const env = { backend: 'wasm', tfjsVersion: tf.version.tfjs, appVersion: 'test', platform: 'node' };

describe('a run with arms of its own and a sweep', () => {
  beforeAll(useWasmBackend);

  it('trains each distinct arm once, evaluates every row, and reads back as a sweep', async () => {
    const runner = new ExperimentRunner(config, tinyPair(), env);
    const events: ExperimentEvent[] = [];
    runner.on((e) => events.push(e));
    const result = await runner.run();
    expect(result.status).toBe('complete');
    // bonus_weight=1 is Agon: it reads the paper's arm.
    expect(Object.keys(result.arms)).toEqual(['base', 'agon', 'b-drafts-m3', 'drafter-learns', 'bonus_weight=2']);
    expect(Object.keys(result.arms.agon!.curve.at(-1)!.readouts)).toEqual(['agon', 'bonus_weight=1']);
    expect(result.table.map((r) => [r.method, r.label])).toEqual([
      ['agon', 'Agon'],
      ['zero-shot', 'Zero-shot base'],
      ['b-drafts-m3', 'b-drafts-m3'],
      ['drafter-learns', 'drafter-learns'],
      ['bonus_weight=1', 'bonus_weight=1'],
      ['bonus_weight=2', 'bonus_weight=2'],
    ]);
    expect(result.table.find((r) => r.method === 'drafter-learns')!.candidates.map((c) => c.name)).toEqual(['A', 'B']);

    const rounds = (arm: string) => events.flatMap((e) => (e.type === 'round' && e.arm === arm && e.round.kind === 'agon' ? [e.round as AgonRound] : []));
    // B always drafts; 2N = 4 rollouts a problem: one draft, three solutions reading it.
    expect(rounds('b-drafts-m3').map((r) => r.drafter)).toEqual(['B', 'B']);
    expect(rounds('b-drafts-m3')[0]!.problems[0]!.drafts).toHaveLength(1);
    expect(rounds('b-drafts-m3')[0]!.problems[0]!.pairs).toHaveLength(3);
    expect(rounds('drafter-learns').map((r) => r.updates.solver)).toEqual([null, null]);
    // The solver's tokens are sampled, not trained on.
    const last = result.arms['drafter-learns']!.curve.at(-1)!;
    expect(last.tokensTrained).toBeLessThan(last.tokensGenerated);
    expect(result.arms.agon!.curve.at(-1)!.tokensTrained).toBe(result.arms.agon!.curve.at(-1)!.tokensGenerated);

    const reread = parseExperimentResult(JSON.parse(JSON.stringify(result)));
    expect(reread.ok && reread.result).toEqual(result);
    const sweep = sweepTable([result], config)!;
    expect(sweep.reference).toBe('bonus_weight=1');
    expect(sweep.points.map((p) => [p.value, p.name, p.pooled?.n])).toEqual([[1, 'bonus_weight=1', 10], [2, 'bonus_weight=2', 10]]);
    expect(sweep.points[0]!.paired).toEqual({ ok: false, why: 'the reference' });
    expect(sweep.points[1]!.paired.ok).toBe(true);
  }, 600_000);

  it('refuses a result whose rows are neither the paper\'s methods nor its config\'s arms', async () => {
    const result = await new ExperimentRunner({ ...config, methods: ['zero-shot'], arms: undefined, sweep: undefined }, tinyPair(), env).run();
    const forged = JSON.parse(JSON.stringify(result));
    forged.table[0].method = 'mine';
    const parsedBack = parseExperimentResult(forged);
    expect(!parsedBack.ok && parsedBack.message).toBe('the result file is damaged or incomplete: table.0.method: "mine" is neither a method of the paper nor an arm of this result\'s config');
  }, 600_000);
});
