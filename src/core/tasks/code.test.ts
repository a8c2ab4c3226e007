import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../random';
import { encode, VOCAB } from '../tokenizer/tokenizer';
import { CODE_PROBLEM_WIDTH, codeFamily, pairAllowed, parseCases, problemCases, programName, shorterProgramFits } from './code';
import { formatList, formatProgram, parseList, parseProgram, PRIMITIVES, runProgram, sameList, type Primitive } from './dsl';
import { solutionText } from './format';
import { buildSplit } from './splits';
import type { Problem } from './task';
import { verify } from './verifier';

const DIFFICULTIES = [1, 2, 3];

/** Every program of exactly `length` primitives. */
function programsOf(length: number): Primitive[][] {
  let programs: Primitive[][] = [[]];
  for (let i = 0; i < length; i++) programs = programs.flatMap((p) => PRIMITIVES.map((op) => [...p, op]));
  return programs;
}

/** Every list of 0 to 4 digits: enough to tell apart every pair of primitives. */
const SMALL_LISTS: number[][] = [[]];
for (let i = 0; SMALL_LISTS.length < 11_111; i++) {
  const base = SMALL_LISTS[i] as number[];
  if (base.length < 4) for (let d = 0; d <= 9; d++) SMALL_LISTS.push([...base, d]);
}

const behaviours = new Map<string, string>();
/** What a program does to every small list, as one string (memoised: the pair check asks for each many times). */
function behaviour(program: readonly Primitive[]): string {
  const key = program.join(' ');
  let seen = behaviours.get(key);
  if (seen === undefined) {
    seen = SMALL_LISTS.map((l) => formatList(runProgram(program, l))).join(',');
    behaviours.set(key, seen);
  }
  return seen;
}

function findProblem(test: (p: Problem) => boolean, difficulty?: number): Problem {
  const rng = new Rng(11);
  for (let i = 0; i < 20_000; i++) {
    const p = codeFamily.generate(rng, difficulty ?? rng.pick(DIFFICULTIES));
    if (test(p)) return p;
  }
  throw new Error('no such problem');
}

