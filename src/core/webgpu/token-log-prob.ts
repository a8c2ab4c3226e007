/**
 * The log-prob of each sequence's own next token, the head's matmul included, in one dispatch
 * each way: what completionLogProbs (../model/logprobs.ts) computes from the final features
 * with the head's matmul, a log-softmax, a one-hot of the shifted tokens, a sum, a shift and
 * the mask (about 16 dispatches forward and 14 backward on the plain ops). A workgroup per row:
 * the lanes compute the row's logits (a lane per vocabulary entry, each a dot product over the
 * features) and share their max and sum of exponentials. Same formula as the plain ops:
 * (x - max) - log(sum exp(x - max)).
 *
 * - AgonTokenLogProb: features [T*B, D] time-major (row t*B + b, as the model computes them),
 *   head [D, V], tokens int32 [B, T], mask [B, T] -> [B, T]: at (b, t > 0) log softmax(logits
 *   of row (t-1)*B + b)[tokens[b, t]] times mask[b, t]; 0 at t = 0 (no context).
 * - AgonTokenLogProbGrad: the same inputs and dy [B, T] -> dlogits [T*B, V] (row (t, b) is
 *   dy[b, t+1] mask[b, t+1] (onehot(tokens[b, t+1]) - softmax(row)); the last position's 0) and
 *   dfeatures = dlogits head^T [T*B, D], each row from the dlogits its workgroup just wrote.
 *   The head's gradient, features^T dlogits, sums over every row: a matmul after it.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runMultiOutput, runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const TOKEN_LOG_PROB = 'AgonTokenLogProb';
export const TOKEN_LOG_PROB_GRAD = 'AgonTokenLogProbGrad';

/**
 * logit(r, v): row r's logit of entry v. rowStats(lane, r): the max of row r's logits and their
 * sum of exp(x - max). All lanes call it.
 */
const ROW_STATS = `${WORKGROUP_SUM}
  fn logit(r : i32, v : i32) -> f32 {
    var s = 0.0;
    for (var d = 0; d < uniforms.d; d++) { s += Features[r * uniforms.d + d] * Head[d * uniforms.v + v]; }
    return s;
  }
  var<workgroup> laneMax : array<f32, ${WORKGROUP}>;
  fn workgroupMax(lane : i32, v : f32) -> f32 {
    laneMax[lane] = v;
    workgroupBarrier();
    for (var s = ${WORKGROUP / 2}; s > 0; s = s / 2) {
      if (lane < s) { laneMax[lane] = max(laneMax[lane], laneMax[lane + s]); }
      workgroupBarrier();
    }
    let m = laneMax[0];
    workgroupBarrier();
    return m;
  }
  fn rowStats(lane : i32, r : i32) -> vec2<f32> {
    var m = -3.0e38;
    for (var v = lane; v < uniforms.v; v += ${WORKGROUP}) { m = max(m, logit(r, v)); }
    let rowMax = workgroupMax(lane, m);
    var s = 0.0;
    for (var v = lane; v < uniforms.v; v += ${WORKGROUP}) { s += exp(logit(r, v) - rowMax); }
    return vec2<f32>(rowMax, workgroupSum(lane, vec2<f32>(s, 0.0)).x);
  }`;

function shape(features: TensorInfo, head: TensorInfo, tokens: TensorInfo) {
  const [B, T] = tokens.shape as [number, number];
  const [D, V] = head.shape as [number, number];
  if (features.shape[0] !== T * B || features.shape[1] !== D) throw new Error(`${TOKEN_LOG_PROB}: features [${features.shape}] and head [${head.shape}] for tokens [${tokens.shape}]`);
  return {
    B,
    T,
    D,
    V,
    uniforms: [
      { name: 'b', type: 'i32' as const, value: B },
      { name: 't', type: 'i32' as const, value: T },
      { name: 'v', type: 'i32' as const, value: V },
      { name: 'd', type: 'i32' as const, value: D },
    ],
  };
}

export const tokenLogProbConfig: KernelConfig = {
  kernelName: TOKEN_LOG_PROB,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { features, head, tokens, mask } = inputs as Record<string, TensorInfo>;
    const { B, T, uniforms } = shape(features!, head!, tokens!);
    return runProgram(backend as WebGPUBackend, {
      key: 'token_log_prob_head',
      inputs: { Features: features!, Head: head!, Tokens: tokens!, Mask: mask! },
      outputShape: [B, T],
      rows: B * T,
      uniforms,
      header: ROW_STATS,
      body: `
        let b = row / uniforms.t;
        let t = row % uniforms.t;
        // Position t scores its token from the logits at t - 1.
        let r = select(0, (t - 1) * uniforms.b + b, t > 0);
        let stats = rowStats(lane, r);
        if (lane == 0) {
          let logProb = (logit(r, Tokens[row]) - stats.x) - log(stats.y);
          result[row] = select(0.0, logProb * Mask[row], t > 0);
        }`,
    });
  },
};

export const tokenLogProbGradConfig: KernelConfig = {
  kernelName: TOKEN_LOG_PROB_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { features, head, tokens, mask, dy } = inputs as Record<string, TensorInfo>;
    const { B, T, D, V, uniforms } = shape(features!, head!, tokens!);
    const [dlogits, dfeatures] = runMultiOutput(backend as WebGPUBackend, {
      key: 'token_log_prob_head_grad',
      inputs: { Features: features!, Head: head!, Tokens: tokens!, Mask: mask!, DY: dy! },
      outputs: { DLogits: [T * B, V], DFeatures: [T * B, D] },
      rows: T * B,
      uniforms,
      header: ROW_STATS,
      body: `
        let t = row / uniforms.b;
        let b = row % uniforms.b;
        let start = row * uniforms.v;
        let stats = rowStats(lane, row);
        // This row's logits score token t + 1 (none for the last position).
        let next = b * uniforms.t + min(t + 1, uniforms.t - 1);
        let g = select(0.0, DY[next] * Mask[next], t + 1 < uniforms.t);
        let token = Tokens[next];
        for (var v = lane; v < uniforms.v; v += ${WORKGROUP}) {
          let p = exp(logit(row, v) - stats.x) / stats.y;
          DLogits[start + v] = g * (select(0.0, 1.0, v == token) - p);
        }
        // The row's dlogits, written by every lane, are read by every lane.
        storageBarrier();
        for (var d = lane; d < uniforms.d; d += ${WORKGROUP}) {
          var s = 0.0;
          for (var v = 0; v < uniforms.v; v++) { s += DLogits[start + v] * Head[d * uniforms.v + v]; }
          DFeatures[row * uniforms.d + d] = s;
        }`,
    });
    return [dlogits!, dfeatures!];
  },
};
