import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mathFamily } from '../tasks/math';
import { pretrainModelConfig } from './pretrain-defaults';
import { Transformer } from '../model/transformer';
import { flattened, pretrainPair, type PretrainConfig, type PretrainProgress, type TrunkStart } from './pretrain-pair';

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
  plateauChecks: 0,
  heldOutSize: 4,
};
const neverGood = async () => 0;

describe('the flattening rule', () => {
  it('needs the last checks to miss the earlier best by less than 1%', () => {
    expect(flattened([1, 0.5, 0.499, 0.498], 2)).toBe(true);
    expect(flattened([1, 0.5, 0.499, 0.49], 2)).toBe(false);
    expect(flattened([1, 0.5], 2)).toBe(false);
    expect(flattened([0.01, 0.005, 0.0049, 0.0045], 2)).toBe(true);
    expect(flattened([1, 1, 1, 1], 0)).toBe(false);
  });
});

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
    // Every step was a check: each stage's curve has both, with a held-out loss.
    expect(pair.curves.A.map((p) => p.step)).toEqual([1, 2]);
    expect(pair.curves.trunk.every((p) => Number.isFinite(p.heldOut) && p.heldOut > 0 && p.validation === 0)).toBe(true);
    pair.a.dispose();
    pair.b.dispose();
  });

  it('continues the forks of a given pair with no trunk, training them in place', async () => {
    const first = await pretrainPair(mathFamily, config, neverGood);
    const before = first.b.weights.map((w) => w.dataSync().slice());
    const seen: string[] = [];
    const pair = await pretrainPair(mathFamily, config, neverGood, (p) => seen.push(`${p.stage}${p.step}`), undefined, first);
    expect(seen.join(' ')).toBe('A1 A2 B1 B2');
    expect(pair.steps).toEqual({ trunk: 0, A: 2, B: 2 });
    expect(pair.curves.trunk).toEqual([]);
    expect(pair.b).toBe(first.b);
    expect(pair.b.weights.some((w, i) => w.dataSync().some((x, j) => x !== before[i]![j]))).toBe(true);
    pair.a.dispose();
    pair.b.dispose();
  });

  it('hands over its trained trunk, and forks a given trunk as it would its own', async () => {
    let kept: TrunkStart | null = null;
    const first = await pretrainPair(mathFamily, config, neverGood, undefined, undefined, undefined, async (t) => {
      kept = { trunk: new Transformer(t.trunk.config, 0), steps: t.steps, curve: [...t.curve] };
      t.trunk.weights.forEach((w, i) => kept!.trunk.weights[i]!.assign(w));
    });
    const trunk = kept as TrunkStart | null;
    expect(trunk?.steps).toBe(2);
    const seen: string[] = [];
    const again = await pretrainPair(mathFamily, config, neverGood, (p) => seen.push(`${p.stage}${p.step}`), undefined, trunk!);
    expect(seen.join(' ')).toBe('A1 A2 B1 B2');
    expect(again.steps).toEqual(first.steps);
    expect(again.curves).toEqual(first.curves);
    expect(again.b.weights.map((w) => Array.from(w.dataSync()))).toEqual(first.b.weights.map((w) => Array.from(w.dataSync())));
    // The given trunk is the caller's: still usable.
    expect(trunk!.trunk.weights[0]!.isDisposed).toBe(false);
    for (const m of [first.a, first.b, again.a, again.b, trunk!.trunk]) m.dispose();
  });

  it('ends a stage once its held-out loss has not improved by 1% for the given checks', async () => {
    const flat = { ...config, trunkSteps: 50, forkSteps: 1, learningRate: 0, plateauChecks: 2 };
    const pair = await pretrainPair(mathFamily, flat, neverGood);
    // At learning rate 0 the loss never moves: the third check is the second without improvement.
    expect(pair.steps.trunk).toBe(3);
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
