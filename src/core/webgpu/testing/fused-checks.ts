// Each check runs an op through the fused WebGPU kernels and through the plain tfjs ops (the
// reference) on the same webgpu backend, and returns the largest absolute differences of the
// outputs and of the gradients. Run in Chromium by e2e/fused-kernels.spec.ts (through
// e2e/pages/fused-kernels.ts) and in Node on Dawn by ../fused-kernels.test.ts.
import * as tf from '@tensorflow/tfjs';
import { selectBackend } from '../../backend';
import { attend, selfAttention } from '../../model/attention';
import { countKernels } from '../../model/benchmark';
import { defaultModelConfig } from '../../model/config';
import { Transformer } from '../../model/transformer';
import { FlatAdam } from '../../model/flat-adam';
import { completionLogProbs, sequenceBatch, tokenLogProbsOf } from '../../model/logprobs';
import { FUSED_INFERENCE_OPS, FUSED_TRAINING_OPS, fusedAttend, fusedQKVAttention, fusedSelfAttention, fusedTokenLogProbs } from '../../model/fused-ops';
import { EPSILON, INFERENCE_OPS, TRAINING_OPS, type DenseOps } from '../../model/layers';
import { DEFAULT_RL_CONFIG } from '../../rl/config';
import { updatePolicy } from '../../rl/policy-update';
import { agonStep, AGON_DEFAULTS } from '../../rl/agon';
import { grpoStep } from '../../rl/grpo';
import { rollouts } from '../../rl/rollout';
import { draftedPrompt, draftView, plainPrompt } from '../../tasks/format';
import { Rng } from '../../random';
import { mathFamily } from '../../tasks/math';
import { VOCAB_SIZE } from '../../tokenizer/tokenizer';
import { DECODE_ATTENTION_OUT, DECODE_LINEAR, fusedKernelsActive, HEAD_SAMPLE, SAMPLE, setFusedKernels, type DecodeLinearAttrs } from '..';
import type { SampleOptions } from '../../model/decoding';
import { sample } from '../../model/sampler';
import { recordedChecks } from './recorded-checks';
import { pickNext, tokenLogProbs } from '../../model/step-decode';
import { rolloutDifferences, rolloutKernelCheck, TINY_ROLLOUT_MODEL, TINY_ROLLOUT_PROMPTS } from './rollout-kernel-checks';

type Op = (...xs: tf.Tensor[]) => tf.Tensor;

/** Largest |a - b| over each pair. */
async function maxDiffs(a: tf.Tensor[], b: tf.Tensor[]): Promise<number[]> {
  return Promise.all(a.map(async (t, i) => (await tf.max(tf.abs(tf.sub(t, b[i]!))).data())[0]!));
}

const normal = (shape: number[], seed: number, std = 1) => tf.randomNormal(shape, 0, std, 'float32', seed);

/** Output and gradients (against a fixed random dy) of op at xs. */
function valueAndGrads(op: Op, xs: tf.Tensor[], seed: number): tf.Tensor[] {
  const value = op(...xs);
  const dy = normal(value.shape, seed);
  const grads = tf.grads((...inputs: tf.Tensor[]) => tf.sum(tf.mul(op(...inputs), dy)))(xs);
  return [value, ...grads];
}

async function compare(fused: Op, plain: Op, xs: tf.Tensor[]): Promise<number[]> {
  const a = valueAndGrads(fused, xs, 99);
  const b = valueAndGrads(plain, xs, 99);
  const diffs = await maxDiffs(a, b);
  tf.dispose([...a, ...b, ...xs]);
  return diffs;
}

/** Causal mask [T, B, 1, T] with keys at or past each row's length padded out (right padding, as training batches). */
function causalMask(T: number, lengths: number[]): tf.Tensor4D {
  const data = new Float32Array(T * lengths.length * T);
  for (let s = 0; s < T; s++)
    lengths.forEach((len, b) => {
      for (let l = 0; l < T; l++) data[(s * lengths.length + b) * T + l] = (l > s ? -1e9 : 0) + (l >= len ? -1e9 : 0);
    });
  return tf.tensor4d(data, [T, lengths.length, 1, T]);
}

