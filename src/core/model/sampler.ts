/**
 * sample(): completions of prompts with a KV cache (the prompt run once, then one position per
 * new token), on the fastest decoding path the backend offers. The paths (decoding.ts) draw the
 * same tokens; this file picks one and is the only one that knows them all.
 */
import * as tf from '@tensorflow/tfjs';
import { bucketLength } from './buckets';
import type { DecodingPath, LeftPadded, SampleOptions, SampleResult } from './decoding';
import { fusedRollout } from './fused-decode';
import { InPlaceDecoder } from './preallocated-cache';
import { rolloutKernelEnabled, rolloutKernelRollout } from './rollout-kernel-decode';
import { CachedDecoder, RecomputeDecoder, stepwise } from './step-decode';
import type { Transformer } from './transformer';
import { fusedKernelsActive } from '../webgpu';
import { wasmDecodeKernelsActive } from '../wasm/decode-attention';

export function leftPadPrompts(prompts: number[][], padId: number, P: number): LeftPadded {
  const B = prompts.length;
  const tokens = new Int32Array(B * P).fill(padId);
  const positions = new Int32Array(B * P);
  const keyMask = new Float32Array(B * P);
  prompts.forEach((prompt, b) => {
    const pad = P - prompt.length;
    prompt.forEach((id, i) => {
      tokens[b * P + pad + i] = id;
      positions[b * P + pad + i] = i;
      keyMask[b * P + pad + i] = 1;
    });
  });
  return {
    tokens: tf.tensor2d(tokens, [B, P], 'int32'),
    positions: tf.tensor2d(positions, [B, P], 'int32'),
    keyMask: tf.tensor2d(keyMask, [B, P]),
    lengths: tf.tensor1d(prompts.map((p) => p.length), 'int32'),
  };
}

const plainCache = stepwise((model, padded) => new CachedDecoder(model, padded));
const inPlaceCache = stepwise((model, padded, opts) => new InPlaceDecoder(model, padded, opts.maxNewTokens));
const fullRecompute = stepwise((model, padded) => new RecomputeDecoder(model, padded));

/**
 * The fused WebGPU kernels when they are active (a few kernels a token, one read-back; or,
 * switched on, the rollout kernel: one dispatch a stage), else
 * the wasm decode kernels' in-place cache where they run, else the plain ops' cache.
 */
function fastestPath(model: Transformer): DecodingPath {
  if (fusedKernelsActive()) return rolloutKernelEnabled() ? rolloutKernelRollout : fusedRollout;
  return wasmDecodeKernelsActive(model.config) ? inPlaceCache : plainCache;
}

export function sample(model: Transformer, prompts: number[][], opts: SampleOptions): Promise<SampleResult> {
  return decode(model, prompts, opts, fastestPath(model));
}

/** Same contract as sample, but recomputes the whole sequence every step (benchmark/test baseline). */
export function sampleFullRecompute(model: Transformer, prompts: number[][], opts: SampleOptions): Promise<SampleResult> {
  return decode(model, prompts, opts, fullRecompute);
}

async function decode(model: Transformer, prompts: number[][], opts: SampleOptions, path: DecodingPath): Promise<SampleResult> {
  if (prompts.length === 0) return { tokens: [], tokenLogProbs: [], finished: [] };
  const longest = Math.max(...prompts.map((p) => p.length));
  if (Math.min(...prompts.map((p) => p.length)) === 0) throw new Error('sample: every prompt needs at least one token');
  if (longest + opts.maxNewTokens > model.config.maxLen) {
    throw new Error(`sample: prompt (${longest}) + maxNewTokens (${opts.maxNewTokens}) exceeds maxLen ${model.config.maxLen}`);
  }
  const padded = leftPadPrompts(prompts, opts.padId, bucketLength(longest));
  try {
    return await path(model, padded, opts);
  } finally {
    tf.dispose([padded.tokens, padded.positions, padded.keyMask, padded.lengths]);
  }
}
