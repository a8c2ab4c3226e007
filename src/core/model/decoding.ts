/**
 * What the decoding paths share: the options, the left-padded prompts, the result, and the
 * one call each path answers. sampler.ts picks a path; the paths import this file, never
 * sampler.ts, so there is no import cycle between them.
 *
 * The paths: step-decode.ts (tfjs ops, a token at a time: the KV cache, the full recompute),
 * preallocated-cache.ts (the cache appended in place by the wasm decode kernels),
 * fused-decode.ts (the fused WebGPU kernels, which draw on the GPU) and
 * rollout-kernel-decode.ts (the whole stage in one WebGPU dispatch, off by default).
 */
import type * as tf from '@tensorflow/tfjs';
import type { Transformer } from './transformer';

export interface SampleOptions {
  maxNewTokens: number;
  /** 0 = greedy. */
  temperature: number;
  /** Nucleus mass in (0, 1]; 1 = no truncation. */
  topP: number;
  eosId: number;
  padId: number;
  seed: number;
}

export interface SampleResult {
  /** Completion tokens per row, including the eos if one was produced, nothing after it. */
  tokens: number[][];
  /**
   * log p(token) of each sampled token under the raw model distribution
   * (temperature 1, no top-p truncation), i.e. what the policy assigns to it,
   * not the distribution it was drawn from.
   */
  tokenLogProbs: number[][];
  /** Whether the row produced eos. */
  finished: boolean[];
}

/** Prompts left-padded to a bucketed length P, so every row's last prompt token sits at slot P-1. */
export interface LeftPadded {
  tokens: tf.Tensor2D; // int32 [B, P]
  /** int32 [B, P]: counted from each row's first real token (pads get 0). */
  positions: tf.Tensor2D;
  /** float32 [B, P]: 1 on real tokens. */
  keyMask: tf.Tensor2D;
  /** int32 [B]: real prompt lengths, i.e. the position of each row's first new token. */
  lengths: tf.Tensor1D;
}

/**
 * A decoding path: the completions of left-padded prompts (which the caller owns and
 * disposes), drawn with opts.seed. Every path draws the same tokens for the same seed.
 */
export type DecodingPath = (model: Transformer, padded: LeftPadded, opts: SampleOptions) => Promise<SampleResult>;
