import { expect, test, type Page } from '@playwright/test';

// Each fused WebGPU kernel against the plain tfjs ops on the same (SwiftShader) adapter,
// forward and gradients, at two shapes: one a multiple of the 64-wide workgroup, one not.
const TOLERANCE = 1e-4;

type Checks = NonNullable<Window['__fused']>;

async function open(page: Page): Promise<void> {
  await page.goto('./e2e/pages/fused-kernels.html');
  await page.waitForFunction(() => window.__fused !== undefined);
  expect(await check(page, 'ready')).toBe(true);
}

async function check<K extends keyof Checks>(page: Page, name: K, ...args: Parameters<Checks[K]>): Promise<number[]> {
  return page.evaluate(
    ([n, a]) => (window.__fused![n] as (...x: unknown[]) => Promise<number[]>)(...a),
    [name, args] as const,
  );
}

test('fused WebGPU kernels equal the plain ops, forward and gradients', async ({ page }) => {
  test.setTimeout(300_000);
  await open(page);

  const within = (label: string, diffs: number[]) => {
    expect(diffs.length, label).toBeGreaterThan(0);
    for (const [i, d] of diffs.entries()) expect(d, `${label}, output ${i}`).toBeLessThan(TOLERANCE);
  };
  // LayerNorm: y, dx, dgain, dbias. 37 rows and 24 columns: no multiple of 64.
  within('layerNorm 37x24', await check(page, 'layerNorm', 37, 24));
  within('layerNorm 64x64', await check(page, 'layerNorm', 64, 64));
  within('gelu 37x24', await check(page, 'gelu', 37, 24));
  within('gelu 64x128', await check(page, 'gelu', 64, 128));
  // Linear: y, dx, dw, db (the weight and bias gradients one kernel); 37 rows, then 192 (3 per lane).
  within('linear 37x24 -> 70', await check(page, 'linear', 37, 24, 70));
  within('linear 192x64 -> 256', await check(page, 'linear', 192, 64, 256));
  // A block (a projection where the attention goes), residual adds, the MLP's LayerNorm and GELU folded in: y, dx, then every weight's gradient.
  within('residual block 37x24, 40 hidden', await check(page, 'residualBlock', 37, 24, 40));
  within('residual block 192x64, 256 hidden', await check(page, 'residualBlock', 192, 64, 256));
  within('unfolded residual 37x24 -> 70', await check(page, 'unfoldedResidual', 37, 24, 70));
  // Token log-probs from time-major features and the head: values, then the features' and the head's gradients.
  within('token log-probs B3 T7 V59 D24', await check(page, 'tokenLogProbs', 3, 7, 59, 24));
  within('token log-probs B16 T48 V150 D64', await check(page, 'tokenLogProbs', 16, 48, 150, 64));
  // Token plus position embeddings: the rows, then dwte and dwpe.
  within('embed B3 T7 V11 maxLen 9 D24', await check(page, 'embed', 3, 7, 11, 9, 24));
  within('embed B70 T40 V59 maxLen 48 D8', await check(page, 'embed', 70, 40, 59, 48, 8));
  // Attention: out, dq, dk, dv. T x B*H query rows: 5 x 6 = 30, and 16 x 16 = 256.
  within('attention T5 B3 H2 d8', await check(page, 'attention', 5, 3, 2, 8));
  within('attention T16 B4 H4 d16', await check(page, 'attention', 16, 4, 4, 16));
  // Attention read from the q/k/v projection [T*B, 3D]: out, then dqkv.
  within('attention from qkv T5 B3 H2 d8', await check(page, 'qkvAttention', 5, 3, 2, 8));
  within('attention from qkv T16 B4 H4 d16', await check(page, 'qkvAttention', 16, 4, 4, 16));
  // Decoding: one new token over 7 cached slots, and a 4-token prefill.
  within('decode S1 L7', await check(page, 'decode', 1, 7, 3, 2, 8));
  within('decode S4 L4', await check(page, 'decode', 4, 4, 4, 4, 16));
  // A decoding step's attention with the out projection: 16 rows of 4 heads of 16, 40 of 64 slots.
  within('decode attention + out B16 H4 d16', await check(page, 'decodeAttentionOut', 16, 4, 16, 40, 64));
  // Adam: 8 weights (two moment dispatches), 3 steps; weights, then the moments.
  const shapes = [[37, 5], [3], [64], [16, 16], [1], [7, 3], [130], [2, 2]];
  within('adam 8 weights', await check(page, 'adam', shapes, 3));
  within('adam 1 weight', await check(page, 'adam', [[64, 64]], 2));
  // Weights nothing else shares: updated in place, 7 a dispatch.
  within('adam 9 weights in place', await check(page, 'adam', [...shapes, [5]], 3, true));
  // The whole model: loss, then the gradient of each weight (the matmuls' transpose flags included).
  within('model', await check(page, 'model'));
});

