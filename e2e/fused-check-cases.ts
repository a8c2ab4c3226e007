/**
 * The fused WebGPU kernels' browser checks (the page e2e/pages/fused-kernels.html) as data, so that
 * Chromium's spec (e2e/fused-kernels.spec.ts, Dawn and Tint) and Firefox's suite (engines/, wgpu
 * and Naga) run the very same checks.
 */

/** Largest difference from the plain tfjs ops that a fused kernel may show. */
export const TOLERANCE = 1e-4;

/**
 * Each kernel against the plain ops, forward and gradients, at two shapes: one a multiple of the
 * 64-wide workgroup, one not. `secondShape` marks a kernel's second shape: Chromium leaves those to
 * the other engines (see CHROMIUM_KERNEL_CASES).
 */
export const KERNEL_CASES: readonly { label: string; name: string; args: unknown[]; secondShape?: true }[] = [
  // LayerNorm: y, dx, dgain, dbias. 37 rows and 24 columns: no multiple of 64.
  { label: 'layerNorm 37x24', name: 'layerNorm', args: [37, 24] },
  { label: 'layerNorm 64x64', name: 'layerNorm', args: [64, 64], secondShape: true },
  { label: 'gelu 37x24', name: 'gelu', args: [37, 24] },
  { label: 'gelu 64x128', name: 'gelu', args: [64, 128], secondShape: true },
  // Linear: y, dx, dw, db (the weight and bias gradients one kernel); 37 rows, then 192 (3 per lane).
  { label: 'linear 37x24 -> 70', name: 'linear', args: [37, 24, 70] },
  { label: 'linear 192x64 -> 256', name: 'linear', args: [192, 64, 256], secondShape: true },
  // A block (a projection where the attention goes), residual adds, the MLP's LayerNorm and GELU
  // folded in: y, dx, then every weight's gradient; then the add with no LayerNorm to fold into.
  { label: 'residual block 37x24, 40 hidden', name: 'residualBlock', args: [37, 24, 40] },
  { label: 'residual block 192x64, 256 hidden', name: 'residualBlock', args: [192, 64, 256], secondShape: true },
  { label: 'unfolded residual 37x24 -> 70', name: 'unfoldedResidual', args: [37, 24, 70] },
  // Token log-probs from time-major features and the head: values, then the features' and the head's gradients.
  { label: 'token log-probs B3 T7 V59 D24', name: 'tokenLogProbs', args: [3, 7, 59, 24] },
  { label: 'token log-probs B16 T48 V150 D64', name: 'tokenLogProbs', args: [16, 48, 150, 64], secondShape: true },
  // Token plus position embeddings: the rows, then dwte and dwpe.
  { label: 'embed B3 T7 V11 maxLen 9 D24', name: 'embed', args: [3, 7, 11, 9, 24] },
  { label: 'embed B70 T40 V59 maxLen 48 D8', name: 'embed', args: [70, 40, 59, 48, 8], secondShape: true },
  // Attention: out, dq, dk, dv. T x B*H query rows: 5 x 6 = 30, and 16 x 16 = 256.
  { label: 'attention T5 B3 H2 d8', name: 'attention', args: [5, 3, 2, 8] },
  { label: 'attention T16 B4 H4 d16', name: 'attention', args: [16, 4, 4, 16], secondShape: true },
  // Attention read from the q/k/v projection [T*B, 3D]: out, then dqkv.
  { label: 'attention from qkv T5 B3 H2 d8', name: 'qkvAttention', args: [5, 3, 2, 8] },
  { label: 'attention from qkv T16 B4 H4 d16', name: 'qkvAttention', args: [16, 4, 4, 16], secondShape: true },
  // Decoding: one new token over 7 cached slots, and a 4-token prefill.
  { label: 'decode S1 L7', name: 'decode', args: [1, 7, 3, 2, 8] },
  { label: 'decode S4 L4', name: 'decode', args: [4, 4, 4, 4, 16], secondShape: true },
  // A decoding step's attention with the out projection: 16 rows of 4 heads of 16, 40 of 64 slots.
  { label: 'decode attention + out B16 H4 d16', name: 'decodeAttentionOut', args: [16, 4, 16, 40, 64] },
  // Adam: 8 weights (two moment dispatches), 3 steps; weights, then the moments.
  { label: 'adam 8 weights', name: 'adam', args: [[[37, 5], [3], [64], [16, 16], [1], [7, 3], [130], [2, 2]], 3] },
  { label: 'adam 1 weight', name: 'adam', args: [[[64, 64]], 2], secondShape: true },
  // Weights nothing else shares: updated in place, 7 a dispatch.
  { label: 'adam 9 weights in place', name: 'adam', args: [[[37, 5], [3], [64], [16, 16], [1], [7, 3], [130], [2, 2], [5]], 3, true] },
  // The whole model: loss, then the gradient of each weight (the matmuls' transpose flags included).
  { label: 'model', name: 'model', args: [] },
  // The recorded training step (the first step records, the rest replay), a new batch each step: each loss, then every weight.
  { label: 'recorded training step, 3 steps', name: 'recordedSteps', args: [3] },
];

