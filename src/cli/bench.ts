// Node benchmark of the default-size model: npm run bench -- [--backends wasm,cpu] [--quick]
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { benchmarkModel, benchTable, type BenchRow } from '../core/model/benchmark';
import { VOCAB_SIZE } from '../core/tokenizer/tokenizer';

function parseArgs(argv: string[]): { backends: string[]; quick: boolean } {
  const i = argv.indexOf('--backends');
  const backends = i >= 0 && argv[i + 1] ? argv[i + 1]!.split(',') : ['wasm', 'cpu'];
  return { backends, quick: argv.includes('--quick') };
}

const { backends, quick } = parseArgs(process.argv.slice(2));
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
