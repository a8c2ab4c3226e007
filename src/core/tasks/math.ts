/**
 * Math family: the last digit of a sum of products, the times table as knowledge.
 *   problem  3*7+5*2+4*9....   (one to four products of digits 2-9, padded to a fixed width)
 *   trace    21:1 10:1 36:7    (each product, then the running sum's last digit)
 *   answer   7
 * Each product is a fact to be known (64 of them), the running digit a small
 * addition. Pretraining teaches A and B different parts of the table (see
 * train/knowledge), so a problem can need a fact only the rival knows: then the
 * rival's draft carries it, which is the premise Agon builds on.
 */
import type { Rng } from '../random';
import { masked } from './format';
import type { Problem, Solution, TaskFamily } from './task';

const MAX_TERMS = 4;
const DIGITS = [2, 3, 4, 5, 6, 7, 8, 9] as const;
/** "a*b" per term, joined by "+". */
const PROBLEM_WIDTH = 4 * MAX_TERMS - 1;
/** "pp:s" per term, joined by a space. */
const TRACE_WIDTH = 5 * MAX_TERMS - 1;

type Term = readonly [number, number];

const product = ([a, b]: Term): string => String(a * b).padStart(2, '0');
/** A times-table fact, one per unordered pair: 3*7 and 7*3 are the same fact. */
const fact = ([a, b]: Term): string => `${Math.min(a, b)}*${Math.max(a, b)}`;
const FACTS: readonly string[] = [...new Set(DIGITS.flatMap((a) => DIGITS.map((b) => fact([a, b]))))];

/** The trace of terms whose products are as given: "pp:s" with s the running sum's last digit. */
function traceOf(products: readonly string[]): string {
  let sum = 0;
  return products
    .map((p) => {
      sum = (sum + Number(p)) % 10;
      return `${p}:${sum}`;
    })
    .join(' ');
}

/** Terms of a problem text like "3*7+5*2...."; empty when it is not one (never throws). */
export function parseTerms(text: string): Term[] {
  const body = text.replace(/\.+$/, '');
  if (!/^\d\*\d(\+\d\*\d)*$/.test(body)) return [];
  return body.split('+').map((t) => [Number(t[0]), Number(t[2])] as const);
}

function generate(rng: Rng, difficulty: number): Problem {
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > MAX_TERMS) {
    throw new RangeError(`math difficulty must be an integer from 1 to ${MAX_TERMS}, got ${difficulty}`);
  }
  const terms: Term[] = Array.from({ length: difficulty }, () => [rng.pick(DIGITS), rng.pick(DIGITS)] as const);
  const text = terms.map(([a, b]) => `${a}*${b}`).join('+').padEnd(PROBLEM_WIDTH, '.');
  return { family: 'math', difficulty, text, ...mathSolution(text), hidden: '' };
}

/** The reference trace and answer of a problem text (empty when the text is not a problem). */
export function mathSolution(text: string): Solution {
  return solutionOf(parseTerms(text).map(product));
}

function solutionOf(products: readonly string[]): Solution {
  const trace = traceOf(products);
  return { trace, answer: trace.slice(-1) };
}

/** A product someone who does not know `term` might write: another pair's product. */
function wrongProduct(term: Term, rng: Rng): string {
  for (;;) {
    const guess = product([rng.pick(DIGITS), rng.pick(DIGITS)]);
    if (guess !== product(term)) return guess;
  }
}

const TRACE_SHAPE = /^\d\d:\d( \d\d:\d)*$/;
/** The trace's last character: the running digit after the last product, which is the answer. */
const LAST_DIGIT = /\S(?=\s*$)/;

export const mathFamily: TaskFamily = {
  name: 'math',
  minDifficulty: 1,
  maxDifficulty: MAX_TERMS,
  hardDifficulties: [3, 4],
  problemWidth: PROBLEM_WIDTH,
  draftTraceWidth: TRACE_WIDTH,
  maxAnswerLength: 1,
  generate,
  canonical: (problem) => problem.text,
  isCorrect: (problem, answer) => answer === problem.answer,
  formatScore(problem, trace, answer) {
    const traceOk = TRACE_SHAPE.test(trace) && (trace.length + 1) / 5 === problem.difficulty;
    return (/^\d$/.test(answer) ? 0.5 : 0) + (traceOk ? 0.5 : 0);
  },
  hideAnswerInTrace: (trace) => trace.replace(LAST_DIGIT, masked),
  factUniverse: FACTS,
  // Three or four products a problem: knowing 70% of the table leaves a single model about 40% of test-hard.
  factShares: { shared: 0.5, A: 0.2, B: 0.2, neither: 0.1 },
  splitSeed: 20261201,
  forkMix: { own: 0.45, reading: 0.4, unrelated: 0.15 },
  // Drafts drawn from any problem already need the rival's facts often enough: three of four products.
  readingFocus: 0,
  readingTrust: 1,
  facts: (problem) => parseTerms(problem.text).map(fact),
  partialSolution: (problem, knows, rng) => solutionOf(parseTerms(problem.text).map((term) => (knows(fact(term)) ? product(term) : wrongProduct(term, rng)))),
  readerSolution(problem, draft, knows) {
    const drafted = draft.trace.split(' ').map((step) => step.slice(0, 2));
    return solutionOf(parseTerms(problem.text).map((term, i) => (knows(fact(term)) || !/^\d\d$/.test(drafted[i] ?? '') ? product(term) : (drafted[i] as string))));
  },
};

