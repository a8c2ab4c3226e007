import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { codeFamily } from '../tasks/code';
import { bucketOf } from '../tasks/splits';
import { mathFamily, mathSolution } from '../tasks/math';
import { taught, type Learner } from './knowledge';
import { sftExample } from './sft-data';

const PROMPT = /^<draft>(.*)<answer>(.*)<bos>(.*)<sol>$/;

describe('pretraining examples per learner', () => {
  it('only asks for facts the learner knows or the draft writes correctly', () => {
    const rng = new Rng(1);
    for (const learner of ['trunk', 'A', 'B'] as Learner[]) {
      for (let i = 0; i < 400; i++) {
        const ex = sftExample(mathFamily, rng, learner);
        const [, trace = '', , text = ''] = PROMPT.exec(ex.prompt) ?? [];
        const reference = mathSolution(text);
        expect(ex.completion).toBe(`${reference.trace}<answer>${reference.answer}<eos>`);
        const products = reference.trace.split(' ').map((step) => step.slice(0, 2));
        const drafted = ex.draft === 'same' || ex.draft === 'rival' ? trace.split(' ').map((step) => step.slice(0, 2)) : [];
        mathFamily.facts({ family: 'math', difficulty: products.length, text, ...reference, hidden: '' }).forEach((fact, k) => {
          expect(taught(mathFamily, learner, fact) || drafted[k] === products[k], `${learner} ${ex.draft} ${ex.prompt}`).toBe(true);
        });
      }
    }
  });

  it('mixes the kinds of example in the stated shares, the trunk without a rival', () => {
    const rng = new Rng(2);
    const count = (learner: Learner) => {
      const kinds: Record<string, number> = {};
      for (let i = 0; i < 2000; i++) {
        const kind = sftExample(mathFamily, rng, learner).draft;
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
      return kinds;
    };
    const trunk = count('trunk');
    expect(trunk.rival).toBeUndefined();
    expect(trunk.none! / 2000).toBeCloseTo(0.5, 1);
    const a = count('A');
    expect(a.same).toBeUndefined();
    expect(a.none! / 2000).toBeCloseTo(0.45, 1);
    expect(a.rival! / 2000).toBeCloseTo(0.4, 1);
    expect(a.unrelated! / 2000).toBeCloseTo(0.15, 1);
  });

  it('shows a fork the rival\'s mistakes only on the fork\'s own facts, on validation problems when asked', () => {
    const rng = new Rng(3);
    const lists = (trace: string) => trace.replace(/[a-z?]+/g, '').replace(/\.+$/, '');
    let overruled = 0;
    for (let i = 0; i < 300; i++) {
      const ex = sftExample(codeFamily, rng, 'A', 'validation');
      const [, draftTrace = '', , text = ''] = PROMPT.exec(ex.prompt) ?? [];
      const problem = { family: 'code' as const, difficulty: 1, text, trace: '', answer: '', hidden: '' };
      expect(bucketOf(codeFamily, problem)).toBe('validation');
      if (ex.draft !== 'rival') continue;
      const [reference = '', answer = ''] = ex.completion.replace('<eos>', '').split('<answer>');
      // A near-miss program leaves other lists in the draft than the reference does.
      if (lists(draftTrace) !== lists(reference)) {
        overruled += 1;
        expect(taught(codeFamily, 'A', answer)).toBe(true);
        expect(taught(codeFamily, 'B', answer)).toBe(false);
      }
    }
    expect(overruled).toBeGreaterThan(0);
  });
});
