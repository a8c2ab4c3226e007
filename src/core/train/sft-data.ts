/**
 * Supervised examples for pretraining a base model. Half read the problem alone;
 * half read it with a draft. The draft/target relation is chosen so the base can
 * read a draft but is never taught to fix one:
 *   - with probability 1/2 the draft is the correct reference solution of the same
 *     problem (copying it is right),
 *   - otherwise it is the reference solution of a different problem (it carries no
 *     information, so the model must solve from the problem).
 * The target is always the reference solution. A wrong draft of the same problem
 * never appears, so whatever the untrained cascade (MoA) does with one is untaught.
 * The draft's answer is shown or withheld at random, so both views are familiar.
 */
import type { Rng } from '../random';
import { draftedPrompt, draftView, plainPrompt, solutionText } from '../tasks/format';
import { sampleProblem } from '../tasks/splits';
import type { Problem, TaskFamily } from '../tasks/task';

export interface TextExample {
  prompt: string;
  completion: string;
}

export type DraftKind = 'none' | 'same' | 'unrelated';

export function sftExample(family: TaskFamily, rng: Rng): TextExample & { draft: DraftKind } {
  const problem = sampleProblem(family, 'train', rng);
  const completion = solutionText(problem.trace, problem.answer);
  const r = rng.next();
  if (r < 0.5) return { prompt: plainPrompt(family, problem), completion, draft: 'none' };
  const source: Problem = r < 0.75 ? problem : sampleProblem(family, 'train', rng, [problem.difficulty]);
  const view = draftView(family, solutionText(source.trace, source.answer), rng.next() < 0.5);
  return { prompt: draftedPrompt(problem, view), completion, draft: source === problem ? 'same' : 'unrelated' };
}
