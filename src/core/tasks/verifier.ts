/** Grades any completion text against a problem. Never throws: arbitrary model output must be gradable. */
import { parseCompletion } from './format';
import type { Problem, TaskFamily, Verdict } from './task';

export interface Verification {
  verdict: Verdict;
  trace: string;
  /** Parsed final answer; null when there is none. */
  answer: string | null;
  /** Format score in [0, 1]: how closely the completion follows the expected layout. */
  format: number;
}

const SPECIAL_TAG = /<[a-z]+>/;

export function verify(family: TaskFamily, problem: Problem, completion: string): Verification {
  const { trace, answer, ended } = parseCompletion(completion);
  // A completion cut at the length limit, or with control tokens inside its answer, has no answer we can trust.
  if (!ended || answer === null || SPECIAL_TAG.test(answer)) {
    return { verdict: 'unparseable', trace, answer, format: 0 };
  }
  const format = SPECIAL_TAG.test(trace) ? 0 : family.formatScore(problem, trace, answer);
  return { verdict: family.isCorrect(problem, answer) ? 'correct' : 'wrong', trace, answer, format };
}
