import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { encode } from '../tokenizer/tokenizer';
import { solutionText } from './format';
import { mathFamily, runChain } from './math';
import { verify } from './verifier';

describe('math family', () => {
  it('evaluates chains left to right modulo 10', () => {
    expect(runChain('3+4*2-7')).toEqual([7, 4, 7]);
    expect(runChain('0-1')).toEqual([9]);
    expect(runChain('9*9+5')).toEqual([1, 6]);
  });

  it('generates the same problem for the same seed', () => {
    const a = mathFamily.generate(new Rng(5), 6);
    const b = mathFamily.generate(new Rng(5), 6);
    expect(a).toEqual(b);
    expect(mathFamily.generate(new Rng(6), 6)).not.toEqual(a);
  });

  it('pads every problem to one width and traces one value per operation', () => {
    const rng = new Rng(1);
    for (let d = mathFamily.minDifficulty; d <= mathFamily.maxDifficulty; d++) {
      const p = mathFamily.generate(rng, d);
      expect(p.text).toHaveLength(17);
      expect(p.trace.split(' ')).toHaveLength(d);
      expect(p.answer).toBe(p.trace.split(' ').at(-1));
      expect(() => encode(p.text + solutionText(p.trace, p.answer))).not.toThrow();
    }
  });

  it('grades the reference solution correct with full format', () => {
    const rng = new Rng(2);
    for (let i = 0; i < 200; i++) {
      const p = mathFamily.generate(rng, rng.range(1, 8));
      expect(verify(mathFamily, p, solutionText(p.trace, p.answer))).toMatchObject({ verdict: 'correct', format: 1 });
    }
  });

  it('grades a wrong answer wrong and scores a broken layout lower', () => {
    const p = mathFamily.generate(new Rng(3), 4);
    const wrong = String((Number(p.answer) + 1) % 10);
    expect(verify(mathFamily, p, solutionText(p.trace, wrong)).verdict).toBe('wrong');
    expect(verify(mathFamily, p, solutionText('1 2', p.answer))).toMatchObject({ verdict: 'correct', format: 0.5 });
    expect(verify(mathFamily, p, solutionText(p.trace, '12')).format).toBe(0.5);
  });

  it('rejects difficulties outside 1..8 clearly', () => {
    expect(() => mathFamily.generate(new Rng(1), 0)).toThrow(/integer from 1 to 8, got 0/);
    expect(() => mathFamily.generate(new Rng(1), 2.5)).toThrow(RangeError);
  });
});

describe('math budgets', () => {
  it('fits the longest drafted prompt plus a full completion', async () => {
    const { maxSequenceLength, completionBudget } = await import('./budget');
    const { draftedPrompt, draftView } = await import('./format');
    const p = mathFamily.generate(new Rng(4), 8);
    const full = draftedPrompt(p, draftView(mathFamily, solutionText(p.trace, p.answer), true)) + solutionText(p.trace, p.answer);
    expect(encode(full)).toHaveLength(maxSequenceLength(mathFamily));
    expect(encode(solutionText(p.trace, p.answer))).toHaveLength(completionBudget(mathFamily));
  });
});
