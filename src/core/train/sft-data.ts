/**
 * Supervised examples for pretraining a base model, per learner (see ./knowledge).
 *   trunk: shared facts only; half alone, a third with the same problem's correct
 *          solution as the draft (copying is right), the rest with an unrelated draft.
 *   A, B:  by the family's forkMix (shipped pairs: 45 / 40 / 15%):
 *          alone, on problems of their own facts, target the reference;
 *          reading a draft of the same problem, any facts, written by someone who
 *          knows only the shared facts (right there, a plausible mistake elsewhere);
 *          the target is what a reader of this fork's knowledge writes: its own facts
 *          right (overruling the draft), the draft's word on facts it was never taught;
 *          a family's readingFocus of these are drawn among hard problems that need a
 *          fact the fork was never taught, where taking the draft's word is the lesson;
 *          a family's readingTrust of them take the draft's word, the others write what
 *          the fork writes alone (its own guess where it lacks a fact);
 *          with such a draft of an unrelated problem, which carries nothing.
 * A fork never sees the true value of a fact it was not taught: taking it from the
 * target would teach the fact (a first run did exactly that: each fork learned all of
 * its rival's facts and solved 72% alone). Reading the draft's word is all it can
 * learn there, so at test time it takes from a rival's draft what it lacks.
 * The draft's answer is shown or withheld at random, so both views are familiar.
 */
import type { Rng } from '../random';
import { draftedPrompt, draftView, plainPrompt, solutionText } from '../tasks/format';
import { sampleProblem, type Split } from '../tasks/splits';
import type { Problem, Solution, TaskFamily } from '../tasks/task';
import { factGroup, splitKey, taught, type Learner } from './knowledge';

export interface TextExample {
  prompt: string;
  completion: string;
}

export type DraftKind = 'none' | 'same' | 'reading' | 'unrelated';

const TRIES = 10_000;

/** A problem of `split`, of one of `difficulties`, that `accept` takes, or undefined after TRIES draws. */
function tryDraw(family: TaskFamily, split: Split, rng: Rng, difficulties: readonly number[], accept: (problem: Problem) => boolean): Problem | undefined {
  for (let tries = 0; tries < TRIES; tries++) {
    const problem = sampleProblem(family, split, rng, difficulties);
    if (accept(problem)) return problem;
  }
  return undefined;
}

/** As tryDraw; `what` says what was sought when none is found. */
function drawProblem(family: TaskFamily, split: Split, rng: Rng, difficulties: readonly number[], accept: (problem: Problem) => boolean, what: string): Problem {
  const problem = tryDraw(family, split, rng, difficulties, accept);
  if (problem) return problem;
  throw new Error(`no ${family.name} ${split} problem of difficulty ${difficulties.join('/')} ${what}`);
}

/** Difficulties found to have no problem a learner may be taught, by family, shares, split and learner. */
const emptyDifficulties = new Set<string>();

/**
 * A problem of `split` and a random difficulty whose facts all pass `ok` (what `who` may be taught).
 * A recipe that teaches few facts can leave a difficulty with none (one shared program, of length
 * 3, leaves the trunk nothing of length 2): such a difficulty is remembered and the draw goes to
 * the others. Where every difficulty has one, the draws are the same as without the check.
 */
function problemWhere(family: TaskFamily, split: Split, rng: Rng, ok: (fact: string) => boolean, who: string): Problem {
  const accept = (p: Problem) => family.facts(p).every(ok);
  const key = (d: number) => `${splitKey(family)} ${split} ${who} ${d}`;
  const difficulty = rng.range(family.minDifficulty, family.maxDifficulty);
  if (!emptyDifficulties.has(key(difficulty))) {
    const problem = tryDraw(family, split, rng, [difficulty], accept);
    if (problem) return problem;
    emptyDifficulties.add(key(difficulty));
  }
  const others: number[] = [];
  for (let d = family.minDifficulty; d <= family.maxDifficulty; d++) if (!emptyDifficulties.has(key(d))) others.push(d);
  if (others.length === 0) throw new Error(`no ${family.name} ${split} problem uses only facts the ${who} may be taught`);
  return drawProblem(family, split, rng, others, accept, 'uses only facts a learner may be taught');
}

/** A hard problem of `split` that needs at least one fact `knows` rejects. */
function problemLacking(family: TaskFamily, split: Split, rng: Rng, knows: (fact: string) => boolean): Problem {
  return drawProblem(family, split, rng, family.hardDifficulties, (p) => !family.facts(p).every(knows), 'needs a fact the learner was not taught');
}

function example(family: TaskFamily, problem: Problem, target: Solution, draft: Solution | null, rng: Rng): TextExample {
  const prompt = draft ? draftedPrompt(problem, draftView(family, solutionText(draft.trace, draft.answer), rng.next() < 0.5)) : plainPrompt(family, problem);
  return { prompt, completion: solutionText(target.trace, target.answer) };
}

export function sftExample(family: TaskFamily, rng: Rng, learner: Learner, split: Split = 'train'): TextExample & { draft: DraftKind } {
  const knows = (fact: string) => taught(family, learner, fact);
  const r = rng.next();
  const mix = family.forkMix;
  if (r < (learner === 'trunk' ? 0.5 : mix.own)) {
    const problem = problemWhere(family, split, rng, knows, learner);
    return { ...example(family, problem, problem, null, rng), draft: 'none' };
  }
  if (learner === 'trunk') {
    const problem = problemWhere(family, split, rng, knows, learner);
    const source = r < 0.85 ? problem : problemWhere(family, split, rng, knows, learner);
    return { ...example(family, problem, problem, source, rng), draft: source === problem ? 'same' : 'unrelated' };
  }
  const sharedOnly = (fact: string) => factGroup(family, fact) === 'shared';
  if (r < mix.own + mix.reading) {
    // No draw when the focus is 0, so such a family's examples stay as they were.
    const focused = family.readingFocus > 0 && rng.next() < family.readingFocus;
    const problem = focused ? problemLacking(family, split, rng, knows) : problemWhere(family, split, rng, () => true, 'anyone');
    const draft = family.partialSolution(problem, sharedOnly, rng);
    // No draw at full trust, so such a family's examples stay as they were.
    const trusts = family.readingTrust >= 1 || rng.next() < family.readingTrust;
    const target = trusts ? family.readerSolution(problem, draft, knows) : family.partialSolution(problem, knows, rng);
    return { ...example(family, problem, target, draft, rng), draft: 'reading' };
  }
  const problem = problemWhere(family, split, rng, knows, learner);
  const draft = family.partialSolution(problemWhere(family, split, rng, () => true, 'anyone'), sharedOnly, rng);
  return { ...example(family, problem, problem, draft, rng), draft: 'unrelated' };
}
