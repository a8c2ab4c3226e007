/**
 * The one text format every model reads and writes:
 *   problem alone:        <bos>{problem}<sol>
 *   problem with a draft: <bos>{problem}<draft>{draft view}<sol>
 *   a solution:           {trace}<answer>{final answer}<eos>
 * The draft view is the rival's trace padded to a fixed width (so a step of the
 * draft sits at a fixed distance from the step that reads it) followed by its
 * answer section, or by `<answer>?` when the answer is withheld.
 */
import type { Problem, TaskFamily } from './task';

export const WITHHELD_ANSWER = '?';
export const TRACE_PAD = '.';

export function plainPrompt(problem: Problem): string {
  return `<bos>${problem.text}<sol>`;
}

export function draftedPrompt(problem: Problem, draftView: string): string {
  return `<bos>${problem.text}<draft>${draftView}<sol>`;
}

export function solutionText(trace: string, answer: string): string {
  return `${trace}<answer>${answer}<eos>`;
}

export interface ParsedCompletion {
  trace: string;
  /** null when there is no answer section. */
  answer: string | null;
  /** Whether the completion closed with <eos>. */
  ended: boolean;
}

/** Splits any completion text into trace and answer; never throws. Text after the first <eos> is ignored. */
export function parseCompletion(completion: string): ParsedCompletion {
  const eos = completion.indexOf('<eos>');
  const body = eos < 0 ? completion : completion.slice(0, eos);
  const marker = body.indexOf('<answer>');
  if (marker < 0) return { trace: body, answer: null, ended: eos >= 0 };
  return { trace: body.slice(0, marker), answer: body.slice(marker + '<answer>'.length), ended: eos >= 0 };
}

const SPECIAL_TAG = /<[a-z]+>/g;

function fitWidth(text: string, width: number): string {
  return text.length >= width ? text.slice(0, width) : text + TRACE_PAD.repeat(width - text.length);
}

/**
 * What a challenger reads of a rival's completion: its trace (special tokens
 * removed, fitted to the family's width) and its answer, or `?` when withheld.
 */
export function draftView(family: TaskFamily, completion: string, showAnswer: boolean): string {
  const parsed = parseCompletion(completion);
  const trace = fitWidth(parsed.trace.replace(SPECIAL_TAG, ''), family.draftTraceWidth);
  const answer = parsed.answer === null ? '' : parsed.answer.replace(SPECIAL_TAG, '').slice(0, family.maxAnswerLength);
  return `${trace}<answer>${showAnswer ? answer : WITHHELD_ANSWER}`;
}
