// The ported verifiers against the playground's: identical verdicts, parsed answers, format
// scores and draft views (answer withheld and shown) on 2,000 (problem, completion) pairs per
// family, the completions sampled from the shipped models (half from the plain prompt, half
// from the rival reading those drafts; half of each at temperature 1, half at 2 for odder text).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../core/eval/generate';
import { modelFromCheckpoint } from '../../core/model/checkpoint';
import { useWasmBackend } from '../../core/model/testing';
import { Rng } from '../../core/random';
import { completionBudget } from '../../core/tasks/budget';
import { familyByName } from '../../core/tasks/families';
import { draftedPrompt, draftView, plainPrompt } from '../../core/tasks/format';
import { sampleProblem } from '../../core/tasks/splits';
import type { Problem } from '../../core/tasks/task';
import { verify } from '../../core/tasks/verifier';
import { TOKENIZER_VERSION } from '../../core/tokenizer/tokenizer';
import { probe, skipWithoutTorch } from './python';

const PAIRS = 2000;

interface Item {
  problem: Pick<Problem, 'difficulty' | 'text' | 'answer' | 'hidden'>;
  completion: string;
}

async function sampledPairs(task: string): Promise<Item[]> {
  const family = familyByName(task);
  const load = (m: string) => modelFromCheckpoint(new Uint8Array(readFileSync(`public/checkpoints/${task}-${m}.ckpt`)), { tokenizerVersion: TOKENIZER_VERSION, source: `${task}-${m}.ckpt` });
  const [a, b] = [load('a'), load('b')];
  try {
    const rng = new Rng(7);
    const problems = Array.from({ length: PAIRS / 2 }, () => sampleProblem(family, 'train', rng));
    const sampling = (i: number) => ({ temperature: i < PAIRS / 4 ? 1 : 2, topP: 1, maxNewTokens: completionBudget(family), seed: 11 + i });
    const half = PAIRS / 4;
    const drafts = [
      ...(await generate(a, problems.slice(0, half).map((p) => plainPrompt(family, p)), sampling(0))),
      ...(await generate(a, problems.slice(half).map((p) => plainPrompt(family, p)), sampling(half))),
    ].map((g) => g.text);
    const prompts = problems.map((p, i) => draftedPrompt(p, draftView(family, drafts[i]!, false)));
    const solutions = [
      ...(await generate(b, prompts.slice(0, half), sampling(1))),
      ...(await generate(b, prompts.slice(half), sampling(half + 1))),
    ].map((g) => g.text);
    const data = (p: Problem) => ({ difficulty: p.difficulty, text: p.text, answer: p.answer, hidden: p.hidden });
    return [...problems.map((p, i) => ({ problem: data(p), completion: drafts[i]! })), ...problems.map((p, i) => ({ problem: data(p), completion: solutions[i]! }))];
  } finally {
    a.dispose();
    b.dispose();
  }
}

describe.skipIf(skipWithoutTorch())('PyTorch port: verifiers', () => {
  beforeAll(useWasmBackend);

  it.each(['math', 'code'])('%s: the same verdicts as the playground on 2,000 sampled completions', async (task) => {
    const family = familyByName(task);
    const items = await sampledPairs(task);
    const ours = items.map(({ problem, completion }) => {
      const v = verify(family, { ...problem, family: family.name, trace: '' }, completion);
      return { verdict: v.verdict, answer: v.answer, format: v.format, hidden: draftView(family, completion, false), shown: draftView(family, completion, true) };
    });
    const theirs = probe<typeof ours>('verify', { family: { name: family.name, draftTraceWidth: family.draftTraceWidth, maxAnswerLength: family.maxAnswerLength, completionBudget: completionBudget(family) }, items });
    const differing = ours.flatMap((o, i) => (JSON.stringify(o) === JSON.stringify(theirs[i]) ? [] : [{ completion: items[i]!.completion, ours: o, theirs: theirs[i] }]));
    expect(differing.slice(0, 3)).toEqual([]);
    expect(theirs).toHaveLength(PAIRS);
    // Not vacuous: every verdict occurs.
    const verdicts = new Set(ours.map((o) => o.verdict));
    expect([...verdicts].sort()).toEqual(['correct', 'unparseable', 'wrong']);
  }, 600_000);
});
