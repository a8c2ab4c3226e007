import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mathFamily } from '../tasks/math';
import { pretrainModelConfig } from './pretrain-defaults';
import { pretrainPair, type PretrainConfig, type PretrainProgress } from './pretrain-pair';

const config: PretrainConfig = {
  // A tiny model: these tests are about the control flow, not about learning.
  model: { ...pretrainModelConfig(mathFamily), dModel: 8, nHeads: 2, nLayers: 1, dFF: 16 },
  trunkSteps: 2,
  forkSteps: 2,
  batchSize: 2,
  learningRate: 0.003,
  forkNoise: 0.01,
  seed: 1,
  trunkTarget: 1,
  forkTarget: 1,
  checkEvery: 1,
};
const neverGood = async () => 0;

describe('pretrainPair', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('trains trunk, A and B in order, awaiting the hook before every step', async () => {
    const seen: string[] = [];
    const pair = await pretrainPair(mathFamily, config, neverGood, (p: PretrainProgress) => seen.push(`${p.stage}${p.step}`), async () => {
      seen.push('|');
    });
    expect(seen.join(' ')).toBe('| trunk1 | trunk2 | A1 | A2 | B1 | B2');
    expect(pair.steps).toEqual({ trunk: 2, A: 2, B: 2 });
    pair.a.dispose();
    pair.b.dispose();
  });

  it('stops when the hook rejects, and frees every model it made', async () => {
    const before = tf.memory().numTensors;
    let calls = 0;
    const cancel = async () => {
      // The fourth step is A's second: trunk and both forks exist by then.
      if (++calls === 4) throw new Error('stopped');
    };
    await expect(pretrainPair(mathFamily, config, neverGood, () => {}, cancel)).rejects.toThrow('stopped');
    expect(tf.memory().numTensors).toBe(before);
  });
});
