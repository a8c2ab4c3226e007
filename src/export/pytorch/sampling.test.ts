// The exported sampler against the playground's: with the playground's draws (agon/draws.py),
// PyTorch samples the same completion tokens as generate() in tfjs (wasm) from the shipped
// checkpoints, row for row, at the default settings and with temperature and top-p, over more
// than one 256-prompt chunk. This is what lets a run of train.py follow the playground's.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate, type SamplingOptions } from '../../core/eval/generate';
import { modelFromCheckpoint } from '../../core/model/checkpoint';
import { useWasmBackend } from '../../core/model/testing';
import { completionBudget } from '../../core/tasks/budget';
import { familyByName } from '../../core/tasks/families';
import { plainPrompt } from '../../core/tasks/format';
import { testHardSplit } from '../../core/tasks/splits';
import { encode, TOKENIZER_VERSION } from '../../core/tokenizer/tokenizer';
import { probe, skipWithoutTorch } from './python';

const LOGP_TOLERANCE = 1e-4;

describe.skipIf(skipWithoutTorch())('PyTorch port: the playground\'s sampling draws give the same tokens', () => {
  beforeAll(useWasmBackend);

  it.each([
    ['math-a', 300, { temperature: 1, topP: 1 }],
    ['code-b', 64, { temperature: 0.7, topP: 0.9 }],
  ] as const)('%s, %i prompts, %o', async (name, count, settings) => {
    const path = `public/checkpoints/${name}.ckpt`;
    const family = familyByName(name.split('-')[0]!);
    const problems = testHardSplit(family, count);
    const prompts = problems.map((p) => plainPrompt(family, p));
    const sampling: SamplingOptions = { ...settings, maxNewTokens: completionBudget(family), seed: 7_919 };
    const model = modelFromCheckpoint(new Uint8Array(readFileSync(path)), { tokenizerVersion: TOKENIZER_VERSION, source: path });
    const ours = await generate(model, prompts, sampling).finally(() => model.dispose());
    const theirs = probe<{ tokens: number[]; logps: number[] }[]>('sample', { checkpoint: path, prompts: prompts.map((p) => encode(p)), sampling, seed: sampling.seed });

    const differing = ours.filter((g, i) => g.tokens.join() !== theirs[i]!.tokens.join()).length;
    const worst = Math.max(...ours.flatMap((g, i) => (g.tokens.join() === theirs[i]!.tokens.join() ? g.tokenLogProbs.map((x, t) => Math.abs(x - theirs[i]!.logps[t]!)) : [])));
    console.log(`${name}: ${count - differing} of ${count} completions token for token the same; largest log-prob difference ${worst.toExponential(2)}`);
    expect(differing).toBe(0);
    expect(worst).toBeLessThan(LOGP_TOLERANCE);
    // Not vacuous: the draws vary the completions.
    expect(new Set(ours.map((g) => g.tokens.join())).size).toBeGreaterThan(count / 2);
  });
});
