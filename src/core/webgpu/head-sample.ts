/**
 * AgonHeadSample: the last step of decoding a token, one dispatch: the final LayerNorm of each
 * row, the head's logits (kept in workgroup memory, never written out), and AgonSample's draw
 * into the rollout record, in place. A workgroup per row: decode-linear.ts's row, then
 * sample.ts's lanes over the logits. Only the first token of a rollout, drawn from the
 * prefill's logits, takes AgonSample alone.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { MAX_DECODE_LINEAR_WIDTH, rowBody, rowHeader } from './decode-linear';
import { inPlace, runProgram, WORKGROUP } from './program';
import { samplingShader, type SampleAttrs } from './sample';

export const HEAD_SAMPLE = 'AgonHeadSample';

export interface HeadSampleAttrs extends SampleAttrs {
  epsilon: number;
}

/** Inputs: x [B, D], head [D, V], gain and lnBias [D] (the final LayerNorm), u [B], record [B, 1 + 2N]. Output: the record, updated in place. */
export const headSampleConfig: KernelConfig = {
  kernelName: HEAD_SAMPLE,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { x, w, gain, lnBias, u, record } = inputs as Record<string, TensorInfo>;
    const a = attrs as unknown as HeadSampleAttrs;
    const gpu = backend as WebGPUBackend;
    const [B, D] = x!.shape as [number, number];
    const V = w!.shape[1]!;
    if (D > MAX_DECODE_LINEAR_WIDTH) throw new Error(`${HEAD_SAMPLE}: rows of ${D} are wider than the ${MAX_DECODE_LINEAR_WIDTH} it holds in workgroup memory`);
    const shader = samplingShader(a, V, record!.shape[1]!, 'workgroup');
    const cap = Math.ceil(D / WORKGROUP) * WORKGROUP;
    const capV = Math.ceil(V / WORKGROUP) * WORKGROUP;
    const used: Record<string, TensorInfo> = { X: x!, W: w!, Gain: gain!, LnBias: lnBias! };
    // A dispatch binds only what its shader uses: greedy draws no uniform.
    if (shader.mode !== 'greedy') used.U = u!;
    return inPlace(gpu, record!, (output) =>
      runProgram(gpu, {
        key: `head_sample_${shader.key}_${cap}_${capV}`,
        inputs: used,
        outputShape: record!.shape,
        rows: B,
        output,
        uniforms: [{ name: 'd', type: 'i32', value: D }, { name: 'epsilon', type: 'f32', value: a.epsilon }, ...shader.uniforms],
        header: `${rowHeader(cap)}
          var<workgroup> rowLogits : array<f32, ${capV}>;
          ${shader.header}`,
        body: `
          ${rowBody(true)}
          for (var col = lane; col < uniforms.v; col += ${WORKGROUP}) {
            var acc = 0.0;
            for (var j = 0; j < uniforms.d; j++) { acc += xrow[j] * W[j * uniforms.v + col]; }
            rowLogits[col] = acc;
          }
          workgroupBarrier();
          ${shader.body}`,
      }),
    );
  },
};
