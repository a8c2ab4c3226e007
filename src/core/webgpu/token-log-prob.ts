/**
 * The log-prob of each sequence's own next token, in one dispatch each way: what
 * completionLogProbs (../model/logprobs.ts) computes from the logits with a log-softmax, a
 * one-hot of the shifted tokens, a sum, a shift and the mask (about 15 dispatches forward and
 * 12 backward on the plain ops). A workgroup per logits row: the lanes share the row's max and
 * its sum of exponentials. Same formula as the plain ops: (x - max) - log(sum exp(x - max)).
 *
 * - AgonTokenLogProb: logits [T*B, V] time-major (row t*B + b, as the model computes them),
 *   tokens int32 [B, T], mask [B, T] -> [B, T]: at (b, t > 0) log softmax(logits row
 *   (t-1)*B + b)[tokens[b, t]] times mask[b, t]; 0 at t = 0 (no context).
 * - AgonTokenLogProbGrad: the same inputs and dy [B, T] -> dlogits [T*B, V]: row (t, b) is
 *   dy[b, t+1] mask[b, t+1] (onehot(tokens[b, t+1]) - softmax(row)); the last position's 0.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { runProgram, WORKGROUP, WORKGROUP_SUM } from './program';

export const TOKEN_LOG_PROB = 'AgonTokenLogProb';
export const TOKEN_LOG_PROB_GRAD = 'AgonTokenLogProbGrad';

/** rowStats(lane, start): the max of the row at flat offset `start` and its sum of exp(x - max). All lanes call it. */
const ROW_STATS = `${WORKGROUP_SUM}
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
  fn rowStats(lane : i32, start : i32) -> vec2<f32> {
    var m = -3.0e38;
    for (var v = lane; v < uniforms.v; v += ${WORKGROUP}) { m = max(m, Logits[start + v]); }
    let rowMax = workgroupMax(lane, m);
    var s = 0.0;
    for (var v = lane; v < uniforms.v; v += ${WORKGROUP}) { s += exp(Logits[start + v] - rowMax); }
    return vec2<f32>(rowMax, workgroupSum(lane, vec2<f32>(s, 0.0)).x);
  }`;

function shape(logits: TensorInfo, tokens: TensorInfo) {
  const [B, T] = tokens.shape as [number, number];
  const V = logits.shape[1]!;
  if (logits.shape[0] !== T * B) throw new Error(`${TOKEN_LOG_PROB}: logits [${logits.shape}] for tokens [${tokens.shape}]`);
  return {
    B,
    T,
    V,
    uniforms: [
      { name: 'b', type: 'i32' as const, value: B },
      { name: 't', type: 'i32' as const, value: T },
      { name: 'v', type: 'i32' as const, value: V },
    ],
  };
}

export const tokenLogProbConfig: KernelConfig = {
  kernelName: TOKEN_LOG_PROB,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { logits, tokens, mask } = inputs as Record<string, TensorInfo>;
    const { B, T, uniforms } = shape(logits!, tokens!);
    return runProgram(backend as WebGPUBackend, {
      key: 'token_log_prob',
      inputs: { Logits: logits!, Tokens: tokens!, Mask: mask! },
      outputShape: [B, T],
      rows: B * T,
      uniforms,
      header: ROW_STATS,
      body: `
        let b = row / uniforms.t;
        let t = row % uniforms.t;
        // Position t scores its token from the logits at t - 1.
        let start = select(0, ((t - 1) * uniforms.b + b) * uniforms.v, t > 0);
        let stats = rowStats(lane, start);
        if (lane == 0) {
          let logProb = (Logits[start + Tokens[row]] - stats.x) - log(stats.y);
          result[row] = select(0.0, logProb * Mask[row], t > 0);
        }`,
    });
  },
};

export const tokenLogProbGradConfig: KernelConfig = {
  kernelName: TOKEN_LOG_PROB_GRAD,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend }) => {
    const { logits, tokens, mask, dy } = inputs as Record<string, TensorInfo>;
    const { B, T, V, uniforms } = shape(logits!, tokens!);
    return runProgram(backend as WebGPUBackend, {
      key: 'token_log_prob_grad',
      inputs: { Logits: logits!, Tokens: tokens!, Mask: mask!, DY: dy! },
      outputShape: [T * B, V],
      rows: T * B,
      uniforms,
      header: ROW_STATS,
      body: `
        let t = row / uniforms.b;
        let b = row % uniforms.b;
        let start = row * uniforms.v;
        let stats = rowStats(lane, start);
        // This row's logits score token t + 1 (none for the last position).
        let next = b * uniforms.t + min(t + 1, uniforms.t - 1);
        let g = select(0.0, DY[next] * Mask[next], t + 1 < uniforms.t);
        let token = Tokens[next];
        for (var v = lane; v < uniforms.v; v += ${WORKGROUP}) {
          let p = exp(Logits[start + v] - stats.x) / stats.y;
          result[start + v] = g * (select(0.0, 1.0, v == token) - p);
        }`,
    });
  },
};
