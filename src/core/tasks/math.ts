/**
 * Math family: a chain of operations on digits modulo 10, evaluated left to right.
 *   problem  3+4*2-7..........   (start digit, then op-digit pairs, padded to a fixed width)
 *   trace    7 4 7               (the running value after each operation)
 *   answer   7
 * The padding puts every trace value at the same distance from the operation it
 * applies, which is what lets a tiny transformer learn the chain; difficulty is
 * the number of operations, so it is hard only through its length.
 */
import type { Rng } from '../random';
import { masked } from './format';
import type { Problem, TaskFamily } from './task';

const MAX_OPS = 8;
const OPS = ['+', '-', '*'] as const;
const PROBLEM_WIDTH = 1 + 2 * MAX_OPS;
const TRACE_WIDTH = 2 * MAX_OPS - 1;

function apply(op: string, a: number, b: number): number {
  const raw = op === '+' ? a + b : op === '-' ? a - b : a * b;
  return ((raw % 10) + 10) % 10;
}

/** Running values of a chain like "3+4*2-7". */
export function runChain(chain: string): number[] {
  let value = Number(chain[0]);
  const values: number[] = [];
  for (let i = 1; i + 1 < chain.length; i += 2) {
    value = apply(chain[i] as string, value, Number(chain[i + 1]));
    values.push(value);
  }
  return values;
}

function generate(rng: Rng, difficulty: number): Problem {
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > MAX_OPS) {
    throw new RangeError(`math difficulty must be an integer from 1 to ${MAX_OPS}, got ${difficulty}`);
  }
  let chain = String(rng.int(10));
  for (let i = 0; i < difficulty; i++) chain += rng.pick(OPS) + String(rng.int(10));
  const values = runChain(chain);
  return {
    family: 'math',
    difficulty,
    text: chain.padEnd(PROBLEM_WIDTH, '.'),
    trace: values.join(' '),
    answer: String(values[values.length - 1]),
    hidden: '',
  };
}

const TRACE_SHAPE = /^\d( \d)*$/;
/** The trace's last word: the running value after the last operation, which is the answer. */
const LAST_VALUE = /\S+(?=\s*$)/;

export const mathFamily: TaskFamily = {
  name: 'math',
  minDifficulty: 1,
  maxDifficulty: MAX_OPS,
  hardDifficulties: [6, 7, 8],
  problemWidth: PROBLEM_WIDTH,
  draftTraceWidth: TRACE_WIDTH,
  maxAnswerLength: 1,
  generate,
  canonical: (problem) => problem.text,
  isCorrect: (problem, answer) => answer === problem.answer,
  formatScore(problem, trace, answer) {
    const traceOk = TRACE_SHAPE.test(trace) && (trace.length + 1) / 2 === problem.difficulty;
    return (/^\d$/.test(answer) ? 0.5 : 0) + (traceOk ? 0.5 : 0);
  },
  hideAnswerInTrace: (trace) => trace.replace(LAST_VALUE, masked),
};
