/**
 * The stopping check of pretraining: pass@1 on a fixed subset of the validation
 * split, one sample per problem at temperature 1 (how the pair will be sampled in RL).
 * Validation only: test-hard is never looked at while training.
 */
import { soloStage } from '../eval/cascade';
import { completionBudget } from '../tasks/budget';
import { validationSplit } from '../tasks/splits';
import type { TaskFamily } from '../tasks/task';
import type { Validate } from './pretrain-pair';

export function validationCheck(family: TaskFamily, problems: number): Validate {
  const checkSet = validationSplit(family, problems);
  const sampling = { temperature: 1, topP: 1, maxNewTokens: completionBudget(family), seed: 11 };
  return async (model) => {
    const correct = (await soloStage(model, family, checkSet, sampling)).result.correct;
    return correct.filter(Boolean).length / Math.max(1, correct.length);
  };
}
