/** Token budgets that follow from a family's fixed layout. */
import type { TaskFamily } from './task';

/** Tokens a well-formed completion needs at most: trace, <answer>, answer, <eos>. Longer ones are cut and count as unparseable. */
export function completionBudget(family: TaskFamily): number {
  return family.draftTraceWidth + family.maxAnswerLength + 2;
}

/** Longest sequence a model of this family must read: <draft> view <answer> answer <bos> problem <sol>, then a full completion. */
export function maxSequenceLength(family: TaskFamily): number {
  const draftedPrompt = 1 + family.problemWidth + 1 + family.draftTraceWidth + 1 + family.maxAnswerLength + 1;
  return draftedPrompt + completionBudget(family);
}
