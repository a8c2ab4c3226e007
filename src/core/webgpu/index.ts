/**
 * Fused WGSL kernels for tfjs-backend-webgpu (see program.ts). selectBackend registers
 * them when it activates webgpu; the model then takes them (fusedKernelsActive) while the
 * webgpu backend is current. Every other backend runs the plain tfjs ops, which are the
 * reference the fused kernels are tested against (e2e/fused-kernels.spec.ts).
 */
import * as tf from '@tensorflow/tfjs';
import { ADAM, adamConfig } from './adam';
import { attentionConfig, attentionGradConfig } from './attention';
import { appendKVConfig, decodeAttentionOutConfig, embedConfig } from './decode';
import { decodeLinearConfig } from './decode-linear';
import { tokenEmbedConfig, tokenEmbedGradConfig } from './embed';
import { geluConfig, geluGradConfig } from './gelu';
import { geluLinearGradConfig, normLinearGeluConfig } from './gelu-linear';
import { headSampleConfig } from './head-sample';
import { layerNormConfig, layerNormGradConfig } from './layer-norm';
import { residualLinearConfig } from './residual-linear';
import { rolloutConfig } from './rollout-kernel';
import { sampleConfig } from './sample';
import { tokenLogProbConfig, tokenLogProbGradConfig } from './token-log-prob';
import { weightGradConfig } from './weight-grad';

export { ADAM };
export { ADAM_CORRECTIONS } from './adam';
export { recordStep, type StepRecording } from './step-recorder';
export { setDispatchCache } from './dispatch-cache';
export type { AdamAttrs } from './adam';
export { ATTENTION, ATTENTION_GRAD } from './attention';
export { APPEND_KV, DECODE_ATTENTION, DECODE_ATTENTION_OUT, EMBED } from './decode';
export { DECODE_LINEAR } from './decode-linear';
export { TOKEN_EMBED, TOKEN_EMBED_GRAD } from './embed';
export type { DecodeLinearAttrs } from './decode-linear';
export { RESIDUAL_LINEAR } from './residual-linear';
export { ROLLOUT, ROLLOUT_LAYER_WEIGHTS, ROLLOUT_MODEL_WEIGHTS, rolloutKernelMisfit } from './rollout-kernel';
export type { RolloutAttrs } from './rollout-kernel';
export { SAMPLE } from './sample';
export type { SampleAttrs } from './sample';
export { GELU, GELU_GRAD } from './gelu';
export { GELU_LINEAR_GRAD, NORM_LINEAR_GELU } from './gelu-linear';
export { HEAD_SAMPLE } from './head-sample';
export type { HeadSampleAttrs } from './head-sample';
export { LAYER_NORM, LAYER_NORM_GRAD } from './layer-norm';
export { TOKEN_LOG_PROB, TOKEN_LOG_PROB_GRAD } from './token-log-prob';
export { WEIGHT_GRAD } from './weight-grad';

const CONFIGS = [layerNormConfig, layerNormGradConfig, geluConfig, geluGradConfig, attentionConfig, attentionGradConfig, adamConfig,
  sampleConfig, embedConfig, decodeAttentionOutConfig, appendKVConfig, decodeLinearConfig, headSampleConfig,
  weightGradConfig, residualLinearConfig, normLinearGeluConfig, geluLinearGradConfig, tokenLogProbConfig, tokenLogProbGradConfig, tokenEmbedConfig, tokenEmbedGradConfig, rolloutConfig];

let enabled = true;

/** Registers the fused kernels with the webgpu backend (once; later calls do nothing). */
export function registerFusedKernels(): void {
  for (const config of CONFIGS) {
    if (!tf.getKernel(config.kernelName, config.backendName)) tf.registerKernel(config);
  }
}

/** Whether the model should take the fused kernels now: registered, enabled, and webgpu current. */
export function fusedKernelsActive(): boolean {
  return enabled && tf.getBackend() === 'webgpu' && tf.getKernel(ADAM, 'webgpu') !== undefined;
}

/** Switches the fused kernels off (the plain path on webgpu, for comparisons) or back on. */
export function setFusedKernels(on: boolean): void {
  enabled = on;
}
