/**
 * AgonDecodeLinear: one decoding step's linear layer with what surrounds it in the block, in
 * one dispatch: optionally a LayerNorm of the input row first, then x @ w, plus a bias, then
 * optionally GELU, plus a residual. Per token that folds the block's LayerNorms, GELU and
 * residual adds into its four projections (and the final LayerNorm into the head). A workgroup
 * per row: the lanes normalise the row into workgroup memory, then each lane computes every
 * 64th output column. Same formulas as the plain path (layers.ts), summed in another order.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const DECODE_LINEAR = 'AgonDecodeLinear';

/** The row's mean and 1/std, the lanes each summing every 64th column (two passes, as the plain path). */
const ROW_STATS = `
  let start = row * uniforms.d;
  var s = 0.0;
  for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) { s += X[start + j]; }
  let mean = workgroupSum(lane, vec2<f32>(s, 0.0)).x / f32(uniforms.d);
  var q = 0.0;
  for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) { let c = X[start + j] - mean; q += c * c; }
  let rstd = inverseSqrt(workgroupSum(lane, vec2<f32>(q, 0.0)).x / f32(uniforms.d) + uniforms.epsilon);`;

/** The widest input row held in workgroup memory (8 KiB of the 16 KiB every adapter has). */
export const MAX_DECODE_LINEAR_WIDTH = 2048;

/** Module scope for the row in workgroup memory: `xrow`, `cap` wide. */
export const rowHeader = (cap: number) => `${WORKGROUP_SUM}
  var<workgroup> xrow : array<f32, ${cap}>;`;

/** The input row X[row], LayerNormed with Gain and LnBias when `norm`, into xrow, for every lane to read. */
export const rowBody = (norm: boolean) => `
  ${norm ? ROW_STATS : 'let start = row * uniforms.d;'}
  for (var j = lane; j < uniforms.d; j += ${WORKGROUP}) {
    xrow[j] = ${norm ? '(X[start + j] - mean) * rstd * Gain[j] + LnBias[j]' : 'X[start + j]'};
  }
  workgroupBarrier();`;

/**
 * xrow @ W [D, K] (uniforms.d, uniforms.k), plus Bias, GELU, plus Res[row] as asked, into
 * result[row]: each lane every 64th column, summing in column order.
 */
export const projectBody = (parts: { bias: boolean; gelu: boolean; residual: boolean }) => `
  for (var col = lane; col < uniforms.k; col += ${WORKGROUP}) {
    var acc = 0.0;
    for (var j = 0; j < uniforms.d; j++) { acc += xrow[j] * W[j * uniforms.k + col]; }
    ${parts.bias ? 'acc += Bias[col];' : ''}
    ${parts.gelu ? 'let s = 1.0 / (1.0 + exp(-1.702 * acc)); acc = acc * s;' : ''}
    ${parts.residual ? 'acc = Res[row * uniforms.k + col] + acc;' : ''}
    result[row * uniforms.k + col] = acc;
  }`;

export interface DecodeLinearAttrs {
  /** LayerNorm the input first (inputs gain and lnBias); its epsilon. */
  norm: boolean;
  epsilon: number;
  gelu: boolean;
}

/** Inputs: x [B, D], w [D, K]; optional gain, lnBias [D] (norm), bias [K], residual [B, K]. Output [B, K]. */
export const decodeLinearConfig: KernelConfig = {
  kernelName: DECODE_LINEAR,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { x, w, gain, lnBias, bias, residual } = inputs as Record<string, TensorInfo | undefined>;
    const { norm, epsilon, gelu } = attrs as unknown as DecodeLinearAttrs;
    const [B, D] = x!.shape as [number, number];
    const K = w!.shape[1]!;
    if (D > MAX_DECODE_LINEAR_WIDTH) throw new Error(`${DECODE_LINEAR}: rows of ${D} are wider than the ${MAX_DECODE_LINEAR_WIDTH} it holds in workgroup memory`);
    const cap = Math.ceil(D / WORKGROUP) * WORKGROUP;
    // A dispatch binds only what its shader uses.
    const used: Record<string, TensorInfo> = { X: x!, W: w! };
    if (norm) Object.assign(used, { Gain: gain!, LnBias: lnBias! });
    if (bias) used.Bias = bias;
    if (residual) used.Res = residual;
    const flags = `${norm ? 'n' : ''}${bias ? 'b' : ''}${gelu ? 'g' : ''}${residual ? 'r' : ''}`;
    return runProgram(backend as WebGPUBackend, {
      key: `decode_linear_${flags}_${cap}`,
      inputs: used,
      outputShape: [B, K],
      rows: B,
      uniforms: [
        { name: 'd', type: 'i32', value: D },
        { name: 'k', type: 'i32', value: K },
        { name: 'epsilon', type: 'f32', value: epsilon },
      ],
      header: rowHeader(cap),
      body: `
        ${rowBody(norm)}
        ${projectBody({ bias: bias !== undefined, gelu, residual: residual !== undefined })}`,
    });
  },
};
