import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOutcomes, encodeOutcomes, outcomesProblem } from './outcomes';

describe('per-problem outcomes', () => {
  it('pack 6 problems a character, first problem in the highest bit', () => {
    expect(encodeOutcomes([])).toBe('');
    expect(encodeOutcomes([true])).toBe('g'); // 100000 = 32
    expect(encodeOutcomes([false, false, false, false, false, true, true])).toBe('Bg'); // 000001, 100000
    expect(encodeOutcomes(Array<boolean>(1000).fill(true))).toHaveLength(167);
  });

  it('read back what they wrote', () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { maxLength: 200 }), (correct) => {
      expect(decodeOutcomes(encodeOutcomes(correct), correct.length)).toEqual({ ok: true, correct });
    }));
  });

  it('refuse text that cannot hold n outcomes', () => {
    expect(decodeOutcomes('gh', 7)).toMatchObject({ ok: false, why: 'a bit past the last problem is set' });
    expect(decodeOutcomes('g', 7)).toMatchObject({ ok: false, why: '1 characters where 7 problems take 2' });
    expect(decodeOutcomes('g+', 7)).toMatchObject({ ok: false, why: '"+" is not a base64url character' });
  });

  it('must add up to the score they stand behind', () => {
    expect(outcomesProblem(encodeOutcomes([true, false, true]), 2, 3)).toBeNull();
    expect(outcomesProblem(encodeOutcomes([true, false, true]), 3, 3)).toBe('the per-problem outcomes count 2 right answers, the score 3');
    expect(outcomesProblem('A', 2, 30)).toMatch(/^the per-problem outcomes do not fit the score: /);
  });
});
