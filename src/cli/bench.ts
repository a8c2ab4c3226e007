// Node benchmark of the default-size model: npm run bench -- [--backends wasm,cpu] [--quick] [--profile]
// (usage in bench-args.ts). Tables go to stdout, progress to stderr.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { benchmarkModel, benchTable, type BenchRow } from '../core/model/benchmark';
import { profileTable } from '../core/model/kernel-profile';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFromCheckpoint } from '../core/model/checkpoint';
import { TOKENIZER_VERSION, VOCAB_SIZE } from '../core/tokenizer/tokenizer';
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

const { backends, quick, profile, help } = args();
if (help) {
  console.log(BENCH_USAGE);
  process.exit(0);
}
const started = performance.now();
const progress = (message: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
const rows: BenchRow[] = [];
for (const backend of backends) {
  if (!(await tf.setBackend(backend))) {
    progress(`backend ${backend} is not available here, skipping`);
    continue;
  }
  await tf.ready();
  const name = `${backend}${quick ? ' (quick)' : ''}`;
  rows.push(await benchmarkModel({ quick, vocabSize: VOCAB_SIZE, onProgress: (part) => progress(`${name}: ${part}`) }));
}
if (rows.length === 0) {
  console.error(`error: none of the backends ${backends.join(', ')} is available here`);
  process.exit(1);
}
console.log(benchTable(rows));
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
