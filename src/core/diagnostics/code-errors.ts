/**
 * How a code model's answers alone go wrong, by what each problem needs of the knowledge
 * split: too few primitives, too many, the right number but the wrong ones, or none that
 * parse. Made to find why the unnamed-program code pairs did not hold the premise (docs/base-pair.md,
 * recipes that did not hold the premise): most of their misses on taught programs stopped early.
 */
import { parseProgram } from '../tasks/dsl';
import type { Problem, TaskFamily } from '../tasks/task';
import type { Verification } from '../tasks/verifier';
import { problemClass, PROBLEM_CLASSES, type ProblemClass } from './by-group';
import { pct } from './report';

export const CODE_ANSWER_KINDS = ['right', 'too short', 'too long', 'right length, wrong', 'unparseable'] as const;
export type CodeAnswerKind = (typeof CODE_ANSWER_KINDS)[number];

/** A code problem's difficulty is its reference program's number of primitives. */
export function codeAnswerKind(problem: Problem, verification: Verification): CodeAnswerKind {
  if (verification.verdict === 'correct') return 'right';
  const program = verification.answer === null ? null : parseProgram(verification.answer);
  if (!program) return 'unparseable';
  if (program.length < problem.difficulty) return 'too short';
  return program.length > problem.difficulty ? 'too long' : 'right length, wrong';
}

export interface CodeErrorRow {
  model: string;
  group: ProblemClass;
  problems: number;
  /** Share of answers of each kind. */
  shares: Record<CodeAnswerKind, number>;
}

/** One row per problem class that has problems, for one model's answers (one per problem). */
export function codeErrorRows(family: TaskFamily, model: string, problems: readonly Problem[], verifications: readonly Verification[]): CodeErrorRow[] {
  const classes = problems.map((p) => problemClass(family, p));
  return PROBLEM_CLASSES.flatMap((group) => {
    const kinds = classes.flatMap((c, i) => (c === group ? [codeAnswerKind(problems[i] as Problem, verifications[i] as Verification)] : []));
    if (kinds.length === 0) return [];
    const shares = Object.fromEntries(CODE_ANSWER_KINDS.map((kind) => [kind, kinds.filter((k) => k === kind).length / kinds.length])) as Record<CodeAnswerKind, number>;
    return [{ model, group, problems: kinds.length, shares }];
  });
}

export function codeErrorReport(rows: readonly CodeErrorRow[]): string {
  return [
    '### How each model alone answers, by what a problem needs of the knowledge split',
    '',
    `| model | problems needing | count | ${CODE_ANSWER_KINDS.join(' | ')} |`,
    `|---|---|---:|${CODE_ANSWER_KINDS.map(() => '---:').join('|')}|`,
    ...rows.map((r) => `| ${r.model} | ${r.group} | ${r.problems} | ${CODE_ANSWER_KINDS.map((k) => pct(r.shares[k])).join(' | ')} |`),
  ].join('\n');
}
