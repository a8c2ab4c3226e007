/**
 * The host overhead (webgpu/overhead-counters.ts) of a steady-state training step and of a
 * rollout, for the bench's overhead table and its tests. webgpu only.
 */
import { fusedKernelsActive } from '../webgpu';
import { countOverhead, type OverheadCounts } from '../webgpu/overhead-counters';
import { BENCH_SAMPLE_OPTIONS, benchPrompts, benchSampleBatch, SMALL_BATCH, trainStepper } from './benchmark';
import { recordedTrainStepper } from './recorded-stepper';
import { defaultModelConfig, type ModelConfig } from './config';
import type { SampleOptions } from './decoding';
import { sample } from './sampler';
import { Transformer } from './transformer';

export interface OverheadRow {
  backend: string;
  /** What was counted, e.g. "training step, batch 4". */
  work: string;
  counts: OverheadCounts;
}

/** The overhead of each of `steps` training steps at `batchSize`, after one warm-up step (Adam's moments, pipelines). */
export async function trainStepOverhead(model: Transformer, batchSize: number, steps: number): Promise<OverheadCounts[]> {
  const { step, dispose } = trainStepper(model, batchSize);
  try {
    await step();
    const counts: OverheadCounts[] = [];
    for (let i = 0; i < steps; i++) counts.push((await countOverhead(step)).counts);
    return counts;
  } finally {
    dispose();
  }
}

/**
 * The overhead of a recorded step's `submit` (recorded-stepper.ts). Its host time is the whole
 * synchronous call (writes, encoding, the submit): none of it runs inside a tfjs kernel, where
 * the other rows' is counted.
 */
export async function recordedSubmitOverhead(submit: () => void): Promise<OverheadCounts> {
  let hostMs = 0;
  const { counts } = await countOverhead(async () => {
    const start = performance.now();
    submit();
    hostMs = performance.now() - start;
  });
  return { ...counts, hostMs };
}

export interface PairedStepOverhead {
  fused: OverheadCounts;
  recorded: OverheadCounts;
  /** The median over the pairs of the fused step's host time over the replay's. */
  hostRatio: number;
}

/**
 * The fused step's and the recorded step's overhead, measured in turn (a fused step, then a
 * replay, `pairs` times) on two models of the same config, so that the machine's load falls on
 * both alike: the host time of the one submit swings with it (Dawn and lavapipe's threads run on
 * the same cores). Each replay's loss is read back after it, uncounted.
 */
export async function pairedStepOverhead(config: ModelConfig, batchSize: number, pairs: number): Promise<PairedStepOverhead> {
  const models = [new Transformer(config, 1), new Transformer(config, 1)] as const;
  const fused = trainStepper(models[0], batchSize);
  const recorded = recordedTrainStepper(models[1], batchSize);
  try {
    // Warm-ups: the fused step's Adam moments and pipelines; the step that records, then replays until
    // Dawn has retired what earlier work left it to free (a submit does that).
    await fused.step();
    for (let i = 0; i < 3; i++) await recorded.step();
    const runs: PairedStepOverhead[] = [];
    for (let i = 0; i < pairs; i++) {
      const f = (await countOverhead(fused.step)).counts;
      const r = await recordedSubmitOverhead(recorded.submit);
      await recorded.loss();
      runs.push({ fused: f, recorded: r, hostRatio: f.hostMs / r.hostMs });
    }
    return { fused: steadyState(runs.map((x) => x.fused)), recorded: steadyState(runs.map((x) => x.recorded)), hostRatio: median(runs.map((x) => x.hostRatio)) };
  } finally {
    fused.dispose();
    recorded.dispose();
    for (const model of models) model.dispose();
  }
}

/** The overhead of each of `runs` rollouts of `prompts`, after one warm-up rollout. */
export async function rolloutOverhead(model: Transformer, prompts: number[][], opts: SampleOptions, runs: number): Promise<OverheadCounts[]> {
  await sample(model, prompts, opts);
  const counts: OverheadCounts[] = [];
  for (let i = 0; i < runs; i++) counts.push((await countOverhead(() => sample(model, prompts, opts))).counts);
  return counts;
}

/** Steady-state runs per row: a step's host time swings with the machine's load, so the training rows take a median of more. */
const RUNS = { train: 15, rollout: 3 };

export interface BenchOverhead {
  rows: OverheadRow[];
  /** The recorded step's paired host-time ratio (pairedStepOverhead), on the fused path. */
  recordedHostRatio?: number;
}

/**
 * The bench's overhead rows on the current (webgpu) backend: a training step of the default model
 * at batch 4 (fused or plain, and recorded on the fused path) and a rollout of the KV-sampling
 * benchmark, each the steady state of RUNS runs.
 */
export async function benchOverhead(backend: string, vocabSize: number, quick?: boolean): Promise<BenchOverhead> {
  const config = defaultModelConfig(vocabSize);
  const prompts = benchPrompts(benchSampleBatch(quick), vocabSize);
  const train = (counts: OverheadCounts) => ({ backend, work: `training step, batch ${SMALL_BATCH}`, counts });
  // Recording needs the fused kernels: off them it would only time the plain step again.
  const paired = fusedKernelsActive() ? await pairedStepOverhead(config, SMALL_BATCH, RUNS.train) : null;
  const model = new Transformer(config, 1);
  try {
    const step = paired?.fused ?? steadyState(await trainStepOverhead(model, SMALL_BATCH, RUNS.train));
    const recorded = paired ? [{ backend, work: `recorded training step, batch ${SMALL_BATCH}`, counts: paired.recorded }] : [];
    const rollout = steadyState(await rolloutOverhead(model, prompts, BENCH_SAMPLE_OPTIONS, RUNS.rollout));
    const rows = [train(step), ...recorded, { backend, work: `rollout, ${prompts.length} prompts x ${BENCH_SAMPLE_OPTIONS.maxNewTokens} tokens`, counts: rollout }];
    return paired ? { rows, recordedHostRatio: paired.hostRatio } : { rows };
  } finally {
    model.dispose();
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One figure for repeated runs: the last run's counts (they repeat at steady state) with the median host time. */
export function steadyState(runs: OverheadCounts[]): OverheadCounts {
  if (runs.length === 0) throw new Error('steadyState: no runs');
  return { ...runs.at(-1)!, hostMs: median(runs.map((r) => r.hostMs)) };
}

export function overheadTable(rows: OverheadRow[]): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    '| backend | per | host JS (ms) | dispatches | host µs / dispatch | buffers created | uniform buffers created | uniform writes | uploads | bind groups | submits | read-backs |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ backend, work, counts: c }) =>
      `| ${backend} | ${work} | ${c.hostMs.toFixed(1)} | ${n(c.dispatches)} | ${c.dispatches > 0 ? ((c.hostMs * 1000) / c.dispatches).toFixed(0) : '-'} | ` +
      `${n(c.buffersCreated)} | ${n(c.uniformBuffersCreated)} | ${n(c.uniformWrites)} | ${n(c.uploads)} | ${n(c.bindGroups)} | ${n(c.submits)} | ${n(c.readBacks)} |`,
    ),
  ].join('\n');
}
