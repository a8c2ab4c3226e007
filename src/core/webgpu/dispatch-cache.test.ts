// The dispatch cache (dispatch-cache.ts) on WebGPU in Node: the same training step, bit for bit,
// with fewer uniform writes, as the overhead counters see it.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { nodeAdapter } from './testing/node-adapter';
import * as tf from '@tensorflow/tfjs';
import { afterEach, describe, expect, it } from 'vitest';
import { trainStepper } from '../model/benchmark';
import { trainStepOverhead } from '../model/benchmark-overhead';
import { defaultModelConfig } from '../model/config';
import { Transformer } from '../model/transformer';
import { dispatchCacheEnabled, setDispatchCache } from './dispatch-cache';
import { onMultiOutputDispatch } from './program';

const { missing, adapter } = await nodeAdapter('dispatch-cache.test.ts');

/** Losses of 3 training steps of a fresh default model, and its weights after them. */
async function train(cache: boolean): Promise<{ losses: number[]; weights: Float32Array[] }> {
  setDispatchCache(cache);
  const model = new Transformer(defaultModelConfig(48), 1);
  const { step, dispose } = trainStepper(model, 2);
  try {
    const losses = [await step(), await step(), await step()];
    return { losses, weights: await Promise.all(model.weights.map(async (w) => (await w.data()) as Float32Array)) };
  } finally {
    dispose();
    model.dispose();
  }
}

describe.skipIf(missing !== null)(`dispatch cache on ${adapter}`, () => {
  afterEach(() => setDispatchCache(false));

  it('is off by default, and a training step with it computes bit for bit what it computes without', async () => {
    expect(dispatchCacheEnabled()).toBe(false);
    const off = await train(false);
    const on = await train(true);
    expect(on.losses).toEqual(off.losses);
    on.weights.forEach((w, i) => expect(w, `weight ${i}`).toEqual(off.weights[i]));
    expect(tf.getBackend()).toBe('webgpu');
  });

  it('writes the uniforms of a multi-output dispatch once per distinct value set', async () => {
    let multi = 0;
    const stop = onMultiOutputDispatch(() => multi++);
    const model = new Transformer(defaultModelConfig(48), 1);
    try {
      const [off] = await trainStepOverhead(model, 2, 1);
      setDispatchCache(true);
      multi = 0;
      const on = await trainStepOverhead(model, 2, 3);
      const perStep = multi / 4; // a warm-up step and 3 counted ones
      expect(perStep).toBeGreaterThan(0);
      for (const c of on) {
        // tfjs writes a uniform buffer for each of its own dispatches; the cache writes only new values (Adam's bias corrections).
        expect(c.uniformWrites).toBe(c.dispatches - perStep + c.uniformBuffersCreated);
        expect(c.uniformWrites).toBeLessThan(off!.uniformWrites);
        expect(c.bindGroups).toBeLessThanOrEqual(off!.bindGroups);
        expect(c.dispatches).toBe(off!.dispatches);
      }
    } finally {
      stop();
      model.dispose();
    }
  });
});