/**
 * Chromium's kernel checks. SwiftShader runs them several times slower than lavapipe (over three
 * minutes of the Chromium stage's one page), so Chromium checks every kernel once, at its shape
 * that is no multiple of the workgroup: Dawn's Tint compiles each kernel and its edge lanes are
 * checked. The second shapes run in Firefox's suite (wgpu and Naga) and, through Tint, in Node on
 * Dawn (src/core/webgpu/fused-kernels.test.ts).
 */
export const CHROMIUM_KERNEL_CASES = KERNEL_CASES.filter((c) => !c.secondShape);

/**
 * The fused sampling step (logits -> temperature -> top-p -> the seeded draw -> token, its
 * log-prob, the finished flag) against pickNext: rows one thread each (5 is no multiple of the
 * 64-wide workgroup), SAMPLING_SEEDS seeds each; then whole rollouts.
 */
export const SAMPLING_SHAPES = [[5, 37], [64, 128]] as const;
/** Chromium's sampling shape: rows no multiple of the workgroup (the 64-row shape runs in Firefox and in Node on Dawn). */
export const CHROMIUM_SAMPLING_SHAPES = SAMPLING_SHAPES.slice(0, 1);
export const SAMPLING_SETTINGS = [[1, 0.9], [0.7, 1], [1, 1], [0, 1], [1.3, 0.5]] as const;
export const SAMPLING_SEEDS = 12;
export const ROLLOUT_SETTINGS = [[1, 0.95], [0.8, 1], [0, 1]] as const;

/**
 * The rollout kernel (a whole stage in one dispatch) against the plain path: [temperature, topP,
 * eosId] on 4 left-padded prompts of a tiny model; eos 5 is drawn mid-stage by some rows.
 * Each must match token for token, in 1 dispatch and 1 read-back.
 */
export const ROLLOUT_KERNEL_SETTINGS = [[0, 1, 36], [1, 0.95, 36], [0.9, 1, 5]] as const;

/**
 * Counted with tf.profile as `npm run bench:browser` counts it: kernels a training step, and per
 * generated token at most 30 a layer + 20 for sampling (the default model has 2 layers: 80); GPU
 * dispatches as src/core/webgpu/fused-kernels.test.ts holds them on lavapipe.
 */
export const COUNT_LIMITS = { trainKernels: 300, tokenKernels: 30 * 2 + 20, trainDispatches: 54, tokenDispatches: 12 };

/** A replayed recorded training step: its dispatches at most (the fused step's and a margin), and nothing created. */
export const RECORDED_LIMITS = { dispatches: 60, buffersCreated: 0, uniformBuffersCreated: 0, bindGroups: 0, submits: 1, readBacks: 0 };

/** GRPO steps (micro shapes) after which the tensor count and GPU bytes must be where they started. */
export const MEMORY_STEPS = 300;
