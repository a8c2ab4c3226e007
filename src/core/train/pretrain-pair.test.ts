import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mathFamily } from '../tasks/math';
import { pretrainModelConfig } from './pretrain-defaults';
import { Transformer } from '../model/transformer';
import { flattened, forkOf, pretrainPair, trainFork, type ForkDone, type ForkStage, type StageCut, type PretrainConfig, type PretrainProgress, type TrunkStart } from './pretrain-pair';

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
const weightsOf = (m: Transformer) => m.weights.map((w) => Array.from(w.dataSync()));

function copy(model: Transformer): Transformer {
  const twin = new Transformer(model.config, 0);
  model.weights.forEach((w, i) => twin.weights[i]!.assign(w));
  return twin;
}

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
    const first = await pretrainPair(mathFamily, config, neverGood, undefined, undefined, undefined, {
      onTrunk: async (t) => {
        kept = { trunk: copy(t.trunk), steps: t.steps, curve: [...t.curve] };
      },
    });
    const trunk = kept as TrunkStart | null;
    expect(trunk?.steps).toBe(2);
    const seen: string[] = [];
    const again = await pretrainPair(mathFamily, config, neverGood, (p) => seen.push(`${p.stage}${p.step}`), undefined, trunk!);
    expect(seen.join(' ')).toBe('A1 A2 B1 B2');
    expect(again.steps).toEqual(first.steps);
    expect(again.curves).toEqual(first.curves);
    expect(weightsOf(again.b)).toEqual(weightsOf(first.b));
    // The given trunk is the caller's: still usable.
    expect(trunk!.trunk.weights[0]!.isDisposed).toBe(false);
    for (const m of [first.a, first.b, again.a, again.b, trunk!.trunk]) m.dispose();
  });

  it('keeps each fork as it finishes, and a resumed run trains only the forks it lacks, to the same weights', async () => {
    let trunk: TrunkStart | null = null;
    const forks: Partial<Record<ForkStage, ForkDone>> = {};
    const first = await pretrainPair(mathFamily, config, neverGood, undefined, undefined, undefined, {
      onTrunk: async (t) => {
        trunk = { trunk: copy(t.trunk), steps: t.steps, curve: [...t.curve] };
      },
      onFork: async (stage, done) => {
        forks[stage] = { model: copy(done.model), steps: done.steps, curve: [...done.curve] };
      },
    });
    expect(Object.keys(forks)).toEqual(['A', 'B']);
    const seen: string[] = [];
    const given = trunk as TrunkStart | null;
    const resumed = await pretrainPair(mathFamily, config, neverGood, (p) => seen.push(`${p.stage}${p.step}`), undefined, given!, { done: { A: forks.A } });
    expect(seen.join(' ')).toBe('B1 B2');
    expect(resumed.a).toBe(forks.A!.model);
    expect(resumed.curves).toEqual(first.curves);
    expect(weightsOf(resumed.b)).toEqual(weightsOf(first.b));
    // With both forks kept nothing trains, and no trunk is needed.
    seen.length = 0;
    const assembled = await pretrainPair(mathFamily, config, neverGood, (p) => seen.push(`${p.stage}${p.step}`), undefined, undefined, { done: forks });
    expect(seen).toEqual([]);
    expect(assembled.steps).toEqual({ trunk: 0, A: 2, B: 2 });
    for (const m of [first.a, first.b, resumed.b, forks.A!.model, forks.B!.model, given!.trunk]) m.dispose();
  });

  it('goes on from a fork cut at a check to the weights of a run that was never cut', async () => {
    const longer = { ...config, forkSteps: 3 };
    const forks: Partial<Record<ForkStage, ForkDone>> = {};
    const cuts: { stage: ForkStage; model: Transformer; cut: StageCut }[] = [];
    const first = await pretrainPair(mathFamily, longer, neverGood, undefined, undefined, undefined, {
      onFork: async (stage, done) => {
        forks[stage] = { model: copy(done.model), steps: done.steps, curve: [...done.curve] };
      },
      onCheck: async (stage, model, cut) => {
        cuts.push({ stage, model: copy(model), cut });
      },
    });
    // Checks after steps 1 and 2 of each fork; the third ends the stage, with nothing left to cut.
    expect(cuts.map((c) => `${c.stage}${c.cut.step}`)).toEqual(['A1', 'A2', 'B1', 'B2']);
    const b1 = cuts[2]!;
    const seen: string[] = [];
    const resumed = await pretrainPair(mathFamily, longer, neverGood, (p) => seen.push(`${p.stage}${p.step}`), undefined, undefined, { done: { A: forks.A }, cut: { B: b1 } });
    expect(seen.join(' ')).toBe('B2 B3');
    expect(resumed.b).toBe(b1.model);
    expect(resumed.curves.B).toEqual(first.curves.B);
    expect(weightsOf(resumed.b)).toEqual(weightsOf(first.b));
    for (const m of [first.a, first.b, forks.A!.model, forks.B!.model, ...cuts.map((c) => c.model)]) m.dispose();
  });

  it('trains a fork alone to the weights the pair gives it, so that A and B can train in two processes', async () => {
    let trunk: Transformer | null = null;
    const pair = await pretrainPair(mathFamily, config, neverGood, undefined, undefined, undefined, {
      onTrunk: async (t) => {
        trunk = copy(t.trunk);
      },
    });
    const alone = await trainFork(forkOf(trunk!, 'B', config), 'B', mathFamily, config, neverGood);
    expect(alone.steps).toBe(pair.steps.B);
    expect(alone.curve).toEqual(pair.curves.B);
    expect(weightsOf(alone.model)).toEqual(weightsOf(pair.b));
    for (const m of [pair.a, pair.b, alone.model, trunk!]) m.dispose();
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
