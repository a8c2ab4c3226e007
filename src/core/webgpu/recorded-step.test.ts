// The recorded training step (RecordedTrainStep over step-recorder.ts) in Node on Dawn (a GPU's
// Vulkan driver or lavapipe): equal to the plain ops over several steps, and a replay creates
// nothing and submits once. Without an adapter these tests skip, saying why, except in CI.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { nodeAdapter } from './testing/node-adapter';
import { describe, expect, it } from 'vitest';
import { fusedChecks } from './testing/fused-checks';
import { pairedStepOverhead } from '../model/benchmark-overhead';
import { setFusedKernels } from '.';

const TOLERANCE = 1e-4;
/** A replayed step's dispatches: the fused step's (fused-kernels.test.ts) and a margin. */
const MAX_DISPATCHES = 60;

const { missing, adapter } = await nodeAdapter('recorded-step.test.ts');

describe.skipIf(missing !== null)(`recorded training step on ${adapter}`, () => {
  it('losses and weights over 3 steps (a new batch each) equal the plain path', async () => {
    const diffs = await fusedChecks.recordedSteps(3);
    expect(diffs.length).toBeGreaterThan(3);
    for (const [i, d] of diffs.entries()) expect(d, `output ${i}`).toBeLessThan(TOLERANCE);
  });

  it('records again after a weight is reassigned (as a checkpoint load does), still equal to the plain path', async () => {
    const diffs = await fusedChecks.recordedSteps(4, 2);
    for (const [i, d] of diffs.entries()) expect(d, `output ${i}`).toBeLessThan(TOLERANCE);
  });

  it('hands back every tensor and GPU buffer on dispose', async () => {
    const { before, after } = await fusedChecks.recordedMemory();
    expect(after.numTensors).toBe(before.numTensors);
    expect((after as { numBytesInGPU?: number }).numBytesInGPU).toBe((before as { numBytesInGPU?: number }).numBytesInGPU);
  });

  it('a replayed step creates no buffer, bind group or uniform buffer, reads nothing back and submits once', async () => {
    const [recording, ...replays] = await fusedChecks.recordedCounts(4);
    expect(recording!.buffersCreated).toBeGreaterThan(0);
    expect(replays).toHaveLength(3);
    for (const c of replays) {
      expect(c).toMatchObject({ buffersCreated: 0, uniformBuffersCreated: 0, bindGroups: 0, submits: 1, readBacks: 0 });
      expect(c.dispatches).toBeGreaterThan(0);
      expect(c.dispatches).toBeLessThanOrEqual(MAX_DISPATCHES);
    }
  });

  it('measured in turn with fused steps of another model (the bench\'s paired host time), a replay still creates nothing', async () => {
    setFusedKernels(true);
    const { fused, recorded, hostRatio } = await pairedStepOverhead({ vocabSize: 48, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, maxLen: 128 }, 2, 2);
    expect(recorded).toMatchObject({ buffersCreated: 0, uniformBuffersCreated: 0, bindGroups: 0, submits: 1, readBacks: 0 });
    expect(fused.bindGroups).toBeGreaterThan(0);
    expect(hostRatio).toBeGreaterThan(0);
    expect(Number.isFinite(hostRatio)).toBe(true);
  });
});
