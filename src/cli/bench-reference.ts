/**
 * npm run bench:reference -- [--rounds R] [--threads N] [--steps S]
 * How far the tfjs wasm train step is from a mature CPU framework: the default-size model's
 * train step of `npm run bench` (batch 64 x 48, masked completion log-prob loss, Adam 1e-3),
 * alternated in one run with the same step in PyTorch (scripts/bench_reference.py), so both
 * see the same machine load. tfjs wasm runs on one thread in Node; PyTorch gets --threads.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { defaultModelConfig } from '../core/model/config';
import { timeTrainStep, TRAIN_SHAPE } from '../core/model/benchmark';
import { Transformer } from '../core/model/transformer';
import { VOCAB_SIZE } from '../core/tokenizer/tokenizer';
import { parseReferenceArgs, parseTorchParams, parseTorchResult, REFERENCE_USAGE, referenceTable, UsageError, type RoundTiming, type TorchResult } from './bench-reference-report';

// Debian's python3-torch is built for the system python, not for a pyenv one on PATH.
const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../scripts/bench_reference.py', import.meta.url));
const INSTALL = 'apt-get install -y python3-torch libopenblas0-pthread';
const { batch: BATCH, seq: SEQ, prompt: PROMPT } = TRAIN_SHAPE;

function requireTorch(): void {
  const run = spawnSync(PYTHON, ['-c', 'import torch'], { encoding: 'utf8' });
  if (run.status === 0) return;
  const why = run.error ? run.error.message : (run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`);
  console.error(`error: bench:reference needs PyTorch for ${PYTHON}, and "import torch" failed (${why}).`);
  console.error(`Install it (Debian, as root):\n  ${INSTALL}`);
  process.exit(1);
}

/** Runs the PyTorch script with this model and batch and returns its stdout; throws with its stderr if it fails. */
function runTorch(model: Transformer, threads: number, steps: number, extra: string[] = []): string {
  const c = model.config;
  const args = [
    SCRIPT, '--vocab', c.vocabSize, '--d-model', c.dModel, '--layers', c.nLayers, '--heads', c.nHeads, '--d-ff', c.dFF,
    '--max-len', c.maxLen, '--batch', BATCH, '--seq', SEQ, '--prompt', PROMPT, '--threads', threads, '--steps', steps, ...extra,
  ].map(String);
  const run = spawnSync(PYTHON, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${PYTHON} ${args.join(' ')} failed (exit ${run.status}):\n${run.stderr}`);
  return run.stdout;
}

async function main() {
  const { rounds, threads, steps } = parseReferenceArgs(process.argv.slice(2));
  requireTorch();
  if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not initialise');
  await tf.ready();

  const model = new Transformer(defaultModelConfig(VOCAB_SIZE), 1);
  try {
    // A mismatch means the script no longer mirrors transformer.ts, and the timing compares different models.
    const torchParams = parseTorchParams(runTorch(model, threads, steps, ['--params-only']));
    console.log(`parameters: tfjs ${model.paramCount().toLocaleString('en-US')}, PyTorch ${torchParams.toLocaleString('en-US')}`);
    if (torchParams !== model.paramCount()) {
      throw new Error(`parameter counts differ (tfjs ${model.paramCount()}, PyTorch ${torchParams}): scripts/bench_reference.py no longer mirrors src/core/model/transformer.ts`);
    }
    console.error(`batch ${BATCH} x ${SEQ} tokens, ${steps} timed steps per round after a warm-up, ${rounds} rounds...`);
    const timings: RoundTiming[] = [];
    let first: { tfjsLoss: number; torch: TorchResult } | undefined;
    for (let r = 0; r < rounds; r++) {
      const tfjs = await timeTrainStep(model, steps, BATCH);
      const torch = parseTorchResult(runTorch(model, threads, steps));
      timings.push({ tfjsMs: tfjs.ms, torchMs: torch.stepMs });
      console.error(`round ${r + 1}: tfjs wasm ${tfjs.ms.toFixed(1)} ms, PyTorch ${torch.stepMs.toFixed(1)} ms`);
      if (r === 0) first = { tfjsLoss: tfjs.firstLoss, torch };
    }
    // Fresh models score about (completion / seq) * ln(vocab); similar values say the losses match.
    console.log(`first-step loss: tfjs ${first!.tfjsLoss.toFixed(4)}, PyTorch ${first!.torch.firstLoss.toFixed(4)}; torch ${first!.torch.torch}, ${first!.torch.threads} thread(s)\n`);
    console.log(referenceTable(timings, threads));
  } finally {
    model.dispose();
  }
}

main().catch((e) => {
  if (e instanceof UsageError) {
    console.error(`error: ${e.message}\n${REFERENCE_USAGE}`);
    process.exit(2);
  }
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
