import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { encode } from '../tokenizer/tokenizer';
import { blankDraftView, draftedPrompt, draftView, parseCompletion, plainPrompt, solutionText, WITHHELD_ANSWER } from './format';
import { codeFamily } from './code';
import { mathFamily } from './math';

const problem = mathFamily.generate(new Rng(9), 3);

describe('text format', () => {
  it('lays out the three kinds of text', () => {
    expect(plainPrompt(mathFamily, problem)).toBe(`<draft>${'.'.repeat(15)}<answer>.<bos>${problem.text}<sol>`);
    const view = draftView(mathFamily, solutionText(problem.trace, problem.answer), true);
    expect(draftedPrompt(problem, view)).toBe(`<draft>${view}<bos>${problem.text}<sol>`);
    expect(() => encode(draftedPrompt(problem, view) + solutionText(problem.trace, problem.answer))).not.toThrow();
  });

  it('parses trace and answer and ignores text after <eos>', () => {
    expect(parseCompletion('1 2<answer>2<eos>junk')).toEqual({ trace: '1 2', answer: '2', ended: true });
    expect(parseCompletion('1 2<answer>2')).toEqual({ trace: '1 2', answer: '2', ended: false });
    expect(parseCompletion('1 2<eos>')).toEqual({ trace: '1 2', answer: null, ended: true });
  });

  it('shows or withholds the draft answer at a fixed width', () => {
    const completion = solutionText(problem.trace, problem.answer);
    const shown = draftView(mathFamily, completion, true);
    const withheld = draftView(mathFamily, completion, false);
    expect(shown).toBe(`${problem.trace.padEnd(mathFamily.draftTraceWidth, '.')}<answer>${problem.answer}`);
    expect(withheld).toBe(`${problem.trace.padEnd(mathFamily.draftTraceWidth, '.')}<answer>${WITHHELD_ANSWER}`);
    expect(withheld).not.toContain(`<answer>${problem.answer}`);
  });

  it('gives every prompt of a family one length, with or without a draft', () => {
    for (const family of [mathFamily, codeFamily]) {
      const p = family.generate(new Rng(3), family.maxDifficulty);
      const lengths = new Set([
        encode(plainPrompt(family, p)).length,
        encode(draftedPrompt(p, draftView(family, solutionText(p.trace, p.answer), true))).length,
        encode(draftedPrompt(p, draftView(family, solutionText(p.trace, p.answer), false))).length,
        encode(draftedPrompt(p, draftView(family, 'x<eos>', true))).length,
        encode(draftedPrompt(p, blankDraftView(family))).length,
      ]);
      expect(lengths.size).toBe(1);
    }
  });

  it('keeps a malformed draft readable: control tokens dropped, cut to width', () => {
    const view = draftView(mathFamily, '<bos>1 2 3 4 5 6 7 8 9 0 1 2<sol>', true);
    expect(view).toBe('1 2 3 4 5 6 7 8<answer>.');
    expect(encode(view)).toBeTruthy();
  });
});
