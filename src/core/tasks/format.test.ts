import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { encode } from '../tokenizer/tokenizer';
import { blankDraftView, draftedPrompt, draftView, parseCompletion, plainPrompt, solutionText, WITHHELD_ANSWER } from './format';
import { codeFamily } from './code';
import { mathFamily } from './math';

const problem = mathFamily.generate(new Rng(9), 3);

describe('text format', () => {
  it('lays out the three kinds of text', () => {
    expect(plainPrompt(mathFamily, problem)).toBe(`<draft>${'.'.repeat(19)}<answer>.<bos>${problem.text}<sol>`);
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
    expect(withheld).toHaveLength(shown.length);
    expect(withheld.endsWith(`<answer>${WITHHELD_ANSWER}`)).toBe(true);
  });

  it('hides math\'s last running digit when the answer is withheld, and keeps the products and earlier digits', () => {
    expect(draftView(mathFamily, '21:1 10:1 36:7<answer>7<eos>', false)).toBe('21:1 10:1 36:?.....<answer>?');
    expect(draftView(mathFamily, '21:1 10:1 36:7<answer>7<eos>', true)).toBe('21:1 10:1 36:7.....<answer>7');
    // A malformed draft: its last character is masked whatever it is, trailing spaces kept.
    expect(draftView(mathFamily, '3 12 <answer>9<eos>', false)).toBe('3 1? ..............<answer>?');
    expect(draftView(mathFamily, '<answer>5<eos>', false)).toBe('...................<answer>?');
  });

  it('hides the primitive names of a code trace (the program) and keeps its lists', () => {
    const trace = 'rev 413.. inc 524..';
    expect(draftView(codeFamily, `${trace}<answer>rev inc<eos>`, false)).toBe(`${'??? 413.. ??? 524..'.padEnd(codeFamily.draftTraceWidth, '.')}<answer>${'?'.padEnd(codeFamily.maxAnswerLength, '.')}`);
    expect(draftView(codeFamily, `${trace}<answer>rev inc<eos>`, true)).toBe(`${trace.padEnd(codeFamily.draftTraceWidth, '.')}<answer>${'rev inc'.padEnd(codeFamily.maxAnswerLength, '.')}`);
  });

  it('leaves nothing of a reference solution\'s answer in the withheld view of either family', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 200; i++) {
      const family = i % 2 === 0 ? mathFamily : codeFamily;
      const p = family.generate(rng, family.hardDifficulties[i % family.hardDifficulties.length]!);
      const view = draftView(family, solutionText(p.trace, p.answer), false);
      const [trace] = view.split('<answer>') as [string];
      if (family === mathFamily) expect(trace.replace(/\.+$/, '').at(-1)).toBe(WITHHELD_ANSWER);
      else for (const name of p.answer.split(' ')) expect(trace).not.toContain(name);
    }
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
    expect(view).toBe('1 2 3 4 5 6 7 8 9 0<answer>.');
    expect(encode(view)).toBeTruthy();
  });
});