describe('code family', () => {
  it('generates the same problem for the same seed', () => {
    for (const d of DIFFICULTIES) {
      const a = codeFamily.generate(new Rng(5), d);
      expect(codeFamily.generate(new Rng(5), d)).toEqual(a);
      expect(codeFamily.generate(new Rng(6), d)).not.toEqual(a);
    }
  });

  it('lays out fixed-width examples, one trace step per primitive, and the program as the answer', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 400; i++) {
      const d = DIFFICULTIES[i % DIFFICULTIES.length] as number;
      const p = codeFamily.generate(rng, d);
      expect(p.text).toHaveLength(CODE_PROBLEM_WIDTH);
      expect(p.text).toMatch(/^[a-z]{2}\|(?:[\d_][\d.]{4}:[\d_][\d.]{4},){2}[\d_][\d.]{4}:[\d_][\d.]{4}$/);
      expect(p.text.slice(0, 2)).toBe(programName(parseProgram(p.answer)!));
      expect(p.trace).toHaveLength(10 * d - 1);
      expect(p.trace.length).toBeLessThanOrEqual(codeFamily.draftTraceWidth);
      expect(p.answer.length).toBeLessThanOrEqual(codeFamily.maxAnswerLength);
      const words = p.trace.split(' ');
      expect(words.filter((_, j) => j % 2 === 0).join(' ')).toBe(p.answer);
      // The last step of the trace is the first example's output.
      const first = (problemCases(p.text) ?? [])[0];
      expect(parseList((words.at(-1) as string).replace(/\.+$/, ''))).toEqual(first?.[1]);
      expect(parseCases(p.hidden)).toHaveLength(5);
      expect(() => encode(p.text + solutionText(p.trace, p.answer) + p.hidden)).not.toThrow();
    }
  });

  it('grades the reference solution correct with full format, at every difficulty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...DIFFICULTIES), (seed, d) => {
        const p = codeFamily.generate(new Rng(seed), d);
        expect(p.difficulty).toBe(d);
        expect(parseProgram(p.answer)).toHaveLength(d);
        expect(codeFamily.isCorrect(p, p.answer)).toBe(true);
        expect(codeFamily.formatScore(p, p.trace, p.answer)).toBe(1);
        expect(verify(codeFamily, p, solutionText(p.trace, p.answer))).toMatchObject({ verdict: 'correct', format: 1 });
      }),
      { numRuns: 500 },
    );
  });

  it('needs the whole program: no shorter program fits the visible examples', () => {
    const rng = new Rng(4);
    const shorter = [0, 1, 2, 3].map(programsOf);
    for (let i = 0; i < 40; i++) {
      const d = DIFFICULTIES[i % DIFFICULTIES.length] as number;
      const p = codeFamily.generate(rng, d);
      const cases = problemCases(p.text) ?? [];
      for (let k = 0; k < d; k++) {
        for (const program of shorter[k] as Primitive[][]) {
          expect(cases.every(([input, output]) => formatList(runProgram(program, input)) === formatList(output))).toBe(false);
          expect(codeFamily.isCorrect(p, formatProgram(program))).toBe(false);
        }
      }
    }
  });

  it('finds shorter programs when they exist', () => {
    expect(shorterProgramFits([[3, 1, 4]], [[3, 1, 4]], 1)).toBe(true);
    expect(shorterProgramFits([[3, 1, 4], [2, 7, 5]], [[5, 2, 4], [6, 8, 3]], 3)).toBe(true); // rev inc
    expect(shorterProgramFits([[3, 1, 4], [2, 7, 5]], [[5, 2, 4], [6, 8, 3]], 2)).toBe(false);
  });

  it('accepts other programs that behave the same', () => {
    const p = findProblem((q) => q.answer === 'rev inc');
    expect(codeFamily.isCorrect(p, 'inc rev')).toBe(true);
    const q = findProblem((r) => r.answer === 'srt', 1);
    expect(codeFamily.isCorrect(q, 'srt srt')).toBe(true);
    expect(codeFamily.isCorrect(q, 'rev srt')).toBe(true);
    expect(codeFamily.isCorrect(q, 'rev rev srt')).toBe(true);
  });

  it('rejects wrong and malformed programs', () => {
    const p = findProblem((q) => q.answer === 'rev inc');
    for (const wrong of ['rev odd', 'inc', 'srt inc', 'rev inc inc']) expect(codeFamily.isCorrect(p, wrong)).toBe(false);
    for (const bad of ['', 'rev  inc', ' rev inc', 'rev inc ', 'revinc', 'rev inc rev rev', 'REV INC']) {
      expect(codeFamily.isCorrect(p, bad)).toBe(false);
      expect(codeFamily.formatScore(p, p.trace, bad)).toBe(0.5);
    }
  });

  it('scores the layout of trace and answer separately', () => {
    const p = findProblem((q) => q.answer === 'rev inc');
    expect(codeFamily.formatScore(p, p.trace, p.answer)).toBe(1);
    // A well-formed trace of another program still has the layout, and the wrong values are not a format matter.
    expect(codeFamily.formatScore(p, 'srt 12... inc 23...', 'srt inc')).toBe(1);
    expect(codeFamily.formatScore(p, 'odd _....', 'odd')).toBe(1);
    // The trace must name the answer's primitives, one step each.
    expect(codeFamily.formatScore(p, p.trace, 'inc rev')).toBe(0.5);
    expect(codeFamily.formatScore(p, p.trace, 'rev')).toBe(0.5);
    expect(codeFamily.formatScore(p, 'rev 413 inc 524', p.answer)).toBe(0.5);
    expect(codeFamily.formatScore(p, 'rev 413.. inc 524..', 'nope')).toBe(0.5);
    expect(codeFamily.formatScore(p, '', '')).toBe(0);
  });

  it('never throws on arbitrary answers, traces or broken problems', () => {
    const p = codeFamily.generate(new Rng(9), 3);
    const plain = VOCAB.filter((t) => t.length === 1);
    const text = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...plain), maxLength: 60 }), fc.constantFrom(p.trace, p.answer, p.text));
    fc.assert(
      fc.property(text, text, text, (trace, answer, junk) => {
        const broken: Problem = { ...p, text: junk, hidden: junk };
        for (const problem of [p, broken]) {
          expect(typeof codeFamily.isCorrect(problem, answer)).toBe('boolean');
          const score = codeFamily.formatScore(problem, trace, answer);
          expect(score >= 0 && score <= 1).toBe(true);
          expect(typeof codeFamily.canonical(problem)).toBe('string');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects difficulties outside 1..3 clearly', () => {
    expect(() => codeFamily.generate(new Rng(1), 0)).toThrow(/integer from 1 to 3, got 0/);
    expect(() => codeFamily.generate(new Rng(1), 4)).toThrow(RangeError);
    expect(() => codeFamily.generate(new Rng(1), 2.5)).toThrow(RangeError);
  });

  it('gives examples shown in another order the same canonical form', () => {
    const p = codeFamily.generate(new Rng(3), 2);
    const name = p.text.slice(0, 3);
    const shuffled = name + p.text.slice(3).split(',').reverse().join(',');
    expect(codeFamily.canonical({ ...p, text: shuffled })).toBe(codeFamily.canonical(p));
    expect(codeFamily.canonical(p)).not.toContain('.');
    expect(codeFamily.canonical(p).startsWith(name)).toBe(true);
  });

  it('writes reference programs in one normal form: no redundant or out-of-order adjacent pair', () => {
    for (const [a, b] of programsOf(2) as [Primitive, Primitive][]) {
      const pair = behaviour([a, b]);
      const collapses = programsOf(0).concat(programsOf(1)).some((p) => behaviour(p) === pair);
      const alwaysEmpty = /^[_,]*$/.test(pair);
      const commutes = a !== b && behaviour([b, a]) === pair;
      // Allowed pairs are genuinely two steps, and of a commuting pair exactly one order is allowed.
      if (pairAllowed(a, b)) expect(collapses || alwaysEmpty).toBe(false);
      else expect(collapses || alwaysEmpty || (commutes && pairAllowed(b, a))).toBe(true);
      if (commutes && !collapses && !alwaysEmpty) expect(pairAllowed(a, b) !== pairAllowed(b, a)).toBe(true);
    }
    const rng = new Rng(8);
    for (let i = 0; i < 300; i++) {
      const program = parseProgram(codeFamily.generate(rng, 3).answer) ?? [];
      for (let j = 1; j < program.length; j++) expect(pairAllowed(program[j - 1] as Primitive, program[j] as Primitive)).toBe(true);
    }
  });
});

