// Node benchmark of the default-size model: npm run bench -- [--backends wasm,cpu] [--quick] [--profile]
// --profile adds a per-kernel table (calls, time) of one training step and of one sampled token.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { benchmarkModel, benchTable, type BenchRow } from '../core/model/benchmark';
import { profileTable } from '../core/model/kernel-profile';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFromCheckpoint } from '../core/model/checkpoint';
import { TOKENIZER_VERSION, VOCAB_SIZE } from '../core/tokenizer/tokenizer';

const CHECKPOINT_DIR = 'public/checkpoints';

function parseArgs(argv: string[]): { backends: string[]; quick: boolean; profile: boolean } {
  const i = argv.indexOf('--backends');
  const backends = i >= 0 && argv[i + 1] ? argv[i + 1]!.split(',') : ['wasm', 'cpu'];
  return { backends, quick: argv.includes('--quick'), profile: argv.includes('--profile') };
}

const { backends, quick, profile } = parseArgs(process.argv.slice(2));
const rows: BenchRow[] = [];
for (const backend of backends) {
  if (!(await tf.setBackend(backend))) {
    console.error(`backend ${backend} is not available, skipping`);
    continue;
  }
  await tf.ready();
  console.error(`benchmarking ${backend}${quick ? ' (quick)' : ''}...`);
  rows.push(await benchmarkModel({ quick, vocabSize: VOCAB_SIZE }));
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
