/**
 * The host overhead (webgpu/overhead-counters.ts) of a steady-state training step and of a
 * rollout, for the bench's overhead table and its tests. webgpu only.
 */
import { fusedKernelsActive } from '../webgpu';
import { countOverhead, type OverheadCounts } from '../webgpu/overhead-counters';
import { BENCH_SAMPLE_OPTIONS, benchPrompts, benchSampleBatch, SMALL_BATCH, trainStepper } from './benchmark';
import { recordedTrainStepper } from './recorded-stepper';
import { defaultModelConfig } from './config';
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

/** The overhead of each of `steps` replays of a recorded training step after the step that records; each loss read back after it, uncounted. */
export async function recordedStepOverhead(model: Transformer, batchSize: number, steps: number): Promise<OverheadCounts[]> {
  const { submit, loss, step, dispose } = recordedTrainStepper(model, batchSize);
  try {
    await step();
    const counts: OverheadCounts[] = [];
    for (let i = 0; i < steps; i++) {
      counts.push(await recordedSubmitOverhead(submit));
      await loss();
    }
    return counts;
  } finally {
    dispose();
  }
}

/** The overhead of each of `runs` rollouts of `prompts`, after one warm-up rollout. */
export async function rolloutOverhead(model: Transformer, prompts: number[][], opts: SampleOptions, runs: number): Promise<OverheadCounts[]> {
  await sample(model, prompts, opts);
  const counts: OverheadCounts[] = [];
  for (let i = 0; i < runs; i++) counts.push((await countOverhead(() => sample(model, prompts, opts))).counts);
  return counts;
}

/**
 * The bench's overhead rows on the current (webgpu) backend: a training step of the default model
 * at batch 4 and a rollout of the KV-sampling benchmark, each the steady state of 3 runs.
 */
export async function benchOverhead(backend: string, vocabSize: number, quick?: boolean): Promise<OverheadRow[]> {
  const model = new Transformer(defaultModelConfig(vocabSize), 1);
  try {
    const prompts = benchPrompts(benchSampleBatch(quick), vocabSize);
    const step = steadyState(await trainStepOverhead(model, SMALL_BATCH, 3));
    const rollout = steadyState(await rolloutOverhead(model, prompts, BENCH_SAMPLE_OPTIONS, 3));
    // Recording needs the fused kernels: off them it would only time the plain step again.
    const recorded = fusedKernelsActive() ? [{ backend, work: `recorded training step, batch ${SMALL_BATCH}`, counts: steadyState(await recordedStepOverhead(model, SMALL_BATCH, 3)) }] : [];
    return [
      { backend, work: `training step, batch ${SMALL_BATCH}`, counts: step },
      ...recorded,
      { backend, work: `rollout, ${prompts.length} prompts x ${BENCH_SAMPLE_OPTIONS.maxNewTokens} tokens`, counts: rollout },
    ];
  } finally {
    model.dispose();
  }
}

/** One figure for repeated runs: the last run's counts (they repeat at steady state) with the median host time. */
export function steadyState(runs: OverheadCounts[]): OverheadCounts {
  if (runs.length === 0) throw new Error('steadyState: no runs');
  const ms = runs.map((r) => r.hostMs).sort((a, b) => a - b);
  return { ...runs.at(-1)!, hostMs: ms[Math.floor(ms.length / 2)]! };
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
