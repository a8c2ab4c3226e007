import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { encode } from '../tokenizer/tokenizer';
import { draftedPrompt, draftView, parseCompletion, plainPrompt, solutionText, WITHHELD_ANSWER } from './format';
import { mathFamily } from './math';

const problem = mathFamily.generate(new Rng(9), 3);

describe('text format', () => {
  it('lays out the three kinds of text', () => {
    expect(plainPrompt(problem)).toBe(`<bos>${problem.text}<sol>`);
    const view = draftView(mathFamily, solutionText(problem.trace, problem.answer), true);
    expect(draftedPrompt(problem, view)).toBe(`<bos>${problem.text}<draft>${view}<sol>`);
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

  it('keeps a malformed draft readable: control tokens dropped, cut to width', () => {
    const view = draftView(mathFamily, '<bos>1 2 3 4 5 6 7 8 9 0 1 2<sol>', true);
    expect(view).toBe('1 2 3 4 5 6 7 8<answer>');
    expect(encode(view)).toBeTruthy();
  });
});