describe('code facts', () => {
  it('counts a program of two or three primitives as a fact, one primitive as basic knowledge', () => {
    const rng = new Rng(8);
    expect(codeFamily.facts(codeFamily.generate(rng, 1))).toEqual([]);
    const p = codeFamily.generate(rng, 3);
    expect(codeFamily.facts(p)).toEqual([p.answer]);
    // Every reference program of 2-3 primitives is in the universe, and nothing else.
    expect(codeFamily.factUniverse).toHaveLength(29);
    for (let i = 0; i < 200; i++) expect(codeFamily.factUniverse).toContain(codeFamily.generate(rng, rng.range(2, 3)).answer);
  });

  it('writes the reference when the writer knows the program, else another legal program of the same length', () => {
    const rng = new Rng(9);
    const changed = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const p = codeFamily.generate(rng, rng.range(2, 3));
      expect(codeFamily.partialSolution(p, () => true, rng)).toEqual({ trace: p.trace, answer: p.answer });
      const guess = codeFamily.partialSolution(p, () => false, rng);
      const [ops, reference] = [guess.answer.split(' '), p.answer.split(' ')];
      expect(ops).toHaveLength(reference.length);
      expect(guess.answer).not.toBe(p.answer);
      expect(ops.every((op, k) => k === 0 || pairAllowed(ops[k - 1] as Primitive, op as Primitive))).toBe(true);
      changed.add(ops.filter((op, k) => op !== reference[k]).length);
      expect(codeFamily.formatScore(p, guess.trace, guess.answer)).toBe(1);
      expect(codeFamily.formatScore(p, guess.trace, p.answer)).toBe(0.5);
    }
    // Not only near misses: a guess can differ anywhere.
    expect([...changed].sort()).toEqual([1, 2, 3]);
  });

  it('makes about half of its wrong drafts lookalikes that end on the first example\'s output, never right ones', () => {
    const rng = new Rng(11);
    let lookalikes = 0;
    let wrong = 0;
    for (let i = 0; i < 600; i++) {
      const p = codeFamily.generate(rng, rng.range(2, 3));
      const guess = codeFamily.partialSolution(p, () => false, rng);
      expect(codeFamily.isCorrect(p, guess.answer)).toBe(false);
      wrong += 1;
      const [input, output] = problemCases(p.text)![0]!;
      if (sameList(runProgram(parseProgram(guess.answer)!, input), output)) lookalikes += 1;
    }
    // A lookalike exists for about 42% of hard problems and is taken half the time; a random
    // program rarely ends on the output by chance.
    expect(lookalikes / wrong).toBeGreaterThan(0.15);
    expect(lookalikes / wrong).toBeLessThan(0.35);
  });
});

