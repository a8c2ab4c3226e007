import * as tf from '@tensorflow/tfjs';
import { defaultModelConfig } from './config';
import { FlatAdam } from './flat-adam';
import { completionLogProbs, sequenceBatch } from './logprobs';
import { sample, sampleFullRecompute, type SampleOptions } from './sampler';
import { Transformer } from './transformer';

/** One backend's throughput for the default model size. */
export interface BenchRow {
  backend: string;
  trainStepMs: number;
  trainTokensPerSec: number;
  kvTokensPerSec: number;
  fullTokensPerSec: number;
  /** KV-cache sampling speed over full recompute, measured in the same run. */
  kvSpeedup: number;
}

export interface BenchOptions {
  /** Fewer steps and a smaller sampling batch, for a smoke run. */
  quick?: boolean;
  vocabSize?: number;
}

const TRAIN_BATCH = 64;
const TRAIN_SEQ = 48;
const PROMPT_LEN = 24;
const NEW_TOKENS = 48;

/** Benchmarks training and sampling on the already-initialised current tf backend. */
export async function benchmarkModel(options: BenchOptions = {}): Promise<BenchRow> {
  const vocabSize = options.vocabSize ?? 48;
  const model = new Transformer(defaultModelConfig(vocabSize), 1);
  try {
    // Quick mode shrinks both batches: a batch-64 step takes about a minute on SwiftShader WebGPU.
    const trainBatch = options.quick ? 16 : TRAIN_BATCH;
    const trainStepMs = await timeTrainStep(model, options.quick ? 2 : 5, trainBatch);
    const sampleBatch = options.quick ? 16 : 64;
    const prompts = Array.from({ length: sampleBatch }, (_, i) =>
      Array.from({ length: PROMPT_LEN - (i % 4) }, (_, j) => 1 + ((i * 5 + j * 3) % (vocabSize - 1))),
    );
    // eosId -1 never matches, so every row generates all NEW_TOKENS.
    const opts: SampleOptions = { maxNewTokens: NEW_TOKENS, temperature: 1, topP: 0.95, eosId: -1, padId: 0, seed: 1 };
    const kvMs = await timeSampler(() => sample(model, prompts, opts), () => sample(model, prompts, { ...opts, maxNewTokens: 2 }));
    const fullMs = await timeSampler(
      () => sampleFullRecompute(model, prompts, opts),
      () => sampleFullRecompute(model, prompts, { ...opts, maxNewTokens: 2 }),
    );
    const sampled = sampleBatch * NEW_TOKENS;
    return {
      backend: tf.getBackend(),
      trainStepMs,
      trainTokensPerSec: (trainBatch * TRAIN_SEQ) / (trainStepMs / 1000),
      kvTokensPerSec: sampled / (kvMs / 1000),
      fullTokensPerSec: sampled / (fullMs / 1000),
      kvSpeedup: fullMs / kvMs,
    };
  } finally {
    model.dispose();
  }
}

/** Mean ms of a forward+backward+Adam step on a masked log-prob loss, after one warm-up step. */
async function timeTrainStep(model: Transformer, steps: number, batchSize: number): Promise<number> {
  const rows = Array.from({ length: batchSize }, (_, i) => ({
    prompt: Array.from({ length: 16 }, (_, j) => 1 + ((i + j) % (model.config.vocabSize - 1))),
    completion: Array.from({ length: TRAIN_SEQ - 16 }, (_, j) => 1 + ((i * 3 + j) % (model.config.vocabSize - 1))),
  }));
  const batch = sequenceBatch(rows, 0, TRAIN_SEQ);
  const optimizer = new FlatAdam(1e-3);
  const step = async () => {
    const loss = optimizer.minimize(() => tf.neg(tf.mean(completionLogProbs(model, batch))) as tf.Scalar, true, model.weights);
    await loss!.data(); // wait for the device
    loss!.dispose();
  };
  try {
    await step();
    const start = performance.now();
    for (let i = 0; i < steps; i++) await step();
    return (performance.now() - start) / steps;
  } finally {
    optimizer.dispose();
    tf.dispose([batch.tokens, batch.mask]);
  }
}

async function timeSampler(run: () => Promise<unknown>, warmUp: () => Promise<unknown>): Promise<number> {
  await warmUp();
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export function benchTable(rows: BenchRow[]): string {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  return [
    '| backend | train step (ms) | train tok/s | KV sample tok/s | full-recompute tok/s | KV speedup |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${fmt(r.trainStepMs)} | ${fmt(r.trainTokensPerSec)} | ${fmt(r.kvTokensPerSec)} | ` +
        `${fmt(r.fullTokensPerSec)} | ${r.kvSpeedup.toFixed(1)}x |`,
    ),
  ].join('\n');
}
