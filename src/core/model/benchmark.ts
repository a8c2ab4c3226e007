import * as tf from '@tensorflow/tfjs';
import { defaultModelConfig } from './config';
import { FlatAdam } from './flat-adam';
import { perUnit, profileKernels, type KernelProfile } from './kernel-profile';
import { completionLogProbs, sequenceBatch, type SequenceBatch } from './logprobs';
import type { SampleOptions } from './decoding';
import { sample, sampleFullRecompute } from './sampler';
import { Transformer } from './transformer';

/** One backend's throughput for the default model size. */
export interface BenchRow {
  backend: string;
  /** The batch of trainStepMs (64; 16 in quick mode unless BenchOptions.trainBatch says otherwise). */
  trainBatch: number;
  trainStepMs: number;
  /** The training step at batch 4, where per-dispatch overhead dominates on a GPU. */
  smallBatchStepMs: number;
  trainTokensPerSec: number;
  kvTokensPerSec: number;
  fullTokensPerSec: number;
  /** KV-cache sampling speed over full recompute, measured in the same run. */
  kvSpeedup: number;
  /** Kernel launches of one training step, and per token of KV sampling (all rows together). */
  trainKernels: KernelProfile;
  tokenKernels: KernelProfile;
}

export interface BenchOptions {
  /** Fewer steps and a smaller sampling batch, for a smoke run. */
  quick?: boolean;
  vocabSize?: number;
  /** The batch of the main training-step figure (default 64; 16 in quick mode). */
  trainBatch?: number;
  /** Names the row (default: the backend), e.g. to tell the fused and plain webgpu paths apart. */
  label?: string;
  /** Called as each part starts (a CPU-backend run takes minutes between rows). */
  onProgress?: (part: string) => void;
}

const TRAIN_BATCH = 64;
export const SMALL_BATCH = 4;
const TRAIN_SEQ = 48;
const PROMPT_LEN = 24;
const NEW_TOKENS = 48;

/** The prompts of the sampling benchmark: `count` rows of about PROMPT_LEN tokens. */
export function benchPrompts(count: number, vocabSize: number): number[][] {
  return Array.from({ length: count }, (_, i) => Array.from({ length: PROMPT_LEN - (i % 4) }, (_, j) => 1 + ((i * 5 + j * 3) % (vocabSize - 1))));
}

export const benchSampleBatch = (quick?: boolean) => (quick ? 16 : 64);

/** eosId -1 never matches, so every row generates all NEW_TOKENS. */
export const BENCH_SAMPLE_OPTIONS: SampleOptions = { maxNewTokens: NEW_TOKENS, temperature: 1, topP: 0.95, eosId: -1, padId: 0, seed: 1 };

/** Benchmarks training and sampling on the already-initialised current tf backend. */
export async function benchmarkModel(options: BenchOptions = {}): Promise<BenchRow> {
  const vocabSize = options.vocabSize ?? 48;
  const model = new Transformer(defaultModelConfig(vocabSize), 1);
  const progress = options.onProgress ?? (() => {});
  try {
    // Quick mode shrinks both batches (a plain-ops batch-64 step is tens of seconds on SwiftShader
    // WebGPU) and times one step at batch 64 when trainBatch asks for it.
    const trainBatch = options.trainBatch ?? (options.quick ? 16 : TRAIN_BATCH);
    progress(`training step, batch ${trainBatch}`);
    const trainStepMs = (await timeTrainStep(model, options.quick ? (trainBatch >= TRAIN_BATCH ? 1 : 2) : 5, trainBatch)).ms;
    progress(`training step, batch ${SMALL_BATCH}`);
    const smallBatchStepMs = (await timeTrainStep(model, options.quick ? 2 : 5, SMALL_BATCH)).ms;
    const sampleBatch = benchSampleBatch(options.quick);
    const prompts = benchPrompts(sampleBatch, vocabSize);
    const opts = BENCH_SAMPLE_OPTIONS;
    progress(`KV sampling, ${sampleBatch} prompts x ${NEW_TOKENS} tokens`);
    const kvMs = await timeSampler(() => sample(model, prompts, opts), () => sample(model, prompts, { ...opts, maxNewTokens: 2 }), options.quick ? 1 : 5);
    progress('full-recompute sampling');
    const fullMs = await timeSampler(
      () => sampleFullRecompute(model, prompts, opts),
      () => sampleFullRecompute(model, prompts, { ...opts, maxNewTokens: 2 }),
      options.quick ? 1 : 3,
    );
    const sampled = sampleBatch * NEW_TOKENS;
    // The kernels of a step do not depend on its batch: counted at the small one (quicker).
    progress('counting kernels');
    const { trainKernels, tokenKernels } = await countKernels(model, SMALL_BATCH, prompts);
    return {
      backend: options.label ?? tf.getBackend(),
      trainBatch,
      trainStepMs,
      smallBatchStepMs,
      trainTokensPerSec: (trainBatch * TRAIN_SEQ) / (trainStepMs / 1000),
      kvTokensPerSec: sampled / (kvMs / 1000),
      fullTokensPerSec: sampled / (fullMs / 1000),
      kvSpeedup: fullMs / kvMs,
      trainKernels,
      tokenKernels,
    };
  } finally {
    model.dispose();
  }
}

