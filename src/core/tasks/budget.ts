import type { TaskFamily } from './task';

/** Tokens a well-formed completion needs at most: trace, <answer>, answer, <eos>. Longer ones are cut and count as unparseable. */
export function completionBudget(family: TaskFamily): number {
  return family.draftTraceWidth + family.maxAnswerLength + 2;
}