/** The same rollout drawn on the fused path, then on the plain ops (the caller restores the fused path). */
async function fusedThenPlain(model: Transformer, prompts: number[][], opts: SampleOptions) {
  setFusedKernels(true);
  const fused = await sample(model, prompts, opts);
  setFusedKernels(false);
  return { fused, plain: await sample(model, prompts, opts) };
}

/**
 * Runs fn counting the current backend's device read-backs: calls of read and readSync (what
 * data(), array() and dataSync() end in) on a tensor whose values live only on the GPU, i.e.
 * a GPU sync. Reads of values still on the host (tfjs's webgpu concat, for one, readSyncs
 * small host-side inputs to run on the CPU) are no sync: counted apart, as hostReads.
 */
async function countReads<T>(fn: () => Promise<T>): Promise<{ value: T; reads: number; hostReads: number }> {
  type Backend = { read: (id: object) => Promise<unknown>; readSync: (id: object) => unknown; tensorMap: { get(id: object): { values?: unknown } | undefined } };
  const backend = tf.backend() as unknown as Backend;
  const { read, readSync } = backend;
  let reads = 0;
  let hostReads = 0;
  const count = (id: object) => (backend.tensorMap.get(id)?.values == null ? reads++ : hostReads++);
  backend.read = (id) => (count(id), read.call(backend, id));
  backend.readSync = (id) => (count(id), readSync.call(backend, id));
  try {
    const value = await fn();
    return { value, reads, hostReads };
  } finally {
    backend.read = read;
    backend.readSync = readSync;
  }
}

