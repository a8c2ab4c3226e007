/**
 * Supervised examples for pretraining a base model, per learner (see ./knowledge).
 * The target is always the reference solution, and a problem only appears when its
 * facts can be learned from the example: known to the learner, or written correctly
 * in the draft it reads.
 *   trunk: shared facts only; half alone, a third with the same problem's correct
 *          solution as the draft (copying is right), the rest with an unrelated draft.
 *   A, B:  45% alone, on problems of their own facts;
 *          40% with the rival's draft of the same problem, as the rival would write it
 *          (right on the facts the rival knows, a plausible mistake elsewhere), on
 *          problems whose facts one of the two knows: a fork learns to take what it
 *          does not know from the rival and to overrule the rival where it knows better;
 *          15% with the rival's draft of an unrelated problem, which carries nothing.
 * The draft's answer is shown or withheld at random, so both views are familiar.
 */
import type { Rng } from '../random';
import { draftedPrompt, draftView, plainPrompt, solutionText } from '../tasks/format';
import { sampleProblem, type Split } from '../tasks/splits';
import type { Problem, TaskFamily } from '../tasks/task';
import { rivalOf, taught, type Learner } from './knowledge';

export interface TextExample {
  prompt: string;
  completion: string;
}

export type DraftKind = 'none' | 'same' | 'rival' | 'unrelated';

const TRIES = 10_000;

/** A problem of `split` and a random difficulty whose facts all pass `ok`. */
function problemWhere(family: TaskFamily, split: Split, rng: Rng, ok: (fact: string) => boolean): Problem {
  const difficulty = rng.range(family.minDifficulty, family.maxDifficulty);
  for (let tries = 0; tries < TRIES; tries++) {
    const problem = sampleProblem(family, split, rng, [difficulty]);
    if (family.facts(problem).every(ok)) return problem;
  }
  throw new Error(`no ${family.name} ${split} problem of difficulty ${difficulty} uses only facts a learner may be taught`);
}

function withDraft(family: TaskFamily, problem: Problem, draft: { trace: string; answer: string }, rng: Rng): string {
  return draftedPrompt(problem, draftView(family, solutionText(draft.trace, draft.answer), rng.next() < 0.5));
}

export function sftExample(family: TaskFamily, rng: Rng, learner: Learner, split: Split = 'train'): TextExample & { draft: DraftKind } {
  const knows = (fact: string) => taught(family, learner, fact);
  const rival = rivalOf(learner);
  const r = rng.next();
  if (r < (rival ? 0.45 : 0.5)) {
    const problem = problemWhere(family, split, rng, knows);
    return { prompt: plainPrompt(family, problem), completion: solutionText(problem.trace, problem.answer), draft: 'none' };
  }
  if (!rival) {
    const problem = problemWhere(family, split, rng, knows);
    const source = r < 0.85 ? problem : problemWhere(family, split, rng, knows);
    return { prompt: withDraft(family, problem, source, rng), completion: solutionText(problem.trace, problem.answer), draft: source === problem ? 'same' : 'unrelated' };
  }
  const rivalKnows = (fact: string) => taught(family, rival, fact);
  const either = (fact: string) => knows(fact) || rivalKnows(fact);
  const unrelated = r >= 0.85;
  const problem = problemWhere(family, split, rng, unrelated ? knows : either);
  const source = unrelated ? problemWhere(family, split, rng, either) : problem;
  const draft = family.partialSolution(source, rivalKnows, rng);
  return { prompt: withDraft(family, problem, draft, rng), completion: solutionText(problem.trace, problem.answer), draft: unrelated ? 'unrelated' : 'rival' };
}
