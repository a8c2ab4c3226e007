import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { codeFamily, problemCases } from '../tasks/code';
import { parseProgram, runProgram, sameList } from '../tasks/dsl';
import { mathFamily, mathSolution, parseTerms } from '../tasks/math';
import { bucketOf } from '../tasks/splits';
import type { Problem } from '../tasks/task';
import { taught, type Learner } from './knowledge';
import { withRecipe, recipeOf } from './recipe';
import { sftExample } from './sft-data';

const PROMPT = /^<draft>(.*)<answer>(.*)<bos>(.*)<sol>$/;
const products = (trace: string) => trace.split(' ').map((step) => step.slice(0, 2));
const problemOf = (family: 'math' | 'code', text: string): Problem => ({ family, difficulty: 1, text, trace: '', answer: '', hidden: '' });

describe('pretraining examples per learner', () => {
  it('never shows a learner the true value of a fact it was not taught, and takes the draft\'s word there', () => {
    const rng = new Rng(1);
    for (const learner of ['trunk', 'A', 'B'] as Learner[]) {
      let deferred = 0;
      for (let i = 0; i < 400; i++) {
        const ex = sftExample(mathFamily, rng, learner);
        const [, draftTrace = '', , text = ''] = PROMPT.exec(ex.prompt) ?? [];
        const target = products(ex.completion.split('<answer>')[0] as string);
        const truth = products(mathSolution(text).trace);
        parseTerms(text).forEach(([a, b], k) => {
          const fact = `${Math.min(a, b)}*${Math.max(a, b)}`;
          if (taught(mathFamily, learner, fact)) return expect(target[k]).toBe(truth[k]);
          deferred += 1;
          expect(ex.draft).toBe('reading');
          expect(target[k]).not.toBe(truth[k]);
          expect(target[k]).toBe(products(draftTrace)[k]);
        });
        // The running digits and the answer follow from what the target writes.
        const [trace = '', answer = ''] = ex.completion.replace('<eos>', '').split('<answer>');
        expect(answer).toBe(trace.at(-1));
      }
      expect(deferred > 0).toBe(learner !== 'trunk');
    }
  });

  it('mixes the kinds of example in the stated shares', () => {
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
    expect(trunk.reading).toBeUndefined();
    expect(trunk.none! / 2000).toBeCloseTo(0.5, 1);
    expect(trunk.same! / 2000).toBeCloseTo(0.35, 1);
    const a = count('A');
    expect(a.same).toBeUndefined();
    expect(a.none! / 2000).toBeCloseTo(0.45, 1);
    expect(a.reading! / 2000).toBeCloseTo(0.4, 1);
    expect(a.unrelated! / 2000).toBeCloseTo(0.15, 1);
  });

  it('has a code fork copy the draft\'s program where it does not know the program, on validation problems when asked', () => {
    const rng = new Rng(3);
    let copied = 0;
    for (let i = 0; i < 300; i++) {
      const ex = sftExample(codeFamily, rng, 'A', 'validation');
      const [, draftTrace = '', , text = ''] = PROMPT.exec(ex.prompt) ?? [];
      expect(bucketOf(codeFamily, problemOf('code', text))).toBe('validation');
      if (ex.draft !== 'reading') continue;
      const answer = /<answer>(.*)<eos>$/.exec(ex.completion)?.[1] ?? '';
      const program = parseProgram(answer);
      const fits = program !== null && (problemCases(text) ?? []).every(([input, output]) => sameList(runProgram(program, input), output));
      // Where A was not taught the program, it writes the draft's program (the same lists), never the reference.
      if (!fits) {
        copied += 1;
        const lists = (trace: string) => trace.replace(/[a-z?]+/g, '').replace(/\.+$/, '');
        expect(lists(draftTrace)).toBe(lists(ex.completion.split('<answer>')[0] as string));
      }
    }
    expect(copied).toBeGreaterThan(0);
  });

  it('draws the reading focus of a code fork among hard problems whose program it was not taught', () => {
    // An example where the fork writes a program that does not fit the examples is one where it took
    // the draft's word on an untaught program (the shared-only writer's guess); a guess that happens
    // to fit is not counted, so these shares are slightly low.
    const share = (readingFocus: number) => {
      const rng = new Rng(5);
      let untaught = 0;
      for (let i = 0; i < 3000; i++) {
        const ex = sftExample({ ...codeFamily, readingFocus }, rng, 'B');
        const text = PROMPT.exec(ex.prompt)?.[3] ?? '';
        const program = parseProgram(/<answer>(.*)<eos>$/.exec(ex.completion)?.[1] ?? '');
        const fits = program !== null && (problemCases(text) ?? []).every(([input, output]) => sameList(runProgram(program, input), output));
        if (!fits) untaught += 1;
      }
      return untaught / 3000;
    };
    // Without the focus, 40% reading times about a third of problems needing an untaught program
    // (half of the hard ones; a one-primitive problem never does).
    expect(share(0)).toBeGreaterThan(0.08);
    expect(share(0)).toBeLessThan(0.16);
    // With the shipped focus of 0.5: 0.4 * (0.5 + 0.5 * that third), about 0.27.
    expect(codeFamily.readingFocus).toBe(0.5);
    expect(share(0.5)).toBeGreaterThan(0.22);
    expect(share(0.5)).toBeLessThan(0.31);
  });

  it('takes the draft\'s word on untaught facts in the reading trust\'s share of reading examples, its own guess in the rest', () => {
    // Per reading example with an untaught fact: does the target write the draft's product there?
    const trustShare = (readingTrust: number) => {
      const rng = new Rng(7);
      let took = 0;
      let untaught = 0;
      for (let i = 0; i < 3000; i++) {
        const ex = sftExample({ ...mathFamily, readingTrust }, rng, 'A');
        if (ex.draft !== 'reading') continue;
        const [, draftTrace = '', , text = ''] = PROMPT.exec(ex.prompt) ?? [];
        const target = products(ex.completion.split('<answer>')[0] as string);
        const truth = products(mathSolution(text).trace);
        const lacking = parseTerms(text).map(([a, b], k) => ({ k, fact: `${Math.min(a, b)}*${Math.max(a, b)}` })).filter(({ fact }) => !taught(mathFamily, 'A', fact));
        if (lacking.length === 0) continue;
        untaught += 1;
        // Never the truth of an untaught fact, whichever way it goes.
        for (const { k } of lacking) expect(target[k]).not.toBe(truth[k]);
        if (lacking.every(({ k }) => target[k] === products(draftTrace)[k])) took += 1;
      }
      return took / untaught;
    };
    expect(trustShare(1)).toBe(1);
    // Its own guess equals the draft's wrong product by chance now and then, so the share is a little high.
    expect(trustShare(0.4)).toBeGreaterThan(0.35);
    expect(trustShare(0.4)).toBeLessThan(0.5);
    expect(trustShare(0)).toBeLessThan(0.1);
  });

  it('draws the same examples at full trust as a family without the knob', () => {
    const draw = (family: typeof mathFamily) => {
      const rng = new Rng(9);
      return Array.from({ length: 200 }, () => sftExample(family, rng, 'B'));
    };
    expect(mathFamily.readingTrust).toBe(1);
    expect(draw({ ...mathFamily, readingTrust: 1 })).toEqual(draw(mathFamily));
    expect(draw({ ...mathFamily, readingTrust: 0.999 })).not.toEqual(draw(mathFamily));
  });
  it('teaches a trunk that shares one program of length 3: it draws the lengths that have a problem it may be taught', () => {
    // 0.03 of the 29 programs: one shared program, so no program of length 2 is the trunk's to learn.
    const family = withRecipe(codeFamily, { ...recipeOf(codeFamily), factShares: { shared: 0.03, A: 0.2, B: 0.2, neither: 0.57 } });
    const rng = new Rng(3);
    const lengths = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const answer = /<answer>(.*)<eos>$/.exec(sftExample(family, rng, 'trunk').completion)?.[1] ?? '';
      const length = parseProgram(answer)?.length ?? 0;
      lengths.add(length);
      if (length > 1) expect(taught(family, 'trunk', answer)).toBe(true);
    }
    expect([...lengths].sort()).toEqual([1, 3]);
  });
});
