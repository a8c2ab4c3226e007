import { describe, expect, it } from 'vitest';
import { headlineRatios, ratioText, type RatioInputs } from './headline-ratios';
import { PAPER_PASS_AT_1, PAPER_RATIOS } from './paper-table';

const texts = (inputs: RatioInputs) => headlineRatios(inputs).map((r) => [r.formula, ratioText(r)]);

describe('the headline ratios', () => {
  it("computes the paper's from its table: 61 / 30, 38 / 11 and 31 / 4", () => {
    expect(PAPER_PASS_AT_1).toMatchObject({ agon: 61, grpo: 30, moa: 34, 'zero-shot': 23 });
    expect(PAPER_RATIOS.map((r) => [r.formula, ratioText(r)])).toEqual([
      ['Agon / GRPO', '2.03'],
      ['(Agon - base) / (MoA - base)', '3.45'],
      ['(Agon - GRPO) / (MoA - GRPO)', '7.75'],
    ]);
  });

  it('does not depend on whether pass@1 is a fraction or a percent', () => {
    const fractions = headlineRatios({ agon: 0.61, grpo: 0.3, moa: 0.34, 'zero-shot': 0.23 });
    fractions.forEach((r, i) => expect(r.value).toBeCloseTo(PAPER_RATIOS[i]!.value!, 12));
  });

  it('says in words, never with a number, where MoA is at or below GRPO', () => {
    // The shipped math pair at 800 steps: MoA 74.2 below GRPO 79.7.
    expect(texts({ agon: 93.3, grpo: 79.7, moa: 74.2, 'zero-shot': 38.5 })[2]).toEqual(['(Agon - GRPO) / (MoA - GRPO)', 'undefined: MoA ≤ GRPO']);
    expect(texts({ agon: 90, grpo: 50, moa: 50, 'zero-shot': 40 })[2]![1]).toBe('undefined: MoA ≤ GRPO');
  });

  it('says in words where MoA is at or below the base, or GRPO at 0', () => {
    expect(texts({ agon: 60, grpo: 30, moa: 20, 'zero-shot': 23 })[1]![1]).toBe('undefined: MoA ≤ base');
    expect(texts({ agon: 60, grpo: 30, moa: 23, 'zero-shot': 23 })[1]![1]).toBe('undefined: MoA ≤ base');
    const noGrpo = headlineRatios({ agon: 0.5, grpo: 0, moa: 0.4, 'zero-shot': 0.3 });
    expect(noGrpo[0]).toMatchObject({ value: null, why: 'undefined: GRPO at 0' });
    // Agon below both is a number: a negative ratio with a positive denominator is a result.
    expect(headlineRatios({ agon: 10, grpo: 30, moa: 34, 'zero-shot': 23 })[2]!.value).toBeCloseTo(-5, 12);
  });

  it('names the methods a run did not have', () => {
    expect(texts({ agon: 0.9, 'zero-shot': 0.3 }).map(([, text]) => text)).toEqual([
      'n/a: no GRPO in this run',
      'n/a: no MoA in this run',
      'n/a: no GRPO or MoA in this run',
    ]);
  });

  it('writes a value to 2 decimals with its unit', () => {
    expect(ratioText(PAPER_RATIOS[0]!, '×')).toBe('2.03×');
    expect(ratioText(headlineRatios({ grpo: 1 })[0]!, '×')).toBe('n/a: no Agon in this run');
  });
});