// The fused sampling step (logits -> temperature -> top-p -> the seeded draw -> token, its
// log-prob, the finished flag) against pickNext, at 5 x 37 and 64 x 128 (rows one thread
// each: 5 is no multiple of the 64-wide workgroup), 12 seeds each; then whole rollouts.
test('the fused sampling kernel draws the same tokens as the plain path', async ({ page }) => {
  test.setTimeout(300_000);
  await open(page);
  for (const [B, V] of [[5, 37], [64, 128]] as const) {
    for (const [temperature, topP] of [[1, 0.9], [0.7, 1], [1, 1], [0, 1], [1.3, 0.5]] as const) {
      const label = `sampling B${B} V${V} T${temperature} topP${topP}`;
      const [tokens, logProb, prob, done] = await check(page, 'sampling', B, V, temperature, topP, 12);
      expect(tokens, `${label}: token mismatches`).toBe(0);
      expect(done, `${label}: finished-flag mismatches`).toBe(0);
      expect(logProb, `${label}: log-prob`).toBeLessThan(TOLERANCE);
      expect(prob, `${label}: probability`).toBeLessThan(TOLERANCE);
    }
  }
  for (const [temperature, topP] of [[1, 0.95], [0.8, 1], [0, 1]] as const) {
    const [mismatch, logProb] = await check(page, 'rollout', temperature, topP);
    expect(mismatch, `rollout T${temperature} topP${topP}: token mismatches`).toBe(0);
    expect(logProb, `rollout T${temperature} topP${topP}: log-prob`).toBeLessThan(TOLERANCE);
  }
});

// The fused path's targets, counted with tf.profile as `npm run bench:browser` counts it: at most
// 300 kernels a training step, and per generated token at most 30 a layer + 20 for sampling
// (the default model has 2 layers: 80).
test('the default model trains in at most 300 kernels a step and samples in at most 80 a token', async ({ page }) => {
  test.setTimeout(300_000);
  await open(page);
  const plain = await page.evaluate(() => window.__fused!.counts(false));
  const fused = await page.evaluate(() => window.__fused!.counts(true));
  console.log(`kernels per train step ${plain.train} -> ${fused.train} (GPU dispatches ${plain.trainDispatches} -> ${fused.trainDispatches}); ` +
    `per token ${plain.token} -> ${fused.token} (dispatches ${plain.tokenDispatches} -> ${fused.tokenDispatches}); ` +
    `fused per token: ${JSON.stringify(fused.tokenByName)}`);
  expect(fused.train).toBeLessThanOrEqual(300);
  expect(fused.token).toBeLessThanOrEqual(30 * 2 + 20);
  // Per token: the embedding, five a layer, the head with the draw.
  expect(fused.tokenDispatches).toBeLessThanOrEqual(12);
  // The fused path must launch fewer GPU programs, not only fewer tfjs kernels: at most 54 a
  // training step (as src/core/webgpu/fused-kernels.test.ts holds it on lavapipe).
  expect(fused.trainDispatches).toBeLessThan(plain.trainDispatches);
  expect(fused.trainDispatches).toBeLessThanOrEqual(54);
  expect(fused.tokenDispatches).toBeLessThan(plain.tokenDispatches);
});

// At most one read-back (a GPU sync) per rollout stage on the fused path. Counted
// by wrapping the webgpu backend's read and readSync, for each stage of an Agon round (the
// drafts, then the solutions) on the default model and completion budget. The rest of a round
// is its two policy updates (training steps): each reads its loss back once (and its KL
// statistic when a reference model is set). Reads of host-side values are no GPU sync: not counted.
test('a rollout stage reads back at most once on the fused path', async ({ page }) => {
  test.setTimeout(300_000);
  await open(page);
  const r = await page.evaluate(() => window.__fused!.readbacks());
  console.log(`read-backs on ${r.backend}, ${r.jobs} rollouts a stage: drafts ${r.draft}, solutions ${r.solve}; ` +
    `whole Agon round ${r.round} (one policy update alone: ${r.update}); ` +
    `host-side reads (no GPU sync) drafts/solutions/round/update: ${r.hostReads.join('/')}`);
  expect(r.backend).toBe('webgpu');
  expect(r.draft).toBeLessThanOrEqual(1);
  expect(r.solve).toBeLessThanOrEqual(1);
  expect(r.round).toBe(r.draft + r.solve + 2 * r.update);
  expect(r.update).toBe(1);
  // Every row emits eos at its first token: the plain path stops early, the fused path does not; same result.
  expect(r.earlyStopMismatch).toBe(0);
});

// Over 300 RL steps on webgpu (micro shapes) nothing accumulates on the device.
test('300 GRPO steps on the fused path leave the tensor count and GPU bytes flat', async ({ page }) => {
  test.setTimeout(900_000);
  await open(page);
  const { before, after } = await page.evaluate(() => window.__fused!.memory(5, 300));
  expect(before.numTensors).toBeGreaterThan(0);
  expect(after.numTensors).toBe(before.numTensors);
  expect((after as { numBytesInGPU?: number }).numBytesInGPU).toBe((before as { numBytesInGPU?: number }).numBytesInGPU);
});
