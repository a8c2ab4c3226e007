import { describe, expect, it } from 'vitest';
import { encode } from '../../core/tokenizer/tokenizer';
import { explainRound } from './explain';
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
  it('says who drafted, who solved, and counts rescues and sabotages', () => {
    const round = agonRound(0);
    const text = explainRound(summarizeRound('agon', round), round).join(' ');
    expect(text).toContain('A drafted and B solved');
    expect(text).toContain('1 rescue');
    expect(text).toContain('1 sabotage');
  });
});
