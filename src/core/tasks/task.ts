/** What every task family provides. A family is pure data + functions, no model inside. */
import type { Rng } from '../random';

export type TaskFamilyName = 'math' | 'code';

/** A problem instance. `hidden` is what the verifier needs beyond the prompt (e.g. hidden test cases); it is never shown to a model. */
export interface Problem {
  family: TaskFamilyName;
  difficulty: number;
  /** The problem as the model reads it (plain characters, no special tokens). */
  text: string;
  /** A correct step-by-step trace (what supervised pretraining teaches). */
  trace: string;
  /** The reference final answer. */
  answer: string;
  hidden: string;
}

export type Verdict = 'correct' | 'wrong' | 'unparseable';

export interface TaskFamily {
  name: TaskFamilyName;
  /** Smallest and largest difficulty the generator accepts. */
  minDifficulty: number;
  maxDifficulty: number;
  /** Difficulties of the held-out hard split. */
  hardDifficulties: readonly number[];
  /** Length of every problem text (problems are padded to it). */
  problemWidth: number;
  /** Width a trace is padded or cut to when shown as a draft, so every step of it sits at a fixed distance. */
  draftTraceWidth: number;
  /** Longest answer shown in a draft view (longer ones are cut). */
  maxAnswerLength: number;
  generate(rng: Rng, difficulty: number): Problem;
  /** Canonical form: two problems with the same canonical form are the same problem (dedupe and split assignment). */
  canonical(problem: Problem): string;
  /** Whether a parsed final answer is correct for this problem (execution for code). Must not throw. */
  isCorrect(problem: Problem, answer: string): boolean;
  /** Format score in [0, 1] for a parsed trace and answer: how closely they follow the expected layout. Must not throw. */
  formatScore(problem: Problem, trace: string, answer: string): number;
  /**
   * A draft's trace as a challenger reads it when the draft's answer is withheld: the
   * part that spells the answer out replaced by `?` of the same length (so the layout
   * keeps every position). Any text, never throws.
   */
  hideAnswerInTrace(trace: string): string;
  /**
   * The pieces of knowledge a problem needs (math: its times-table facts; code: its
   * program, past one primitive). Pretraining teaches A and B different ones.
   */
  facts(problem: Problem): string[];
  /**
   * Share of a fork's pretraining examples with a rival's draft (see train/sft-data) that are
   * drawn among hard problems needing a fact the fork was never taught. 0: no such focus.
   */
  readingFocus: number;
  /**
   * Share of a fork's reading examples whose target takes the draft's word where the fork lacks
   * the fact; the others write what the fork would alone (its own plausible mistake there), so
   * a fork learns to trust a draft that often. 1: always (the shipped pairs).
   */
  readingTrust: number;
  /** Every fact a problem of the family can need. */
  factUniverse: readonly string[];
  /** Fraction of factUniverse taught to both models, only to A, only to B, and to neither (see train/knowledge). */
  factShares: Readonly<Record<'shared' | 'A' | 'B' | 'neither', number>>;
  /** Seed of the fixed shuffle that factShares cut into groups: which facts fall to whom (see train/knowledge). */
  splitSeed: number;
  /**
   * Shares of a fork's pretraining examples (see train/sft-data): a problem of its own facts
   * alone, a problem with a draft to read, an unrelated draft. How much reading a fork learns.
   */
  forkMix: Readonly<Record<'own' | 'reading' | 'unrelated', number>>;
  /**
   * A solution as written by someone who knows only the facts `knows` accepts: right
   * where it knows, a plausible mistake where it does not (a rival's draft in pretraining).
   */
  partialSolution(problem: Problem, knows: (fact: string) => boolean, rng: Rng): Solution;
  /**
   * What a reader who knows only the facts `knows` accepts writes after reading `draft`
   * (one of this problem's, as partialSolution writes them): its own knowledge where it
   * has it, the draft's word where it has none.
   */
  readerSolution(problem: Problem, draft: Solution, knows: (fact: string) => boolean): Solution;
}

export interface Solution {
  trace: string;
  answer: string;
}