/** Kernels of one training step at `trainBatch`, and per sampled token (all rows of `prompts` together). */
export async function countKernels(model: Transformer, trainBatch: number, prompts: number[][]): Promise<{ trainKernels: KernelProfile; tokenKernels: KernelProfile }> {
  const opts: SampleOptions = { maxNewTokens: 1, temperature: 1, topP: 0.95, eosId: -1, padId: 0, seed: 1 };
  const trainKernels = (await timeTrainStep(model, 0, trainBatch, true)).kernels!;
  // Per token: the difference between two lengths, so the prompt's prefill cancels out.
  const short = await profileKernels(() => sample(model, prompts, opts));
  const long = await profileKernels(() => sample(model, prompts, { ...opts, maxNewTokens: 17 }));
  return { trainKernels, tokenKernels: perUnit(long, short, 16) };
}

/** The rows every train-step benchmark trains on (also bench:reference's PyTorch side). */
export const TRAIN_SHAPE = { batch: TRAIN_BATCH, seq: TRAIN_SEQ, prompt: 16 };

export function trainStepBatch(vocabSize: number, batchSize = TRAIN_BATCH): SequenceBatch {
  const rows = Array.from({ length: batchSize }, (_, i) => ({
    prompt: Array.from({ length: TRAIN_SHAPE.prompt }, (_, j) => 1 + ((i + j) % (vocabSize - 1))),
    completion: Array.from({ length: TRAIN_SEQ - TRAIN_SHAPE.prompt }, (_, j) => 1 + ((i * 3 + j) % (vocabSize - 1))),
  }));
  return sequenceBatch(rows, 0, TRAIN_SEQ);
}

/**
 * A forward+backward+Adam step on a masked log-prob loss over a fixed batch, with an optimizer of
 * its own; `step` resolves to the loss once the device is done. dispose() frees the batch and
 * the optimizer.
 */
export function trainStepper(model: Transformer, batchSize: number): { step: () => Promise<number>; dispose: () => void } {
  const batch = trainStepBatch(model.config.vocabSize, batchSize);
  const optimizer = new FlatAdam(1e-3);
  const step = async () => {
    const loss = optimizer.minimize(() => tf.neg(tf.mean(completionLogProbs(model, batch))) as tf.Scalar, true, model.weights)!;
    const value = (await loss.data())[0]!; // waits for the device
    loss.dispose();
    return value;
  };
  return {
    step,
    dispose: () => {
      optimizer.dispose();
      tf.dispose([batch.tokens, batch.mask]);
    },
  };
}

/**
 * Mean ms of a training step (trainStepper), after one warm-up step; and the warm-up loss.
 * With `profile`, the kernels of one step after the warm-up instead.
 */
export async function timeTrainStep(
  model: Transformer,
  steps: number,
  batchSize: number,
  profile = false,
): Promise<{ ms: number; firstLoss: number; kernels?: KernelProfile }> {
  const { step, dispose } = trainStepper(model, batchSize);
  try {
    const firstLoss = await step();
    if (profile) return { ms: NaN, firstLoss, kernels: await profileKernels(step) };
    const start = performance.now();
    for (let i = 0; i < steps; i++) await step();
    return { ms: (performance.now() - start) / steps, firstLoss };
  } finally {
    dispose();
  }
}

/** The median ms of `runs` rollouts after a warm-up (one rollout alone swings by a third on a shared machine). */
export async function timeSampler(run: () => Promise<unknown>, warmUp: () => Promise<unknown>, runs: number): Promise<number> {
  await warmUp();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Dispatch counts exist on webgpu only. */
const dispatches = (n: number, digits: number) => (Number.isNaN(n) ? '-' : n.toFixed(digits));

export function benchTable(rows: BenchRow[]): string {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const batches = [...new Set(rows.map((r) => r.trainBatch))].join('/');
  return [
    `| backend | train step, batch ${batches} (ms) | train step, batch ${SMALL_BATCH} (ms) | train tok/s | KV sample tok/s | full-recompute tok/s | KV speedup | kernels / train step | kernels / token | GPU dispatches / train step | GPU dispatches / token |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${fmt(r.trainStepMs)} | ${fmt(r.smallBatchStepMs)} | ${fmt(r.trainTokensPerSec)} | ${fmt(r.kvTokensPerSec)} | ` +
        `${fmt(r.fullTokensPerSec)} | ${r.kvSpeedup.toFixed(1)}x | ${fmt(r.trainKernels.kernels)} | ${r.tokenKernels.kernels.toFixed(1)} | ` +
        `${dispatches(r.trainKernels.dispatches, 0)} | ${dispatches(r.tokenKernels.dispatches, 1)} |`,
    ),
  ].join('\n');
}
