/**
 * sample() on the rollout kernel (../webgpu/rollout-kernel.ts): the whole stage, prompt and
 * every new token of every row, in one dispatch, then the one read-back of the record. Off by
 * default (setRolloutKernel): whether it beats the fused decode (fused-decode.ts, a dozen
 * dispatches a token) is for a real GPU to say. Shapes past the kernel's limits take the fused
 * decode instead.
 *
 * Same draws as the other paths: the seeded uniform of each step (tf.randomUniform makes them
 * on the CPU, in the same order), uploaded at once as [N, B].
 */
import * as tf from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { ROLLOUT, ROLLOUT_LAYER_WEIGHTS, ROLLOUT_MODEL_WEIGHTS, rolloutKernelMisfit, type RolloutAttrs } from '../webgpu';
import { seedStream } from '../random';
import type { DecodingPath, LeftPadded, SampleOptions } from './decoding';
import { fusedRollout, readRecord } from './fused-decode';
import { EPSILON } from './layers';
import type { Transformer } from './transformer';

let enabled = false;

/** Takes the rollout kernel for sample() on the fused kernels (on), or the fused decode (off, the default). */
export function setRolloutKernel(on: boolean): void {
  enabled = on;
}

export function rolloutKernelEnabled(): boolean {
  return enabled;
}

/** Why the rollout kernel cannot run this stage on the current webgpu device (null: it can). */
export function rolloutKernelMisfitFor(model: Transformer, rows: number, prompt: number, opts: SampleOptions): string | null {
  const { dModel, nHeads: heads, dFF, vocabSize: vocab, nLayers: layers, maxLen: positions } = model.config;
  const shape = { rows, prompt, maxNew: opts.maxNewTokens, dModel, heads, dFF, vocab, layers, positions };
  return rolloutKernelMisfit(shape, opts.temperature > 0 && opts.topP < 1, (tf.backend() as WebGPUBackend).device.limits);
}

/** The seeded uniform of each step and row, [N * B] step major: the draws the other paths make. */
function stageUniforms(rows: number, maxNew: number, seed: number): tf.Tensor1D {
  const nextSeed = seedStream(seed);
  const values = new Float32Array(maxNew * rows);
  for (let step = 0; step < maxNew; step++) {
    const u = tf.randomUniform([rows], 0, 1, 'float32', nextSeed());
    // Made on the CPU: reading it is no GPU sync.
    values.set(u.dataSync(), step * rows);
    u.dispose();
  }
  return tf.tensor1d(values);
}

/** The model's weights in the kernel's packed order, named w0, w1, ... */
function namedWeights(model: Transformer): tf.NamedTensorMap {
  const w = model.decodeWeights();
  const list = [...ROLLOUT_MODEL_WEIGHTS.map((n) => w[n]), ...w.layers.flatMap((layer) => ROLLOUT_LAYER_WEIGHTS.map((n) => layer[n]))];
  return Object.fromEntries(list.map((t, i) => [`w${i}`, t]));
}

function runStage(model: Transformer, padded: LeftPadded, opts: SampleOptions): tf.Tensor2D {
  const u = stageUniforms(padded.tokens.shape[0], opts.maxNewTokens, opts.seed);
  const attrs: RolloutAttrs & { maxNew: number } = {
    temperature: opts.temperature, topP: opts.topP, eosId: opts.eosId, padId: opts.padId,
    heads: model.config.nHeads, epsilon: EPSILON, maxNew: opts.maxNewTokens,
  };
  try {
    const inputs = { tokens: padded.tokens, lengths: padded.lengths, u, ...namedWeights(model) };
    return tf.engine().runKernel(ROLLOUT, inputs, attrs as unknown as tf.NamedAttrMap) as tf.Tensor2D;
  } finally {
    u.dispose();
  }
}

export const rolloutKernelRollout: DecodingPath = async (model, padded, opts) => {
  const [B, P] = padded.tokens.shape;
  if (rolloutKernelMisfitFor(model, B, P, opts) !== null) return fusedRollout(model, padded, opts);
  const record = runStage(model, padded, opts);
  try {
    return await readRecord(record, B, opts);
  } finally {
    record.dispose();
  }
};
