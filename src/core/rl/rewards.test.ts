import { describe, expect, it } from 'vitest';
import { bonusTerm, challengerReward, plainReward } from './rewards';

const right = { correct: true, format: 1 };
const wrong = { correct: false, format: 0.5 };

describe('rewards', () => {
  it('drafter reward is 2c + lambda f', () => {
    expect(plainReward(right, 0.5)).toEqual({ correctness: 2, bonus: 0, format: 0.5, total: 2.5 });
    expect(plainReward(wrong, 0.5)).toEqual({ correctness: 0, bonus: 0, format: 0.25, total: 0.25 });
  });

  it('conversion bonus pays only a right answer where the draft was wrong', () => {
    expect(bonusTerm('conversion', true, false)).toBe(1);
    expect(bonusTerm('conversion', true, true)).toBe(0);
    expect(bonusTerm('conversion', false, false)).toBe(0);
    expect(bonusTerm('conversion', false, true)).toBe(0);
    expect(challengerReward(right, wrong, 'conversion', 0.5).total).toBe(3.5);
    expect(challengerReward(right, right, 'conversion', 0.5).total).toBe(2.5);
  });

  it('margin bonus is c(b) - c(a), cooperative has none', () => {
    expect([bonusTerm('margin', true, false), bonusTerm('margin', true, true), bonusTerm('margin', false, true), bonusTerm('margin', false, false)]).toEqual([1, 0, -1, 0]);
    expect(challengerReward(wrong, right, 'margin', 0.5)).toEqual({ correctness: 0, bonus: -1, format: 0.25, total: -0.75 });
    for (const [b, a] of [[true, false], [false, true]] as const) expect(bonusTerm('none', b, a)).toBe(0);
  });
});
