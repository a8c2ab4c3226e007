/**
 * The training forward pass's embeddings as WebGPU kernels: token plus position embedding of
 * tokens [B, T] at positions 0..T-1, time-major rows t*B + b (Transformer.embed's layout), in
 * one dispatch; the plain path is a transpose, a one-hot, a matmul, a slice and an add (and
 * five dispatches backward). The one-hot matmul adds exact zeros, so the forward pass is equal.
 *
 * - AgonTokenEmbed: tokens int32 [B, T], wte [V, D], wpe [maxLen, D] -> [T*B, D].
 * - AgonTokenEmbedGrad: tokens, dy [T*B, D], attrs vocabSize and maxLen -> dwte [V, D] (the
 *   rows whose token it is, summed) and dwpe [maxLen, D] (the batch rows at that position; 0
 *   past T), one dispatch. A workgroup per table row and 8 columns, 8 lanes a column
 *   splitting the rows.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runMultiOutput, runProgram, WORKGROUP } from './program';

export const TOKEN_EMBED = 'AgonTokenEmbed';
export const TOKEN_EMBED_GRAD = 'AgonTokenEmbedGrad';

function shapeUniforms(tokens: TensorInfo, D: number) {
  const [B, T] = tokens.shape as [number, number];
  return [
    { name: 'b', type: 'i32' as const, value: B },
    { name: 't', type: 'i32' as const, value: T },
    { name: 'd', type: 'i32' as const, value: D },
  ];
}

export const tokenEmbedConfig: KernelConfig = {
  kernelName: TOKEN_EMBED,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { tokens, wte, wpe } = inputs as Record<string, TensorInfo>;
    const [B, T] = tokens!.shape as [number, number];
    const D = wte!.shape[1]!;
    return runProgram(backend as WebGPUBackend, {
      key: 'token_embed',
      inputs: { Tokens: tokens!, WTE: wte!, WPE: wpe! },
      outputShape: [T * B, D],
      threads: T * B * D,
      uniforms: shapeUniforms(tokens!, D),
      body: `
        let r = index / uniforms.d;
        let j = index % uniforms.d;
        let t = r / uniforms.b;
        let b = r % uniforms.b;
        result[index] = WTE[Tokens[b * uniforms.t + t] * uniforms.d + j] + WPE[t * uniforms.d + j];`,
    });
  },
};

/** Columns a workgroup of the gradients covers; its WORKGROUP / COLUMNS lanes per column split the rows. */
const COLUMNS = 8;
const SLOTS = WORKGROUP / COLUMNS;

/**
 * A workgroup per (table row, block of COLUMNS columns): lane = slot * COLUMNS + column, each
 * slot summing every SLOTS-th of the rows `rows` names (a loop over r with `term` for row r),
 * then the slots' sums added in workgroup memory. `group` numbers the workgroup, `entry` is
 * the table row of `output`.
 */
const COLUMN_BLOCK_SUM = (group: string, rows: string, term: string, output: string) => `
  let blocks = (uniforms.d + ${COLUMNS - 1}) / ${COLUMNS};
  let entry = ${group} / blocks;
  let j = (${group} % blocks) * ${COLUMNS} + lane % ${COLUMNS};
  let slot = lane / ${COLUMNS};
  var sum = 0.0;
  if (j < uniforms.d) {
    for (var r = slot; r < ${rows}; r += ${SLOTS}) { ${term} }
  }
  partial[lane] = sum;
  workgroupBarrier();
  for (var s = ${SLOTS / 2}; s > 0; s = s / 2) {
    if (slot < s) { partial[lane] += partial[lane + s * ${COLUMNS}]; }
    workgroupBarrier();
  }
  if (slot == 0 && j < uniforms.d) { ${output}[entry * uniforms.d + j] = partial[lane]; }`;

const PARTIAL = `var<workgroup> partial : array<f32, ${WORKGROUP}>;`;

export const tokenEmbedGradConfig: KernelConfig = {
  kernelName: TOKEN_EMBED_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { tokens, dy } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const { vocabSize, maxLen } = attrs as unknown as { vocabSize: number; maxLen: number };
    const D = dy!.shape[1]!;
    const uniforms = shapeUniforms(tokens!, D);
    const blocks = Math.ceil(D / COLUMNS);
    // One dispatch, two outputs: the first V * blocks workgroups dwte[v] (the rows r,
    // time-major: t = r / B, b = r % B, whose token is v), the rest dwpe[p] (the batch rows at
    // position p; none past T). A workgroup's part is uniform across its lanes (barriers).
    const tokenGroups = vocabSize * blocks;
    const [dwte, dwpe] = runMultiOutput(gpu, {
      key: 'token_embed_grad',
      inputs: { Tokens: tokens!, DY: dy! },
      outputs: { DWTE: [vocabSize, D], DWPE: [maxLen, D] },
      rows: (vocabSize + maxLen) * blocks,
      uniforms: [...uniforms, { name: 'tokenGroups', type: 'i32', value: tokenGroups }],
      header: PARTIAL,
      body: `
        if (row < uniforms.tokenGroups) {
          ${COLUMN_BLOCK_SUM('row', 'uniforms.t * uniforms.b', 'if (Tokens[(r % uniforms.b) * uniforms.t + r / uniforms.b] == entry) { sum += DY[r * uniforms.d + j]; }', 'DWTE')}
        } else {
          ${COLUMN_BLOCK_SUM('(row - uniforms.tokenGroups)', 'select(0, uniforms.b, entry < uniforms.t)', 'sum += DY[(entry * uniforms.b + r) * uniforms.d + j];', 'DWPE')}
        }`,
    });
    return [dwte!, dwpe!];
  },
};