describe('program names', () => {
  it('gives every program a reference can spell its own two-letter name, and refuses one it cannot', () => {
    const programs = [1, 2, 3].flatMap(programsOf).filter((p) => p.every((op, i) => i === 0 || pairAllowed(p[i - 1] as Primitive, op)));
    const names = programs.map(programName);
    expect(names.every((name) => /^[a-z]{2}$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(programs.length);
    expect(programs).toHaveLength(4 + codeFamily.factUniverse.length);
    expect(() => programName(['rev', 'rev'])).toThrow(/no name for the program "rev rev"/);
  });

  it('reads the examples only after a name and a bar', () => {
    const p = codeFamily.generate(new Rng(8), 3);
    expect(problemCases(p.text)).toHaveLength(3);
    expect(problemCases(p.text.slice(3))).toBeNull();
    expect(problemCases(`Q${p.text.slice(1)}`)).toBeNull();
    expect(codeFamily.isCorrect({ ...p, text: p.text.slice(3) }, p.answer)).toBe(false);
  });
});

describe('code reader', () => {
  it('writes the reference when it knows the program, else the draft as it is', () => {
    const p = codeFamily.generate(new Rng(10), 3);
    const draft = { trace: 'rev 1.... rev 1.... rev 1....', answer: 'rev rev rev' };
    expect(codeFamily.readerSolution(p, draft, () => true)).toEqual({ trace: p.trace, answer: p.answer });
    expect(codeFamily.readerSolution(p, draft, () => false)).toEqual(draft);
  });
});

describe('code splits', () => {
  it('draws distinct hard test problems that never occur in train', () => {
    const test = buildSplit(codeFamily, 'test-hard', 200, 77);
    const train = new Set(buildSplit(codeFamily, 'train', 500, 1).map((p) => codeFamily.canonical(p)));
    const keys = new Set(test.map((p) => codeFamily.canonical(p)));
    expect(keys.size).toBe(200);
    for (const p of test) expect(codeFamily.hardDifficulties).toContain(p.difficulty);
    for (const key of keys) expect(train.has(key)).toBe(false);
  });

  it('has enough distinct hard problems for the full 1000-problem test-hard split', () => {
    const test = buildSplit(codeFamily, 'test-hard', 1000, 20260707);
    expect(new Set(test.map((p) => codeFamily.canonical(p))).size).toBe(1000);
    // Of the 29 programs of 2 or 3 primitives in normal form (some always collapse to fewer), most appear.
    expect(new Set(test.map((p) => p.answer)).size).toBeGreaterThan(20);
  });
});
