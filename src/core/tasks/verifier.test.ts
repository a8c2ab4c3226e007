import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../random';
import { VOCAB } from '../tokenizer/tokenizer';
import { solutionText } from './format';
import { FAMILIES } from './families';
import { verify } from './verifier';

const token = fc.constantFrom(...VOCAB);
const vocabText = fc.array(token, { maxLength: 80 }).map((t) => t.join(''));

for (const family of Object.values(FAMILIES)) {
  describe(`verifier on ${family.name}`, () => {
    const problems = Array.from({ length: 20 }, (_, i) => family.generate(new Rng(i), family.hardDifficulties[0] as number));
    const problemArb = fc.constantFrom(...problems);

    it('never throws on random strings and keeps format in [0, 1]', () => {
      fc.assert(
        fc.property(problemArb, fc.oneof(fc.string({ maxLength: 80 }), vocabText), (p, text) => {
          const v = verify(family, p, text);
          expect(['correct', 'wrong', 'unparseable']).toContain(v.verdict);
          expect(v.format).toBeGreaterThanOrEqual(0);
          expect(v.format).toBeLessThanOrEqual(1);
        }),
        { numRuns: 500 },
      );
    });

    it('never throws on mutated valid solutions', () => {
      const mutation = fc.record({ at: fc.nat(), del: fc.nat({ max: 3 }), insert: vocabText });
      fc.assert(
        fc.property(problemArb, fc.array(mutation, { minLength: 1, maxLength: 3 }), (p, edits) => {
          let text = solutionText(p.trace, p.answer);
          for (const e of edits) {
            const at = e.at % (text.length + 1);
            text = text.slice(0, at) + e.insert + text.slice(at + e.del);
          }
          const v = verify(family, p, text);
          expect(v.format).toBeGreaterThanOrEqual(0);
          expect(v.format).toBeLessThanOrEqual(1);
        }),
        { numRuns: 500 },
      );
    });

    it('calls a completion cut before <eos> unparseable', () => {
      const p = problems[0]!;
      expect(verify(family, p, solutionText(p.trace, p.answer).replace('<eos>', '')).verdict).toBe('unparseable');
      expect(verify(family, p, p.trace + '<eos>').verdict).toBe('unparseable');
    });
  });
}
