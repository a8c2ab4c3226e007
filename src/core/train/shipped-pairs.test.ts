/**
 * The base pairs in public/checkpoints: what the manifest promises (files, sizes,
 * hashes, config, metrics in the band RL needs) holds, and the models still solve
 * today's task family, so a change to a family that leaves its shipped pair behind fails here.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { soloStage } from '../eval/cascade';
import { decodeCheckpoint, modelFromCheckpoint } from '../model/checkpoint';
import { completionBudget } from '../tasks/budget';
import { familyByName } from '../tasks/families';
import { testHardSplit } from '../tasks/splits';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';
import { pretrainModelConfig } from './pretrain-defaults';

const DIR = 'public/checkpoints';
const manifest = JSON.parse(readFileSync(`${DIR}/manifest.json`, 'utf8'));
const MAX_BYTES = 2 * 1024 * 1024;
/** Problems sampled per model: a model at 15% solves fewer than 3 of 50 about 1.4% of the time (the sampling is seeded). */
const SAMPLED = 50;

describe.each(['math', 'code'])('the shipped %s base pair', (task) => {
  const family = familyByName(task);
  const entry = manifest.pairs[task];

  beforeAll(async () => {
    await tf.setBackend('wasm');
  });

  it('matches its manifest entry: files, sizes, hashes, config and family tag', () => {
    expect(entry).toBeDefined();
    expect(entry.config.model).toEqual(pretrainModelConfig(family));
    for (const member of ['a', 'b'] as const) {
      const bytes = new Uint8Array(readFileSync(`${DIR}/${entry.files[member].file}`));
      expect(bytes.length).toBe(entry.files[member].bytes);
      expect(bytes.length).toBeLessThan(MAX_BYTES);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry.files[member].sha256);
      const decoded = decodeCheckpoint(bytes);
      expect(decoded.config).toEqual(entry.config.model);
      expect(decoded.extra).toEqual({ family: task, member: member.toUpperCase() });
    }
  });

  it('records test-hard pass@1 inside the 15-60% band for both models', () => {
    for (const member of ['a', 'b'] as const) {
      expect(entry.metrics.testHard[member]).toBeGreaterThanOrEqual(0.15);
      expect(entry.metrics.testHard[member]).toBeLessThanOrEqual(0.6);
    }
  });

  it('still solves problems of the current test-hard split', async () => {
    const problems = testHardSplit(family).slice(0, SAMPLED);
    const sampling = { temperature: 1, topP: 1, maxNewTokens: completionBudget(family), seed: 7 };
    for (const member of ['a', 'b'] as const) {
      const model = modelFromCheckpoint(new Uint8Array(readFileSync(`${DIR}/${entry.files[member].file}`)), TOKENIZER_VERSION);
      const solved = (await soloStage(model, family, problems, sampling)).result.correct.filter(Boolean).length;
      model.dispose();
      expect(solved).toBeGreaterThanOrEqual(3);
    }
  });
});
