import { describe, expect, it } from 'vitest';
import { encode } from '../../core/tokenizer/tokenizer';
import { AGON_FIELDS } from '../../core/experiment/arm-fields';
import { runRows } from '../../core/experiment/run-rows';
import { armFieldsOf, explainRound } from './explain';
import { splitTokens, tokensWithProbs } from './tokens';
import { summarizeRound } from '../store/round-history';
import { agonRound } from '../testing/fixtures';

describe('token split', () => {
  it('matches the tokenizer: special tokens are one token each', () => {
    const text = '12+3=15<answer>15<eos>';
    expect(splitTokens(text)).toHaveLength(encode(text).length);
    expect(splitTokens(text).slice(7, 9)).toEqual(['<answer>', '1']);
  });

  it('pairs tokens with probabilities, null where missing', () => {
    expect(tokensWithProbs('ab', [0.9])).toEqual([{ token: 'a', prob: 0.9 }, { token: 'b', prob: null }]);
  });
});

describe('round explanation', () => {
  it("tells an arm of the config's own from its fields: its bonus, who updates and who drafts next", () => {
    const round = agonRound(0);
    const text = explainRound(summarizeRound('heavy', round), round, { ...AGON_FIELDS, bonus_weight: 2, learners: 'solver', swap_every: 3 }).join(' ');
    expect(text).toContain('A rescue earns the solver the conversion bonus, +2.');
    expect(text).toContain('Only the solver then took a GRPO update');
    expect(text).toContain('The roles swap every 3 rounds.');
    const fixed = explainRound(summarizeRound('agon-fixed-roles', round), round, { ...AGON_FIELDS, roles: 'a-drafts' }).join(' ');
    expect(fixed).toContain('The roles do not swap in this arm: A always drafts.');
    expect(armFieldsOf(runRows({ methods: ['grpo'], arms: [{ name: 'b', ...AGON_FIELDS, roles: 'b-drafts' }] }), 'b').roles).toBe('b-drafts');
  });

  it('says who drafted, who solved, and counts rescues and sabotages', () => {
    const round = agonRound(0);
    const text = explainRound(summarizeRound('agon', round), round).join(' ');
    expect(text).toContain('A drafted and B solved');
    expect(text).toContain('1 rescue');
    expect(text).toContain('1 sabotage');
  });
});
