// The host-overhead counters (overhead-counters.ts) on WebGPU in Node (Dawn over lavapipe or a
// GPU's Vulkan driver): they count real work, repeat at steady state, and leave the backend
// unwrapped when stopped.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { nodeAdapter } from './testing/node-adapter';
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { BENCH_SAMPLE_OPTIONS } from '../model/benchmark';
import { rolloutOverhead, trainStepOverhead } from '../model/benchmark-overhead';
import { defaultModelConfig } from '../model/config';
import { Transformer } from '../model/transformer';
import { countOverhead, NO_OVERHEAD, type OverheadCounts } from './overhead-counters';

const { missing, adapter } = await nodeAdapter('overhead-counters.test.ts');

/** Every count but the time, which is a measurement. */
const countsOnly = ({ hostMs: _, ...counts }: OverheadCounts) => counts;

describe.skipIf(missing !== null)(`overhead counters on ${adapter}`, () => {
  it('count a fused training step: bind groups, one submit per batch of dispatches and one per read-back, the same at steady state', async () => {
    const model = new Transformer(defaultModelConfig(48), 1);
    try {
      const [first, second] = await trainStepOverhead(model, 2, 2);
      expect(countsOnly(second!)).toEqual(countsOnly(first!));
      const c = second!;
      // The loss is read once, and tfjs submits every WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE dispatches
      // and at each read-back (the read-back before the step left nothing pending).
      expect(c.readBacks).toBe(1);
      const batch = tf.env().get('WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE') as number;
      expect(c.submits).toBe(Math.floor(c.dispatches / batch) + c.readBacks);
      // tfjs makes a bind group and writes a uniform buffer for every dispatch.
      expect(c.dispatches).toBeGreaterThan(0);
      expect(c.bindGroups).toBe(c.dispatches);
      expect(c.uniformWrites).toBe(c.dispatches);
      expect(c.hostMs).toBeGreaterThan(0);
    } finally {
      model.dispose();
    }
  });

  it('count a fused rollout: one read-back, the same counts at steady state', async () => {
    const model = new Transformer(defaultModelConfig(48), 1);
    try {
      const runs = await rolloutOverhead(model, [[1, 2, 3], [4, 5]], { ...BENCH_SAMPLE_OPTIONS, maxNewTokens: 8 }, 2);
      expect(countsOnly(runs[1]!)).toEqual(countsOnly(runs[0]!));
      expect(runs[0]!.readBacks).toBe(1);
      expect(runs[0]!.dispatches).toBeGreaterThan(8);
    } finally {
      model.dispose();
    }
  });

  it('count nothing once stopped', async () => {
    const x = tf.tensor1d([1, 2, 3]);
    try {
      await countOverhead(async () => (await tf.square(x).data()).length);
      const { counts } = await countOverhead(async () => 0);
      expect(counts).toEqual(NO_OVERHEAD);
      // Work after stop() is not counted: a third counter sees only its own dispatch.
      await tf.square(x).data();
      const { counts: own } = await countOverhead(async () => (await tf.neg(x).data()).length);
      expect(own.dispatches).toBe(1);
      expect(own.readBacks).toBe(1);
    } finally {
      x.dispose();
    }
  });
});