export const fusedChecks = {
  ...recordedChecks,
  async ready(): Promise<boolean> {
    await selectBackend(['webgpu']);
    return fusedKernelsActive();
  },
  layerNorm: (N: number, D: number) =>
    compare(
      (x, g, b) => FUSED_TRAINING_OPS.layerNorm(x as tf.Tensor2D, g!, b!),
      (x, g, b) => TRAINING_OPS.layerNorm(x as tf.Tensor2D, g!, b!),
      [normal([N, D], 1, 2), normal([D], 2), normal([D], 3)],
    ),
  /** The one-dispatch LayerNorm of decoding and inference (no statistics kept), forward only. */
  async layerNormInference(N: number, D: number): Promise<number[]> {
    const [x, g, b] = [normal([N, D], 1, 2) as tf.Tensor2D, normal([D], 2) as tf.Tensor1D, normal([D], 3) as tf.Tensor1D];
    const fused = FUSED_INFERENCE_OPS.layerNorm(x, g, b);
    const plain = INFERENCE_OPS.layerNorm(x, g, b);
    const diffs = await maxDiffs([fused], [plain]);
    tf.dispose([x, g, b, fused, plain]);
    return diffs;
  },
  /**
   * The decoding step's linear layer with its LayerNorm, bias, GELU and residual folded in
   * (each combination the decoder uses) against the plain ops, x [B, D] @ w [D, K].
   */
  async decodeLinear(B: number, D: number, K: number): Promise<number[]> {
    const [x, w, g, lb, b, res] = [normal([B, D], 40, 2), normal([D, K], 41, 0.3), normal([D], 42), normal([D], 43), normal([K], 44), normal([B, K], 45)];
    const norm = () => INFERENCE_OPS.layerNorm(x as tf.Tensor2D, g as tf.Tensor1D, lb as tf.Tensor1D);
    const cases: [Record<string, tf.Tensor>, DecodeLinearAttrs, () => tf.Tensor][] = [
      [{ gain: g!, lnBias: lb!, bias: b! }, { norm: true, epsilon: EPSILON, gelu: false }, () => tf.add(tf.matMul(norm(), w!), b!)],
      [{ bias: b!, residual: res! }, { norm: false, epsilon: EPSILON, gelu: false }, () => tf.add(res!, tf.add(tf.matMul(x!, w!), b!))],
      [{ gain: g!, lnBias: lb!, bias: b! }, { norm: true, epsilon: EPSILON, gelu: true }, () => INFERENCE_OPS.gelu(tf.add(tf.matMul(norm(), w!), b!) as tf.Tensor2D)],
      [{ gain: g!, lnBias: lb! }, { norm: true, epsilon: EPSILON, gelu: false }, () => tf.matMul(norm(), w!)],
    ];
    const diffs: number[] = [];
    for (const [inputs, attrs, plain] of cases) {
      const fused = tf.engine().runKernel(DECODE_LINEAR, { x: x!, w: w!, ...inputs }, attrs as unknown as tf.NamedAttrMap) as tf.Tensor;
      const reference = tf.tidy(plain);
      diffs.push(...(await maxDiffs([fused], [reference])));
      tf.dispose([fused, reference]);
    }
    tf.dispose([x!, w!, g!, lb!, b!, res!]);
    return diffs;
  },
  /**
   * A decoding step's attention with the out projection after it (AgonDecodeAttentionOut)
   * against the plain ops: B rows of H heads of d, `len` cached slots of `lmax` (padding
   * masks slot b of row b), the new token's key and value from the qkv row.
   */
  async decodeAttentionOut(B: number, H: number, d: number, len: number, lmax: number): Promise<number[]> {
    const D = H * d;
    const [qkv, cache, w, bias, res] = [normal([B, 3 * D], 60), normal([2, lmax, B * H, d], 61), normal([D, D], 62, 0.3), normal([D], 63), normal([B, D], 64)];
    const padding = tf.tensor2d(Array.from({ length: B * lmax }, (_, i) => (i % lmax === Math.floor(i / lmax) ? -1e9 : 0)), [B, lmax]);
    const fused = tf.engine().runKernel(DECODE_ATTENTION_OUT, { qkv: qkv!, cache: cache!, padding, w: w!, bias: bias!, residual: res! }, { heads: H, len }) as tf.Tensor;
    const plain = tf.tidy(() => {
      // [B, H, slots, d]: the cached slots, then the new token's.
      const heads = (t: tf.Tensor, slots: number) => tf.transpose(tf.reshape(t, [slots, B, H, d]), [1, 2, 0, 3]);
      const slots = (which: number) => tf.concat([heads(tf.slice(cache!, [which, 0, 0, 0], [1, len, B * H, d]), len), heads(tf.slice(qkv!, [0, (which + 1) * D], [B, D]), 1)], 2);
      const q = heads(tf.slice(qkv!, [0, 0], [B, D]), 1);
      const mask = tf.reshape(tf.concat([tf.slice(padding, [0, 0], [B, len]), tf.zeros([B, 1])], 1), [B, 1, 1, len + 1]);
      const scores = tf.add(tf.mul(tf.matMul(q, slots(0), false, true), 1 / Math.sqrt(d)), mask);
      const mixed = tf.reshape(tf.matMul(tf.softmax(scores), slots(1)), [B, D]);
      return tf.add(res!, tf.add(tf.matMul(mixed, w!), bias!));
    });
    const diffs = await maxDiffs([fused], [plain]);
    tf.dispose([qkv!, cache!, w!, bias!, res!, padding, fused, plain]);
    return diffs;
  },
  /** A linear layer x [N, In] @ w [In, Out] + b: output, dx, dw and db (the weight and bias gradients one kernel). */
  linear: (N: number, In: number, Out: number) =>
    compare(
      (x, w, b) => FUSED_TRAINING_OPS.linear(x as tf.Tensor2D, w!, b!),
      (x, w, b) => TRAINING_OPS.linear(x as tf.Tensor2D, w!, b!),
      [normal([N, In], 11, 2), normal([In, Out], 12, 0.3), normal([Out], 13)],
    ),
  /**
   * A block with a projection where the attention goes, on x [N, D] with F hidden columns:
   * h = x + linear(layerNorm(x)), then h + the MLP of layerNorm(h). The residual adds folded
   * into the projections (AgonResidualLinear), the MLP's LayerNorm and GELU into its matmuls
   * (AgonNormLinearGelu, AgonGeluLinearGrad, AgonWeightGrad normalizing as it reads), and the
   * gradients the adds send back into LayerNorm's backward. Output, then dx and every weight's
   * gradient.
   */
  residualBlock(N: number, D: number, F: number): Promise<number[]> {
    const block = (ops: DenseOps) => (...[x, g1, lb1, wo, bo, g2, lb2, w1, b1, w2, b2]: tf.Tensor[]) => {
      const h = ops.residualLinear(x as tf.Tensor2D, ops.layerNorm(x as tf.Tensor2D, g1!, lb1!), wo!, bo!);
      return ops.residualMLP(h, g2!, lb2!, w1!, b1!, w2!, b2!);
    };
    // Matrices at 0.1: the stream's gradient then has the other checks' size (at 0.3 the MLP
    // multiplies it some tenfold, and the matmuls' rounding with it, past 1e-4 at 192 rows).
    const weights = [normal([D], 19), normal([D], 20), normal([D, D], 30, 0.1), normal([D], 31), normal([D], 36), normal([D], 37)];
    const mlp = [normal([D, F], 21, 0.1), normal([F], 22), normal([F, D], 23, 0.1), normal([D], 24)];
    return compare(block(FUSED_TRAINING_OPS), block(TRAINING_OPS), [normal([N, D], 18, 2), ...weights, ...mlp]);
  },
  /** x + linear(h) where x is no LayerNorm's input (tfjs adds x's gradients): output, then dx, dh, dw and db. */
  unfoldedResidual: (N: number, In: number, Out: number) =>
    compare(
      (x, h, w, b) => FUSED_TRAINING_OPS.residualLinear(x as tf.Tensor2D, h as tf.Tensor2D, w!, b!),
      (x, h, w, b) => TRAINING_OPS.residualLinear(x as tf.Tensor2D, h as tf.Tensor2D, w!, b!),
      [normal([N, Out], 25), normal([N, In], 26, 2), normal([In, Out], 27, 0.3), normal([Out], 28)],
    ),
  /**
   * Each position's masked log-prob of its own token from time-major features [T*B, D] and the
   * head [D, V], tokens [B, T] (random, some rows padded out by the mask): the log-probs, then
   * the features' and the head's gradients.
   */
  tokenLogProbs(B: number, T: number, V: number, D: number): Promise<number[]> {
    const ids = Array.from({ length: B * T }, (_, i) => (i * 7 + 3) % V);
    const tokens = tf.tensor2d(ids, [B, T], 'int32');
    const mask = tf.tensor2d(Array.from({ length: B * T }, (_, i) => (i % T >= 1 + (i % 3) && i % T < T - (i % 2) ? 1 : 0)), [B, T]);
    return compare(
      (x, w) => fusedTokenLogProbs(x as tf.Tensor2D, w!, tokens, mask),
      (x, w) => tokenLogProbsOf(tf.transpose(tf.reshape(tf.matMul(x!, w!), [T, B, V]), [1, 0, 2]) as tf.Tensor3D, tokens, mask),
      [normal([T * B, D], 14, 2), normal([D, V], 29, 0.5)],
    ).finally(() => tf.dispose([tokens, mask]));
  },
  /** Token plus position embeddings of tokens [B, T] (some tokens repeated), time-major: the rows, then dwte and dwpe. */
  embed(B: number, T: number, V: number, maxLen: number, D: number): Promise<number[]> {
    const tokens = tf.tensor2d(Array.from({ length: B * T }, (_, i) => (i * 5 + 1) % V), [B, T], 'int32');
    const plain = (wte: tf.Tensor, wpe: tf.Tensor) => {
      const oneHot = tf.cast(tf.oneHot(tf.reshape(tf.transpose(tokens), [-1]) as tf.Tensor1D, V), 'float32') as tf.Tensor2D;
      const tok = TRAINING_OPS.lookup(oneHot, wte);
      const pos = tf.slice(wpe, [0, 0], [T, D]);
      return tf.reshape(tf.add(tf.reshape(tok, [T, B, D]), tf.reshape(pos, [T, 1, D])), [T * B, D]);
    };
    return compare((wte, wpe) => FUSED_TRAINING_OPS.embed!(tokens, wte!, wpe!), plain, [normal([V, D], 16), normal([maxLen, D], 17)]).finally(() => tokens.dispose());
  },
  gelu: (N: number, D: number) =>
    compare(
      (x) => FUSED_TRAINING_OPS.gelu(x as tf.Tensor2D),
      (x) => TRAINING_OPS.gelu(x as tf.Tensor2D),
      [normal([N, D], 4, 2)],
    ),
  attention(T: number, B: number, H: number, d: number): Promise<number[]> {
    const mask = causalMask(T, Array.from({ length: B }, (_, b) => T - b));
    const shape = [T, B * H, d];
    return compare(
      (q, k, v) => fusedSelfAttention(q as tf.Tensor3D, k as tf.Tensor3D, v as tf.Tensor3D, mask),
      (q, k, v) => selfAttention(q as tf.Tensor3D, k as tf.Tensor3D, v as tf.Tensor3D, mask),
      [normal(shape, 5), normal(shape, 6), normal(shape, 7)],
    ).finally(() => mask.dispose());
  },
  /**
   * Attention read from the q/k/v projection qkv [T*B, 3D] (fusedQKVAttention) against the
   * plain path as the model takes it: split, heads, scaled queries, selfAttention. Output, dqkv.
   */
  qkvAttention(T: number, B: number, H: number, d: number): Promise<number[]> {
    const mask = causalMask(T, Array.from({ length: B }, (_, b) => T - b));
    const D = H * d;
    const plain = (qkv: tf.Tensor) => {
      const heads = (t: tf.Tensor) => tf.reshape(t, [T, B * H, d]) as tf.Tensor3D;
      const [q, k, v] = tf.split(qkv, 3, 1);
      return tf.reshape(selfAttention(heads(tf.mul(q!, 1 / Math.sqrt(d))), heads(k!), heads(v!), mask), [T * B, D]);
    };
    return compare((qkv) => fusedQKVAttention(qkv as tf.Tensor2D, mask, H), plain, [normal([T * B, 3 * D], 15)]).finally(() => mask.dispose());
  },
  /** One decoding step (S queries over L cached slots, padding mask per batch row), forward only. */
  async decode(S: number, L: number, B: number, H: number, d: number): Promise<number[]> {
    const padding = new Float32Array(S * B * L);
    for (let s = 0; s < S; s++) for (let b = 0; b < B; b++) for (let l = 0; l < L; l++) padding[(s * B + b) * L + l] = l < b || l > L - S + s ? -1e9 : 0;
    const mask = tf.tensor4d(padding, [S, B, 1, L]);
    const [q, k, v] = [normal([S, B * H, d], 8), normal([L, B * H, d], 9), normal([L, B * H, d], 10)] as tf.Tensor3D[];
    const diffs = await maxDiffs([fusedAttend(q!, k!, v!, mask)], [attend(q!, k!, v!, mask)]);
    tf.dispose([q, k, v, mask]);
    return diffs;
  },
  /**
   * FlatAdam for a few steps with the fused kernel and without; the weights and moments after.
   * With `owned`, each weight's buffer is its variable's alone (the fused kernel updates it in
   * place); without, the initial tensors stay alive beside them (it writes fresh buffers).
   */
  async adam(shapes: number[][], steps: number, owned = false): Promise<number[]> {
    const initial: tf.Tensor[] = [];
    const run = async (fused: boolean) => {
      setFusedKernels(fused);
      const weights = shapes.map((s, i) => {
        const init = normal(s, 20 + i);
        const w = tf.variable(init);
        if (owned) init.dispose();
        else initial.push(init);
        return w;
      });
      const optimizer = new FlatAdam(1e-2);
      for (let t = 0; t < steps; t++) {
        // Seeds from 1: randomNormal takes seed 0 as "no seed".
        const grads = shapes.map((s, i) => normal(s, 100 * t + i + 1));
        optimizer.applyGradients(weights.map((w, i) => ({ name: w.name, tensor: grads[i]! })));
        tf.dispose(grads);
      }
      const state = (await optimizer.getWeights()).map((w) => w.tensor);
      optimizer.dispose();
      return [...weights, ...state.slice(1)];
    };
    try {
      const [fused, plain] = [await run(true), await run(false)];
      const diffs = await maxDiffs(fused, plain);
      // Without `owned`, the tensors that share the weights' first buffers are untouched.
      if (!owned) diffs.push(...(await maxDiffs(initial.slice(0, shapes.length), shapes.map((s, i) => normal(s, 20 + i)))));
      tf.dispose([...fused, ...plain, ...initial]);
      return diffs;
    } finally {
      setFusedKernels(true);
    }
  },
  /** A small model's loss and the gradient of every weight (padded rows, two layers), fused against plain. */
  async model(): Promise<number[]> {
    const model = new Transformer({ vocabSize: 11, dModel: 16, nLayers: 2, nHeads: 2, dFF: 40, maxLen: 12 }, 3);
    const rows = [
      { prompt: [1, 2, 3], completion: [4, 5, 6, 7] },
      { prompt: [8], completion: [9, 10] },
      { prompt: [2, 4, 6, 8, 10], completion: [1] },
    ];
    const batch = sequenceBatch(rows, 0, 9);
    const lossAndGrads = (fused: boolean) => {
      setFusedKernels(fused);
      const { value, grads } = tf.variableGrads(() => tf.neg(tf.mean(completionLogProbs(model, batch))) as tf.Scalar, model.weights);
      return [value, ...model.weights.map((w) => grads[w.name]!)];
    };
    try {
      const [fused, plain] = [lossAndGrads(true), lossAndGrads(false)];
      const diffs = await maxDiffs(fused, plain);
      tf.dispose([...fused, ...plain, batch.tokens, batch.mask]);
      return diffs;
    } finally {
      setFusedKernels(true);
      model.dispose();
    }
  },
  /**
   * GRPO steps of a micro model on the fused path: tensors and GPU bytes after `warmUp`
   * steps and after `steps` more (equal when nothing leaks).
   */
  async memory(warmUp: number, steps: number): Promise<{ before: tf.MemoryInfo; after: tf.MemoryInfo }> {
    const model = new Transformer({ vocabSize: VOCAB_SIZE, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, maxLen: 128 }, 1);
    const learner = { name: 'A' as const, model, optimizer: new FlatAdam(1e-3) };
    const rng = new Rng(7);
    const problems = [mathFamily.generate(rng, mathFamily.minDifficulty)];
    const config = { ...DEFAULT_RL_CONFIG, num_generations: 1, max_completion_length: 4 };
    try {
      let before = tf.memory();
      for (let step = 0; step < warmUp + steps; step++) {
        if (step === warmUp) before = tf.memory();
        await grpoStep(learner, mathFamily, problems, step, config, 1 + step);
      }
      return { before, after: tf.memory() };
    } finally {
      learner.optimizer.dispose();
      model.dispose();
    }
  },
  /**
   * The fused sampling kernel against pickNext (the plain path) on the same logits, finished
   * flags and seeds, for `steps` seeds: token mismatches, then the largest differences of
   * the log-probs and of the probabilities, then finished-flag mismatches.
   */
  async sampling(B: number, V: number, temperature: number, topP: number, steps: number): Promise<number[]> {
    const opts: SampleOptions = { maxNewTokens: steps, temperature, topP, eosId: 3, padId: 0, seed: 0 };
    const logits = normal([B, V], 30, 2) as tf.Tensor2D;
    const doneFlags = Array.from({ length: B }, (_, b) => b % 4 === 1);
    const done = tf.tensor1d(doneFlags, 'bool');
    const pad = tf.fill([B], 0, 'int32') as tf.Tensor1D;
    const zero = tf.zeros([B]) as tf.Tensor1D;
    let tokenMismatch = 0;
    let doneMismatch = 0;
    let lpDiff = 0;
    let pDiff = 0;
    try {
      for (let t = 0; t < steps; t++) {
        const seed = 1000 + 7 * t;
        const plain = pickNext(logits, done, opts, seed, pad);
        // The plain path scores the tokens after the rollout; a finished row's is 0 in the record.
        const logProb = tf.tidy(() => tf.where(done, zero, tf.reshape(tokenLogProbs(tf.expandDims(logits, 1) as tf.Tensor3D, tf.expandDims(plain.token, 1) as tf.Tensor2D), [B])));
        const record = tf.tensor2d(doneFlags.flatMap((d) => [d ? 1 : 0, 0, 0]), [B, 3]);
        const u = tf.randomUniform([B], 0, 1, 'float32', seed);
        const fused = tf.engine().runKernel(SAMPLE, { logits, u, record }, { step: 0, temperature, topP, eosId: 3, padId: 0 }) as tf.Tensor2D;
        const [tok, lp, dn, rec] = await Promise.all([plain.token.data(), logProb.data(), plain.done.data(), fused.data()]);
        for (let b = 0; b < B; b++) {
          if (rec[b * 3 + 1] !== tok[b]) tokenMismatch++;
          if (rec[b * 3] !== dn[b]) doneMismatch++;
          lpDiff = Math.max(lpDiff, Math.abs(rec[b * 3 + 2]! - lp[b]!));
          pDiff = Math.max(pDiff, Math.abs(Math.exp(rec[b * 3 + 2]!) - Math.exp(lp[b]!)));
        }
        tf.dispose([plain.token, logProb, plain.done, record, u, fused]);
      }
    } finally {
      tf.dispose([logits, done, pad, zero]);
    }
    return [tokenMismatch, lpDiff, pDiff, doneMismatch];
  },
  /**
   * AgonHeadSample (final LayerNorm, head and draw in one dispatch) against AgonSample on the
   * plain ops' logits, same seeds, for `steps` seeds: token mismatches, the largest log-prob
   * difference, finished-flag mismatches.
   */
  async headSample(B: number, D: number, V: number, temperature: number, topP: number, steps: number): Promise<number[]> {
    const [x, w, g, lb] = [normal([B, D], 50, 2), normal([D, V], 51, 0.5), normal([D], 52), normal([D], 53)];
    const logits = tf.tidy(() => tf.matMul(INFERENCE_OPS.layerNorm(x as tf.Tensor2D, g as tf.Tensor1D, lb as tf.Tensor1D), w!));
    const attrs = { step: 0, temperature, topP, eosId: 3, padId: 0 };
    let tokens = 0;
    let lp = 0;
    let done = 0;
    for (let t = 0; t < steps; t++) {
      const record = tf.tensor2d(Array.from({ length: B }, (_, b) => [b % 4 === 1 ? 1 : 0, 0, 0]).flat(), [B, 3]);
      const u = tf.randomUniform([B], 0, 1, 'float32', 2000 + 7 * t);
      const fused = tf.engine().runKernel(HEAD_SAMPLE, { x: x!, w: w!, gain: g!, lnBias: lb!, u, record }, { ...attrs, epsilon: EPSILON }) as tf.Tensor;
      const a = await fused.data();
      tf.dispose(fused);
      const reference = tf.engine().runKernel(SAMPLE, { logits, u, record }, attrs) as tf.Tensor;
      const b = await reference.data();
      tf.dispose([reference, record, u]);
      for (let r = 0; r < B; r++) {
        if (a[r * 3 + 1] !== b[r * 3 + 1]) tokens++;
        if (a[r * 3] !== b[r * 3]) done++;
        lp = Math.max(lp, Math.abs(a[r * 3 + 2]! - b[r * 3 + 2]!));
      }
    }
    tf.dispose([x!, w!, g!, lb!, logits]);
    return [tokens, lp, done];
  },
  /** The rollout kernel against the plain ops (rollout-kernel-checks.ts). */
  rolloutKernel: rolloutKernelCheck,
  /**
   * sample() on the fused decoding kernels against the plain ops (both on webgpu), same
   * prompts and seed: token mismatches (and row-length mismatches), then the largest log-prob difference.
   */
  async rollout(temperature: number, topP: number): Promise<number[]> {
    const model = new Transformer(TINY_ROLLOUT_MODEL, 5);
    const opts: SampleOptions = { maxNewTokens: 20, temperature, topP, eosId: 36, padId: 0, seed: 77 };
    try {
      const { fused, plain } = await fusedThenPlain(model, TINY_ROLLOUT_PROMPTS, opts);
      return rolloutDifferences(fused, plain);
    } finally {
      setFusedKernels(true);
      model.dispose();
    }
  },
  /**
   * Read-backs of an Agon round's two rollout stages (rollout.ts: the drafts, then the
   * solutions reading them), each run as agonStep runs it, on the default model with the
   * default completion budget (18 tokens: the old early stop read at tokens 8 and 16 too);
   * then of a whole agonStep, and of one policy update alone (a training step, not a rollout
   * stage: it reads its loss back). Also whether the fused rollout equals the plain one when
   * every row emits eos at once (the plain path stops early there; the fused one decodes on).
   */
  async readbacks(): Promise<{ draft: number; solve: number; round: number; update: number; hostReads: number[]; jobs: number; backend: string; earlyStopMismatch: number }> {
    const config = { ...DEFAULT_RL_CONFIG, num_generations: 4 };
    const make = (seed: number) => new Transformer(defaultModelConfig(VOCAB_SIZE), seed);
    const learners = { A: { name: 'A' as const, model: make(1), optimizer: new FlatAdam(1e-3) }, B: { name: 'B' as const, model: make(2), optimizer: new FlatAdam(1e-3) } };
    const rng = new Rng(3);
    const problems = [mathFamily.generate(rng, mathFamily.minDifficulty), mathFamily.generate(rng, mathFamily.minDifficulty)];
    try {
      setFusedKernels(true);
      const draftJobs = problems.flatMap((problem) => Array.from({ length: config.num_generations }, () => ({ problem, prompt: plainPrompt(mathFamily, problem) })));
      const drafts = await countReads(() => rollouts(learners.A.model, mathFamily, draftJobs, config, 11));
      const solveJobs = drafts.value.map((d) => ({ problem: d.problem, prompt: draftedPrompt(d.problem, draftView(mathFamily, d.text, false)) }));
      const solutions = await countReads(() => rollouts(learners.B.model, mathFamily, solveJobs, config, 12));
      const round = await countReads(() => agonStep(learners, mathFamily, problems, 0, config, AGON_DEFAULTS, 13));
      const update = await countReads(() => updatePolicy(learners.A.model, learners.A.optimizer, drafts.value, drafts.value.map((_, i) => (i % 2) - 0.5), config));
      return {
        draft: drafts.reads,
        solve: solutions.reads,
        round: round.reads,
        update: update.reads,
        hostReads: [drafts, solutions, round, update].map((r) => r.hostReads),
        jobs: draftJobs.length,
        backend: tf.getBackend(),
        earlyStopMismatch: await earlyStop(),
      };
    } finally {
      for (const l of Object.values(learners)) {
        l.optimizer.dispose();
        l.model.dispose();
      }
      setFusedKernels(true);
    }
  },
  /** Kernels and GPU dispatches of one training step and per sampled token of the default model (batch 2). */
  async counts(fused: boolean): Promise<{ train: number; trainDispatches: number; token: number; tokenDispatches: number; tokenByName: Record<string, number> }> {
    setFusedKernels(fused);
    const model = new Transformer(defaultModelConfig(48), 1);
    try {
      const { trainKernels, tokenKernels } = await countKernels(model, 2, [[1, 2, 3], [4, 5]]);
      return {
        train: trainKernels.kernels,
        trainDispatches: trainKernels.dispatches,
        token: tokenKernels.kernels,
        tokenDispatches: tokenKernels.dispatches,
        tokenByName: Object.fromEntries(Object.entries(tokenKernels.byName).map(([k, v]) => [k, v.calls])),
      };
    } finally {
      model.dispose();
      setFusedKernels(true);
    }
  },
};

