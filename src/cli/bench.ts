// Node benchmark of the default-size model: npm run bench -- [--backends wasm,cpu,webgpu] [--quick] [--profile] [--no-plain] [--dispatch-cache]
// (usage in bench-args.ts). Tables go to stdout, progress to stderr. webgpu runs on Dawn (see
// docs/webgpu-in-node.md), twice: the plain tfjs ops, then the fused kernels.
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { webgpuFailure } from '../core/backend/node-webgpu';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeAdapter, selectBackend, type BackendName } from '../core/backend';
import { benchmarkModel, benchTable, type BenchRow } from '../core/model/benchmark';
import { benchOverhead, overheadTable, type OverheadRow } from '../core/model/benchmark-overhead';
import { measureRolloutPaths, rolloutPathTable, type RolloutPathRow } from '../core/model/benchmark-rollout';
import { BENCH_SAMPLE_OPTIONS, benchPrompts, benchSampleBatch } from '../core/model/benchmark';
import { defaultModelConfig } from '../core/model/config';
import { Transformer } from '../core/model/transformer';
import { profileTable } from '../core/model/kernel-profile';
import { modelFromCheckpoint } from '../core/model/checkpoint';
import { TOKENIZER_VERSION, VOCAB_SIZE } from '../core/tokenizer/tokenizer';
import { setDispatchCache, setFusedKernels } from '../core/webgpu';
import { BENCH_USAGE, parseBenchArgs, UsageError, type BenchArgs } from './bench-args';

const CHECKPOINT_DIR = 'public/checkpoints';

function args(): BenchArgs {
  try {
    return parseBenchArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`error: ${e.message}\n${BENCH_USAGE}`);
    process.exit(1);
  }
}

const { backends, quick, profile, plain, dispatchCache, help } = args();
if (help) {
  console.log(BENCH_USAGE);
  process.exit(0);
}
const started = performance.now();
const progress = (message: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const run = (label: string) => benchmarkModel({ quick, vocabSize: VOCAB_SIZE, label, onProgress: (part) => progress(`${label}${quick ? ' (quick)' : ''}: ${part}`) });
const overheadRows: OverheadRow[] = [];
const hostRatios: string[] = [];
const rolloutRows: RolloutPathRow[] = [];

/** The fused decode and the rollout kernel on the KV-sampling benchmark's rollout, into rolloutRows. */
async function benchRolloutPaths(): Promise<void> {
  progress('rollout paths: the fused decode, the rollout kernel');
  const model = new Transformer(defaultModelConfig(VOCAB_SIZE), 1);
  try {
    rolloutRows.push(...(await measureRolloutPaths(model, benchPrompts(benchSampleBatch(quick), VOCAB_SIZE), BENCH_SAMPLE_OPTIONS, quick ? 1 : 5)));
  } finally {
    model.dispose();
  }
}

/** A webgpu path's bench row, and its host overhead into overheadRows. */
async function benchWebGPU(label: string): Promise<BenchRow> {
  const row = await run(label);
  progress(`${label}: counting host overhead`);
  const { rows, recordedHostRatio } = await benchOverhead(label, VOCAB_SIZE, quick);
  overheadRows.push(...rows);
  if (recordedHostRatio !== undefined) hostRatios.push(`${label}: the fused step's host JS is ${recordedHostRatio.toFixed(1)}x the recorded step's (median of the ratios of steps measured in turn)`);
  return row;
}

/** The rows of one backend: webgpu gives the plain ops and the fused kernels (before and after). */
async function benchBackend(backend: BackendName): Promise<BenchRow[]> {
  if (backend !== 'webgpu') return [await run(backend)];
  const rows: BenchRow[] = [];
  if (plain) {
    setFusedKernels(false);
    rows.push(await benchWebGPU('webgpu (plain ops)').finally(() => setFusedKernels(true)));
  }
  rows.push(await benchWebGPU('webgpu (fused kernels)'));
  await benchRolloutPaths();
  if (dispatchCache) {
    setDispatchCache(true);
    rows.push(await benchWebGPU('webgpu (fused kernels, dispatch cache)').finally(() => setDispatchCache(false)));
  }
  return rows;
}

const rows: BenchRow[] = [];
for (const backend of backends) {
  try {
    const info = await selectBackend([backend]);
    if (info.adapter) progress(`WebGPU adapter: ${describeAdapter(info.adapter)}`);
  } catch (err) {
    progress(backend === 'webgpu' ? webgpuFailure(undefined, err) : `backend ${backend} is not available here, skipping`);
    if (backend === 'webgpu') process.exitCode = 1;
    continue;
  }
  rows.push(...(await benchBackend(backend)));
}
if (rows.length === 0) {
  console.error(`error: none of the backends ${backends.join(', ')} is available here`);
  process.exit(1);
}
console.log(benchTable(rows));
if (overheadRows.length > 0) console.log(`\nHost overhead on webgpu (steady state; host JS excludes waiting for the GPU):\n${overheadTable(overheadRows)}`);
for (const line of hostRatios) console.log(line);
if (rolloutRows.length > 0) {
  const batch = benchSampleBatch(quick);
  console.log(`\nRollout paths on webgpu (fused kernels; ${batch} prompts x ${BENCH_SAMPLE_OPTIONS.maxNewTokens} tokens, the prefill included):\n${rolloutPathTable(rolloutRows)}`);
}
if (profile) {
  for (const row of rows) {
    console.log(`\n${profileTable(`${row.backend}, one training step`, row.trainKernels)}`);
    console.log(`\n${profileTable(`${row.backend}, one sampled token (all rows)`, row.tokenKernels)}`);
  }
}

// Loading a shipped checkpoint (decode, validate, build the model), on the last backend.
const checkpoints = existsSync(CHECKPOINT_DIR) ? readdirSync(CHECKPOINT_DIR).filter((f) => f.endsWith('.ckpt')) : [];
if (checkpoints.length > 0) {
  progress(`loading ${checkpoints.length} shipped checkpoints`);
  console.log('\n| checkpoint | bytes | load (ms) |\n|---|---:|---:|');
  for (const file of checkpoints) {
    const bytes = new Uint8Array(readFileSync(join(CHECKPOINT_DIR, file)));
    const start = performance.now();
    const model = modelFromCheckpoint(bytes, { tokenizerVersion: TOKENIZER_VERSION, source: join(CHECKPOINT_DIR, file) });
    const ms = performance.now() - start;
    model.dispose();
    console.log(`| ${file} | ${bytes.length.toLocaleString('en-US')} | ${ms.toFixed(1)} |`);
  }
}
progress('done');
