import { describe, expect, it } from 'vitest';
import { bonusTerm, challengerReward, drafterReward, plainReward } from './rewards';

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

  it('the bonus weight multiplies the bonus term alone; weight 1 is the paper\'s reward', () => {
    expect(challengerReward(right, wrong, 'conversion', 0.5, 3)).toEqual({ correctness: 2, bonus: 3, format: 0.5, total: 5.5 });
    expect(challengerReward(wrong, right, 'margin', 0.5, 0.5)).toEqual({ correctness: 0, bonus: -0.5, format: 0.25, total: -0.25 });
    expect(challengerReward(right, wrong, 'conversion', 0.5, 1)).toEqual(challengerReward(right, wrong, 'conversion', 0.5));
  });

  it('drafter reward: plain ignores its readers; zero-sum pays their mean bonus', () => {
    expect(drafterReward(wrong, [1, 1], 'plain', 0.5)).toEqual(plainReward(wrong, 0.5));
    expect(drafterReward(wrong, [1, 0], 'zero-sum', 0.5)).toEqual({ correctness: 0, bonus: -0.5, format: 0.25, total: -0.25 });
    expect(drafterReward(right, [-1], 'zero-sum', 0.5)).toEqual({ correctness: 2, bonus: 1, format: 0.5, total: 3.5 });
    // Nothing owed, or no reader: the plain reward, with a bonus of 0 (not -0).
    expect(drafterReward(right, [0, 0], 'zero-sum', 0.5)).toEqual(plainReward(right, 0.5));
    expect(drafterReward(right, [], 'zero-sum', 0.5)).toEqual(plainReward(right, 0.5));
  });
});
