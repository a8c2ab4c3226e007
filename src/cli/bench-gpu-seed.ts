// The end-to-end row of `npm run bench:gpu`, in a process of its own (as bench-gpu-measure.ts): one seed of
// the default experiment on webgpu with the fused kernels, as the app runs it, timed from the backend's start
// to the finished result; cancelled at --max-seconds. Prints one JSON line (EndToEnd) on stdout.
//   node --import tsx src/cli/bench-gpu-seed.ts --checkpoints DIR [--max-seconds S] [--steps N] [--eval-problems N]
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { startWebgpu } from './bench-gpu-webgpu';
import * as tf from '@tensorflow/tfjs';
import { basePairId } from '../core/experiment/base-pair';
import { ExperimentRunner } from '../core/experiment/runner';
import { parseSeedArgs, seedConfig, type SeedArgs } from './bench-gpu-args';
import { runFigures, type EndToEnd } from './bench-gpu-e2e-table';
import { shippedPairBytes } from './checkpoint-dir';

async function runSeed(args: SeedArgs): Promise<EndToEnd & { adapter?: string }> {
  const started = performance.now();
  const config = seedConfig(args);
  const { adapter, error } = await startWebgpu();
  if (error) return { error };
  const pair = shippedPairBytes(args.checkpoints, config.task, config.base_pair);
  const environment = { backend: 'webgpu', ...(adapter ? { adapter } : {}), tfjsVersion: tf.version.tfjs, appVersion: 'bench:gpu', platform: `node ${process.version}` };
  const runner = new ExperimentRunner({ ...config, base_pair: basePairId(config.task, pair.a, pair.b) }, pair, environment, null);
  const timer = setTimeout(() => runner.cancel(), args.maxSeconds * 1000 - (performance.now() - started));
  try {
    const result = await runner.run();
    return { adapter, seconds: (performance.now() - started) / 1000, capS: args.maxSeconds, figures: runFigures(result) };
  } catch (err) {
    return { adapter, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

console.log(JSON.stringify(await runSeed(parseSeedArgs(process.argv.slice(2)))));
// Dawn's device keeps Node's event loop alive.
process.exit(0);
