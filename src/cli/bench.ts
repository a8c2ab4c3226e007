// Node benchmark of the default-size model: npm run bench -- [--backends wasm,cpu,webgpu] [--quick] [--profile] [--no-plain]
// --profile adds a per-kernel table (calls, time) of one training step and of one sampled token.
// webgpu runs on Dawn (see docs/webgpu-in-node.md), twice: the plain tfjs ops, then the fused
// kernels; --no-plain leaves out the plain ops (slow on a software Vulkan).
// First import: navigator.gpu must exist before tfjs-backend-webgpu loads.
import { webgpuFailure } from '../core/backend/node-webgpu';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeAdapter, selectBackend, type BackendName } from '../core/backend';
import { benchmarkModel, benchTable, type BenchRow } from '../core/model/benchmark';
import { profileTable } from '../core/model/kernel-profile';
import { modelFromCheckpoint } from '../core/model/checkpoint';
import { TOKENIZER_VERSION, VOCAB_SIZE } from '../core/tokenizer/tokenizer';
import { setFusedKernels } from '../core/webgpu';

const CHECKPOINT_DIR = 'public/checkpoints';
const BACKENDS: readonly BackendName[] = ['webgpu', 'wasm', 'cpu'];

function parseArgs(argv: string[]): { backends: BackendName[]; quick: boolean; profile: boolean; plain: boolean } {
  const i = argv.indexOf('--backends');
  const names = i >= 0 && argv[i + 1] ? argv[i + 1]!.split(',') : ['wasm', 'cpu'];
  const unknown = names.find((n) => !BACKENDS.includes(n as BackendName));
  if (unknown !== undefined) {
    console.error(`error: unknown backend "${unknown}" (choose from ${BACKENDS.join(', ')})`);
    process.exit(2);
  }
  return { backends: names as BackendName[], quick: argv.includes('--quick'), profile: argv.includes('--profile'), plain: !argv.includes('--no-plain') };
}

/** The rows of one backend: webgpu gives the plain ops and the fused kernels (before and after). */
async function benchBackend(backend: BackendName, quick: boolean, plain: boolean): Promise<BenchRow[]> {
  const base = { quick, vocabSize: VOCAB_SIZE };
  if (backend !== 'webgpu') return [await benchmarkModel(base)];
  const fused = { ...base, label: 'webgpu (fused kernels)' };
  if (!plain) return [await benchmarkModel(fused)];
  setFusedKernels(false);
  const plainRow = await benchmarkModel({ ...base, label: 'webgpu (plain ops)' }).finally(() => setFusedKernels(true));
  return [plainRow, await benchmarkModel(fused)];
}

const { backends, quick, profile, plain } = parseArgs(process.argv.slice(2));
const rows: BenchRow[] = [];
for (const backend of backends) {
  try {
    const info = await selectBackend([backend]);
    if (info.adapter) console.error(`WebGPU adapter: ${describeAdapter(info.adapter)}`);
  } catch (err) {
    console.error(backend === 'webgpu' ? webgpuFailure(undefined, err) : `backend ${backend} is not available, skipping`);
    if (backend === 'webgpu') process.exitCode = 1;
    continue;
  }
  console.error(`benchmarking ${backend}${quick ? ' (quick)' : ''}...`);
  rows.push(...(await benchBackend(backend, quick, plain)));
}
if (rows.length > 0) console.log(benchTable(rows));
if (profile) {
  for (const row of rows) {
    console.log(`\n${profileTable(`${row.backend}, one training step`, row.trainKernels)}`);
    console.log(`\n${profileTable(`${row.backend}, one sampled token (all rows)`, row.tokenKernels)}`);
  }
}

// Loading a shipped checkpoint (decode, validate, build the model), on the last backend.
const checkpoints = existsSync(CHECKPOINT_DIR) ? readdirSync(CHECKPOINT_DIR).filter((f) => f.endsWith('.ckpt')) : [];
if (checkpoints.length > 0) {
  console.log('\n| checkpoint | bytes | load (ms) |\n|---|---:|---:|');
  for (const file of checkpoints) {
    const bytes = new Uint8Array(readFileSync(join(CHECKPOINT_DIR, file)));
    const start = performance.now();
    const model = modelFromCheckpoint(bytes, TOKENIZER_VERSION);
    const ms = performance.now() - start;
    model.dispose();
    console.log(`| ${file} | ${bytes.length.toLocaleString('en-US')} | ${ms.toFixed(1)} |`);
  }
}
