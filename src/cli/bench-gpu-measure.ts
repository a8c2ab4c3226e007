// One measurement of `npm run bench:gpu`, in a process of its own (a model too large for the
// device, or a hang, then costs one cell, not the run): the training step of one model size at
// each batch, on webgpu with the fused kernels (or their recorded step) or on tfjs wasm. Prints one JSON line
// (MeasureResult) on stdout.
//   node --import tsx src/cli/bench-gpu-measure.ts --backend webgpu|wasm [--recorded] --d-model D --layers L --heads H --ff F
//        [--batches 4,64] [--steps N] [--budget-s S]
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { webgpuFailure } from '../core/backend/node-webgpu';
import { describeAdapter, selectBackend } from '../core/backend';
import { trainStepper } from '../core/model/benchmark';
import { recordedSubmitOverhead } from '../core/model/benchmark-overhead';
import { recordedTrainStepper } from '../core/model/recorded-stepper';
import { defaultModelConfig } from '../core/model/config';
import { Transformer } from '../core/model/transformer';
import { VOCAB_SIZE } from '../core/tokenizer/tokenizer';
import { countOverhead, type OverheadCounts } from '../core/webgpu/overhead-counters';
import { parseMeasureArgs, type MeasureArgs } from './bench-gpu-args';

export interface MeasureResult {
  backend: 'webgpu' | 'wasm';
  adapter?: string;
  params?: number;
  /** Median ms of the timed steps at each batch, and how many were timed. */
  stepMs?: Record<number, { ms: number; steps: number }>;
  /** webgpu: the host overhead of one more step at the smallest batch. */
  overhead?: OverheadCounts;
  error?: string;
}

/** Median ms of up to `steps` steps after a warm-up step, stopping once `budgetMs` has gone by (at least one). */
async function timeSteps(step: () => Promise<number>, steps: number, budgetMs: number): Promise<{ ms: number; steps: number }> {
  await step();
  const ms: number[] = [];
  const start = performance.now();
  while (ms.length < steps && (ms.length === 0 || performance.now() - start < budgetMs)) {
    const t = performance.now();
    await step();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const mid = ms.length / 2;
  return { ms: Number.isInteger(mid) ? (ms[mid - 1]! + ms[mid]!) / 2 : ms[Math.floor(mid)]!, steps: ms.length };
}

async function measure(args: MeasureArgs): Promise<MeasureResult> {
  const result: MeasureResult = { backend: args.backend };
  try {
    const info = await selectBackend([args.backend]);
    if (info.adapter) result.adapter = describeAdapter(info.adapter);
  } catch (err) {
    return { ...result, error: args.backend === 'webgpu' ? webgpuFailure(undefined, err) : `wasm did not start: ${String(err)}` };
  }
  const { dModel, layers, heads, ff } = args.size;
  const model = new Transformer({ ...defaultModelConfig(VOCAB_SIZE), dModel, nLayers: layers, nHeads: heads, dFF: ff }, 1);
  result.params = model.paramCount();
  result.stepMs = {};
  try {
    for (const batch of [...args.batches].sort((a, b) => a - b)) {
      const recorded = args.recorded ? recordedTrainStepper(model, batch) : null;
      const { step, dispose } = recorded ?? trainStepper(model, batch);
      try {
        result.stepMs[batch] = await timeSteps(step, args.steps, (args.budgetS * 1000) / args.batches.length);
        if (args.backend === 'webgpu' && !result.overhead) result.overhead = recorded ? await recordedSubmitOverhead(recorded.submit) : (await countOverhead(step)).counts;
      } finally {
        dispose();
      }
    }
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
  } finally {
    model.dispose();
  }
  return result;
}

console.log(JSON.stringify(await measure(parseMeasureArgs(process.argv.slice(2)))));
// Dawn's device keeps Node's event loop alive.
process.exit(0);
