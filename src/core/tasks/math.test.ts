import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { encode } from '../tokenizer/tokenizer';
import { solutionText } from './format';
import { mathFamily, mathSolution, parseTerms } from './math';
import type { Problem } from './task';
import { verify } from './verifier';

const problemOf = (text: string): Problem => ({ family: 'math', difficulty: parseTerms(text).length, text: text.padEnd(15, '.'), ...mathSolution(text), hidden: '' });

describe('math family', () => {
  it('writes each product, then the running sum\'s last digit', () => {
    expect(mathSolution('3*7+5*2+4*9')).toEqual({ trace: '21:1 10:1 36:7', answer: '7' });
    expect(mathSolution('2*3....')).toEqual({ trace: '06:6', answer: '6' });
    expect(parseTerms('3*7+5*2....')).toEqual([[3, 7], [5, 2]]);
    expect(parseTerms('3+7')).toEqual([]);
  });

  it('generates the same problem for the same seed', () => {
    const a = mathFamily.generate(new Rng(5), 4);
    expect(mathFamily.generate(new Rng(5), 4)).toEqual(a);
    expect(mathFamily.generate(new Rng(6), 4)).not.toEqual(a);
  });

  it('pads every problem to one width and traces one step per product', () => {
    const rng = new Rng(1);
    for (let d = mathFamily.minDifficulty; d <= mathFamily.maxDifficulty; d++) {
      const p = mathFamily.generate(rng, d);
      expect(p.text).toHaveLength(mathFamily.problemWidth);
      expect(p.trace.split(' ')).toHaveLength(d);
      expect(p.answer).toBe(p.trace.at(-1));
      expect(() => encode(p.text + solutionText(p.trace, p.answer))).not.toThrow();
    }
  });

  it('grades the reference solution correct with full format', () => {
    const rng = new Rng(2);
    for (let i = 0; i < 200; i++) {
      const p = mathFamily.generate(rng, rng.range(1, 4));
      expect(verify(mathFamily, p, solutionText(p.trace, p.answer))).toMatchObject({ verdict: 'correct', format: 1 });
    }
  });

  it('grades a wrong answer wrong and scores a broken layout lower', () => {
    const p = problemOf('3*7+5*2+4*9');
    expect(verify(mathFamily, p, solutionText(p.trace, '8')).verdict).toBe('wrong');
    expect(verify(mathFamily, p, solutionText('21:1', p.answer))).toMatchObject({ verdict: 'correct', format: 0.5 });
    expect(verify(mathFamily, p, solutionText(p.trace, '12')).format).toBe(0.5);
  });

  it('rejects difficulties outside 1..4 clearly', () => {
    expect(() => mathFamily.generate(new Rng(1), 0)).toThrow(/integer from 1 to 4, got 0/);
    expect(() => mathFamily.generate(new Rng(1), 2.5)).toThrow(RangeError);
  });
});

describe('math facts', () => {
  it('names one fact per product, the same for either order', () => {
    expect(mathFamily.facts(problemOf('3*7+7*3+9*2'))).toEqual(['3*7', '3*7', '2*9']);
    expect(mathFamily.factUniverse).toHaveLength(36);
    expect(mathFamily.factUniverse).toContain('2*9');
  });

  it('writes a partial solution right where the writer knows the fact and wrong where it does not', () => {
    const p = problemOf('3*7+5*2+4*9');
    const rng = new Rng(3);
    expect(mathFamily.partialSolution(p, () => true, rng)).toEqual({ trace: p.trace, answer: p.answer });
    for (let i = 0; i < 50; i++) {
      const { trace, answer } = mathFamily.partialSolution(p, (fact) => fact !== '2*5', rng);
      const steps = trace.split(' ');
      expect(steps[0]).toBe('21:1');
      expect(steps[1]?.slice(0, 2)).not.toBe('10');
      expect(steps[2]?.slice(0, 2)).toBe('36');
      // The running digits add up what was written, so the mistake carries into the answer.
      const wrong = Number(steps[1]?.slice(0, 2));
      expect(steps[1]?.at(-1)).toBe(String((1 + wrong) % 10));
      expect(answer).toBe(String((1 + wrong + 36) % 10));
    }
  });
});

describe('math reader', () => {
  it('keeps its own facts, takes the draft\'s products where it has none, and adds up what it wrote', () => {
    const p = problemOf('3*7+5*2+4*9');
    const draft = { trace: '24:4 12:6 36:2', answer: '2' };
    expect(mathFamily.readerSolution(p, draft, () => true)).toEqual({ trace: p.trace, answer: p.answer });
    expect(mathFamily.readerSolution(p, draft, (fact) => fact === '3*7')).toEqual({ trace: '21:1 12:3 36:9', answer: '9' });
  });
});

describe('math budgets', () => {
  it('fits the longest drafted prompt plus a full completion', async () => {
    const { maxSequenceLength, completionBudget } = await import('./budget');
    const { draftedPrompt, draftView } = await import('./format');
    const p = mathFamily.generate(new Rng(4), 4);
    const full = draftedPrompt(p, draftView(mathFamily, solutionText(p.trace, p.answer), true)) + solutionText(p.trace, p.answer);
    expect(encode(full)).toHaveLength(maxSequenceLength(mathFamily));
    expect(encode(solutionText(p.trace, p.answer))).toHaveLength(completionBudget(mathFamily));
  });
});