/**
 * A model whose head makes eos (id 5) near certain: every row finishes at its first token, so
 * the plain path stops at its first check (token 8) and the fused path decodes all 20.
 * Mismatches (tokens, lengths, finished flags, log-probs beyond 1e-4) between the two.
 */
async function earlyStop(): Promise<number> {
  const model = new Transformer({ vocabSize: 37, dModel: 24, nLayers: 2, nHeads: 3, dFF: 40, maxLen: 48 }, 5);
  // The final LayerNorm's output sums to its bias's sum: with a bias of ones, a column of 50s adds 50 * dModel to eos.
  const { head, lnFinalBias } = model.decodeWeights();
  lnFinalBias.assign(tf.onesLike(lnFinalBias));
  head.assign(tf.tidy(() => tf.add(head, tf.mul(tf.oneHot(tf.fill([head.shape[0]!], 5, 'int32'), head.shape[1]!), 50))));
  const prompts = [[1, 2, 3], [4, 5, 6, 7, 8, 9, 10], [11], [12, 13, 14, 15, 16]];
  const opts: SampleOptions = { maxNewTokens: 20, temperature: 1, topP: 0.95, eosId: 5, padId: 0, seed: 78 };
  try {
    const { fused, plain } = await fusedThenPlain(model, prompts, opts);
    let mismatch = 0;
    if (!plain.finished.every(Boolean)) mismatch += 100; // the case did not arise
    plain.tokens.forEach((row, b) => {
      const other = fused.tokens[b]!;
      if (other.length !== row.length || fused.finished[b] !== plain.finished[b]) mismatch++;
      row.forEach((t, i) => {
        if (other[i] !== t || Math.abs(fused.tokenLogProbs[b]![i]! - plain.tokenLogProbs[b]![i]!) > 1e-4) mismatch++;
      });
    });
    return mismatch;
  } finally {
    setFusedKernels(true);
    model.dispose();
  }
}
