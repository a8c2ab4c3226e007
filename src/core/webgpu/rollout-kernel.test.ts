// The rollout kernel against the plain ops, in Node on Dawn (lavapipe in CI), at tiny shapes.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { nodeAdapter } from './testing/node-adapter';
import { describe, expect, it } from 'vitest';
import { rolloutKernelCheck } from './testing/rollout-kernel-checks';

const TOLERANCE = 1e-4;
const { missing, adapter } = await nodeAdapter('rollout-kernel.test.ts');

describe.skipIf(missing !== null)(`rollout kernel on ${adapter}`, () => {
  // Greedy, temperature alone, top-p, both; eos 36 (never drawn here) and 5 (drawn mid-stage by some rows, not all).
  for (const [temperature, topP, eosId] of [[0, 1, 36], [0.8, 1, 36], [1, 0.95, 36], [1.3, 0.5, 36], [0.9, 1, 5]] as const) {
    it(`draws the plain path's tokens at T${temperature} topP${topP} eos ${eosId}, in one dispatch and one read-back`, async () => {
      const [mismatch, logProb, finished, dispatches, readBacks] = await rolloutKernelCheck(temperature, topP, eosId);
      expect(mismatch, 'token mismatches').toBe(0);
      expect(logProb, 'log-prob').toBeLessThan(TOLERANCE);
      expect(dispatches, 'dispatches').toBe(1);
      expect(readBacks, 'read-backs').toBe(1);
      if (eosId === 5) expect(finished, 'rows that drew eos').toBeGreaterThan(0);
    });
  }
});
