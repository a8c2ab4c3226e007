// The exported PyTorch model against the playground's: the shipped checkpoints score 64 fixed
// sequences (16 per checkpoint: plain and drafted prompts, right and wrong solutions) with the
// same completion log-probs, tfjs (wasm) against PyTorch (CPU), within 1e-4.
import * as tf from '@tensorflow/tfjs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { modelFromCheckpoint } from '../../core/model/checkpoint';
import { completionLogProbs, sequenceBatch } from '../../core/model/logprobs';
import { useWasmBackend } from '../../core/model/testing';
import { familyByName } from '../../core/tasks/families';
import { draftedPrompt, draftView, plainPrompt, solutionText } from '../../core/tasks/format';
import { testHardSplit } from '../../core/tasks/splits';
import { encode, PAD_ID, TOKENIZER_VERSION } from '../../core/tokenizer/tokenizer';
import { probe, skipWithoutTorch } from './python';

const TOLERANCE = 1e-4;
const CHECKPOINTS = ['math-a', 'math-b', 'code-a', 'code-b'] as const;

/** 16 rows for a checkpoint: 8 problems alone with their reference solution, 8 reading a draft with a corrupted solution. */
function rows(task: string): [number[], number[]][] {
  const family = familyByName(task);
  return testHardSplit(family, 16).map((p, i) => {
    const right = solutionText(p.trace, p.answer);
    if (i < 8) return [encode(plainPrompt(family, p)), encode(right)];
    const wrong = solutionText(p.trace.split('').reverse().join(''), p.answer.split('').reverse().join(''));
    return [encode(draftedPrompt(p, draftView(family, right, i % 2 === 0))), encode(wrong)];
  });
}

function tfjsLogProbs(path: string, batch: [number[], number[]][]): number[][] {
  const model = modelFromCheckpoint(new Uint8Array(readFileSync(path)), { tokenizerVersion: TOKENIZER_VERSION, source: path });
  try {
    const seq = sequenceBatch(batch.map(([prompt, completion]) => ({ prompt, completion })), PAD_ID, model.config.maxLen);
    const lp = tf.tidy(() => completionLogProbs(model, seq).arraySync());
    tf.dispose([seq.tokens, seq.mask]);
    return batch.map(([p, c], b) => lp[b]!.slice(p.length, p.length + c.length));
  } finally {
    model.dispose();
  }
}

describe.skipIf(skipWithoutTorch())('PyTorch port: log-probs of the shipped checkpoints', () => {
  beforeAll(useWasmBackend);

  it.each(CHECKPOINTS)('%s agrees with tfjs within 1e-4 on 16 sequences', (name) => {
    const path = `public/checkpoints/${name}.ckpt`;
    const batch = rows(name.split('-')[0]!);
    const ours = tfjsLogProbs(path, batch);
    const theirs = probe<number[][]>('logprobs', { checkpoint: path, rows: batch });
    expect(theirs.map((r) => r.length)).toEqual(ours.map((r) => r.length));
    const worst = Math.max(...ours.flatMap((row, b) => row.map((x, t) => Math.abs(x - theirs[b]![t]!))));
    console.log(`${name}: largest log-prob difference, tfjs (wasm) against PyTorch: ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(TOLERANCE);
    // Not vacuous: the rows are scored, and the corrupted ones lower.
    expect(ours.flat().some((x) => x < -1)).toBe(true);
  });
});
