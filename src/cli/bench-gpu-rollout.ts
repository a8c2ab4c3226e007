// One rollout measurement of `npm run bench:gpu`, in a process of its own (as bench-gpu-measure.ts):
// the fused decode and the rollout kernel (benchmark-rollout.ts) on one model size, a rollout of
// the first of --batches prompts of the KV-sampling benchmark, the median of --steps timed
// rollouts. Prints one JSON line (RolloutMeasure) on stdout.
//   node --import tsx src/cli/bench-gpu-rollout.ts --d-model D --layers L --heads H --ff F [--batches 4] [--steps N]
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { startWebgpu } from './bench-gpu-webgpu';
import { BENCH_SAMPLE_OPTIONS, benchPrompts } from '../core/model/benchmark';
import { measureRolloutPaths, type RolloutPathRow } from '../core/model/benchmark-rollout';
import { defaultModelConfig } from '../core/model/config';
import { Transformer } from '../core/model/transformer';
import { VOCAB_SIZE } from '../core/tokenizer/tokenizer';
import { parseMeasureArgs, type MeasureArgs } from './bench-gpu-args';

export interface RolloutMeasure {
  adapter?: string;
  rows?: RolloutPathRow[];
  error?: string;
}

async function measure(args: MeasureArgs): Promise<RolloutMeasure> {
  const { adapter, error } = await startWebgpu();
  if (error) return { error };
  const { dModel, layers, heads, ff } = args.size;
  const model = new Transformer({ ...defaultModelConfig(VOCAB_SIZE), dModel, nLayers: layers, nHeads: heads, dFF: ff }, 1);
  return measureRolloutPaths(model, benchPrompts(args.batches[0]!, VOCAB_SIZE), BENCH_SAMPLE_OPTIONS, args.steps)
    .then((rows): RolloutMeasure => ({ adapter, rows }), (err: unknown): RolloutMeasure => ({ adapter, error: err instanceof Error ? err.message : String(err) }))
    .finally(() => model.dispose());
}

console.log(JSON.stringify(await measure(parseMeasureArgs(process.argv.slice(2)))));
// Dawn's device keeps Node's event loop alive.
process.exit(0);
