// One Agon step with fields away from the paper's, on the shipped paper-premise pair (a random
// tiny pair is never right, so no advantage would move anything): the layout m solutions per
// draft makes, and which models learn.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelFromCheckpoint } from '../model/checkpoint';
import { FlatAdam } from '../model/flat-adam';
import { useWasmBackend } from '../model/testing';
import { Rng } from '../random';
import { completionBudget } from '../tasks/budget';
import { mathFamily } from '../tasks/math';
import { sampleProblem } from '../tasks/splits';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';
import { AGON_DEFAULTS, agonStep, type AgonOptions } from './agon';
import { DEFAULT_RL_CONFIG, type RlConfig } from './config';
import type { Learner } from './grpo';
import type { Member } from './round';

const config: RlConfig = { ...DEFAULT_RL_CONFIG, num_generations: 4, max_completion_length: completionBudget(mathFamily) };
const rng = new Rng(1);
const problems = Array.from({ length: 4 }, () => sampleProblem(mathFamily, 'train', rng, mathFamily.hardDifficulties));
let learners: Record<Member, Learner>;

function learner(name: Member): Learner {
  const bytes = new Uint8Array(readFileSync(`public/checkpoints/math-premise-${name.toLowerCase()}.ckpt`));
  return { name, model: modelFromCheckpoint(bytes, { tokenizerVersion: TOKENIZER_VERSION, source: `premise ${name}` }), optimizer: new FlatAdam(config.learning_rate) };
}

const weights = (member: Member) => learners[member].model.weights.map((w) => Array.from(w.dataSync()));

async function step(options: Partial<AgonOptions>) {
  return agonStep(learners, mathFamily, problems, 0, config, { ...AGON_DEFAULTS, ...options }, 11);
}

describe('an Agon step with other fields', () => {
  beforeAll(useWasmBackend);

  afterEach(() => {
    for (const l of Object.values(learners)) {
      l.model.dispose();
      l.optimizer.dispose();
    }
  });

  it('with m solutions per draft: 2N / (m + 1) drafts and m times as many solutions per problem', async () => {
    learners = { A: learner('A'), B: learner('B') };
    const round = await step({ solutions_per_draft: 3 });
    for (const p of round.problems) {
      expect(p.drafts).toHaveLength(2);
      expect(p.pairs).toHaveLength(6);
      // Solutions 0-2 read draft 0, 3-5 draft 1; each pair shows the draft it read.
      expect(p.pairs.map((x) => p.drafts!.indexOf(x.draft))).toEqual([0, 0, 0, 1, 1, 1]);
    }
  }, 600_000);

  for (const [learns, still] of [['drafter', 'solver'], ['solver', 'drafter']] as const) {
    it(`with learners ${learns}: only the ${learns}'s model moves`, async () => {
      learners = { A: learner('A'), B: learner('B') };
      // Step 0: A drafts, B solves.
      const member = { drafter: 'A', solver: 'B' } as const;
      const before = { A: weights('A'), B: weights('B') };
      const round = await step({ learners: learns });
      expect(round.updates[still]).toBeNull();
      expect(round.updates[learns]).not.toBeNull();
      expect(weights(member[still])).toEqual(before[member[still]]);
      expect(weights(member[learns])).not.toEqual(before[member[learns]]);
    }, 600_000);
  }
});
