// The fused WebGPU kernels against the plain tfjs ops, in Node on Dawn (a GPU's Vulkan driver or
// lavapipe, see docs/webgpu-in-node.md), at tiny shapes. The browser runs the same checks at
// larger shapes (e2e/fused-kernels.spec.ts). Without an adapter these tests skip, saying why,
// except in CI (CI set), where the missing adapter is a failure.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { nodeAdapter } from './testing/node-adapter';
import { describe, expect, it } from 'vitest';
import { fusedChecks } from './testing/fused-checks';

const TOLERANCE = 1e-4;
/** GPU dispatches of a fused training step: raise it only with a reason (docs/benchmarks.md). */
const TRAIN_DISPATCHES = 54;

const { missing, adapter } = await nodeAdapter('fused-kernels.test.ts');

function within(label: string, diffs: number[]): void {
  expect(diffs.length, label).toBeGreaterThan(0);
  for (const [i, d] of diffs.entries()) expect(d, `${label}, output ${i}`).toBeLessThan(TOLERANCE);
}

describe.skipIf(missing !== null)(`fused kernels on ${adapter}`, () => {
  it('registers the fused kernels on webgpu', async () => {
    expect(await fusedChecks.ready()).toBe(true);
  });

  it('LayerNorm, GELU and attention equal the plain ops, forward and gradients', async () => {
    // 37 rows of 24: no multiple of the 64-wide workgroup.
    within('layerNorm 37x24', await fusedChecks.layerNorm(37, 24));
    // 150 columns: lanes with three columns and with two.
    within('layerNorm 5x150', await fusedChecks.layerNorm(5, 150));
    within('layerNorm, inference, 37x24', await fusedChecks.layerNormInference(37, 24));
    within('layerNorm, inference, 5x150', await fusedChecks.layerNormInference(5, 150));
    within('gelu 37x24', await fusedChecks.gelu(37, 24));
    // 37 and 150 rows: lanes with no row, one, two or three; 70 columns (bias gradients).
    within('linear 37x24 -> 70', await fusedChecks.linear(37, 24, 70));
    within('linear 150x8 -> 70', await fusedChecks.linear(150, 8, 70));
    // The weight gradient's blocks of 32 x 32 and rows 32 at a time, filled exactly (bias row included).
    within('linear 64x31 -> 32', await fusedChecks.linear(64, 31, 32));
    // The residual adds folded into the projections and into LayerNorm's backward, the MLP's
    // LayerNorm and GELU into its matmuls: rows and columns no multiple of the 32 x 32 blocks,
    // then multiples; and the add with no LayerNorm to fold into.
    within('residual block 37x24, 40 hidden', await fusedChecks.residualBlock(37, 24, 40));
    within('residual block 64x32, 64 hidden', await fusedChecks.residualBlock(64, 32, 64));
    within('unfolded residual 37x24 -> 70', await fusedChecks.unfoldedResidual(37, 24, 70));
    // Vocabulary 59 (the model's: one logit a lane or none) and 150 (lanes with two or three);
    // features 24 (a lane's gradient column or none) and 70 (lanes with two).
    within('token log-probs B3 T7 V59 D24', await fusedChecks.tokenLogProbs(3, 7, 59, 24));
    within('token log-probs B2 T5 V150 D70', await fusedChecks.tokenLogProbs(2, 5, 150, 70));
    // 3 x 7 rows (no lane count), some tokens repeated; 70 x 40 rows: lanes with two or more.
    within('embed B3 T7 V11 maxLen 9 D24', await fusedChecks.embed(3, 7, 11, 9, 24));
    within('embed B70 T40 V59 maxLen 48 D8', await fusedChecks.embed(70, 40, 59, 48, 8));
    within('attention T5 B3 H2 d8', await fusedChecks.attention(5, 3, 2, 8));
    within('attention from qkv T5 B3 H2 d8', await fusedChecks.qkvAttention(5, 3, 2, 8));
    within('attention from qkv T7 B2 H4 d16', await fusedChecks.qkvAttention(7, 2, 4, 16));
    within('decode S1 L7', await fusedChecks.decode(1, 7, 3, 2, 8));
    // Rows of 24 (lanes with one column or none) and 150 (lanes with two or three); 70 outputs.
    within('decode linear B3 D24 K70', await fusedChecks.decodeLinear(3, 24, 70));
    within('decode linear B2 D150 K70', await fusedChecks.decodeLinear(2, 150, 70));
    // Heads of 8 over 5 of 9 slots; 3 heads of 50 (D 150): lanes with three output columns or two.
    within('decode attention + out B3 H2 d8', await fusedChecks.decodeAttentionOut(3, 2, 8, 5, 9));
    within('decode attention + out B2 H3 d50', await fusedChecks.decodeAttentionOut(2, 3, 50, 4, 6));
  });

  it('Adam and a whole small model equal the plain ops', async () => {
    within('adam 3 weights', await fusedChecks.adam([[37, 5], [3], [16, 16]], 2));
    // Weights whose buffers nothing else shares: updated in place, 7 a dispatch (9: two dispatches).
    within('adam 9 weights in place', await fusedChecks.adam([[37, 5], [3], [16, 16], [1], [64], [7, 3], [130], [2, 2], [5]], 2, true));
    within('model', await fusedChecks.model());
  });

  // The training step's GPU dispatches on the fused path, as `npm run bench --profile` counts
  // them (countKernels: one step of the default model shape after a warm-up; the count does
  // not depend on the batch). 172 before the single-pass kernels (docs/benchmarks.md).
  it(`a training step of the default model takes at most ${TRAIN_DISPATCHES} GPU dispatches`, async () => {
    const counts = await fusedChecks.counts(true);
    expect(counts.trainDispatches).toBeLessThanOrEqual(TRAIN_DISPATCHES);
  });

  it('the sampling kernel draws the same tokens as the plain path', async () => {
    // One workgroup a row: 37 and 59 (the model's vocabulary) give each lane one logit or none,
    // 130 gives lanes three; 64 rows as a rollout has them.
    for (const [B, V] of [[5, 37], [64, 59], [3, 130]] as const) {
      for (const [temperature, topP] of [[1, 0.9], [0.7, 1], [1, 1], [0, 1], [1.3, 0.5]] as const) {
        const label = `sampling B${B} V${V} T${temperature} topP${topP}`;
        const [tokens, logProb, prob, done] = await fusedChecks.sampling(B, V, temperature, topP, 6);
        expect(tokens, `${label}: token mismatches`).toBe(0);
        expect(done, `${label}: finished-flag mismatches`).toBe(0);
        expect(logProb, `${label}: log-prob`).toBeLessThan(TOLERANCE);
        expect(prob, `${label}: probability`).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('the head fused with the draw draws as the sampling kernel does on the plain logits', async () => {
    // D 24 and V 59 (the model's vocabulary); D 150 and V 130: lanes with several columns.
    for (const [B, D, V] of [[6, 24, 59], [3, 150, 130]] as const) {
      for (const [temperature, topP] of [[1, 0.9], [0.7, 1], [0, 1]] as const) {
        const label = `head+sample B${B} D${D} V${V} T${temperature} topP${topP}`;
        const [tokens, logProb, done] = await fusedChecks.headSample(B, D, V, temperature, topP, 4);
        expect(tokens, `${label}: token mismatches`).toBe(0);
        expect(done, `${label}: finished-flag mismatches`).toBe(0);
        expect(logProb, `${label}: log-prob`).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('a sampled token of the default model takes at most 12 GPU dispatches on the fused path', async () => {
    const { tokenDispatches, tokenByName } = await fusedChecks.counts(true);
    expect(tokenDispatches, `per token: ${JSON.stringify(tokenByName)}`).toBeLessThanOrEqual(12);
  });

  it('a fused rollout equals the plain one', async () => {
    for (const [temperature, topP] of [[1, 0.95], [0.8, 1], [0, 1]] as const) {
      const [mismatch, logProb] = await fusedChecks.rollout(temperature, topP);
      expect(mismatch, `rollout T${temperature} topP${topP}: token mismatches`).toBe(0);
      expect(logProb, `rollout T${temperature} topP${topP}: log-prob`).toBeLessThan(TOLERANCE);
    }
  });
});
