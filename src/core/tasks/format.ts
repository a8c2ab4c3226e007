/**
 * The one text format every model reads and writes:
 *   problem with a draft: <draft>{draft view}<bos>{problem}<sol>
 *   problem alone:        the same, with a blank draft view (all '.')
 *   a solution:           {trace}<answer>{final answer}<eos>
 * A draft view is the rival's trace and answer, each padded to a fixed width, so
 * every prompt of a family has one length and every token sits at the same
 * absolute position whether or not a draft is shown: what a small transformer
 * (learned absolute positions) learns on prompts alone carries over to prompts
 * with a draft. A withheld answer reads `?`, and so does whatever in the trace gives
 * it away (the family says what: math's last running value, code's primitive names),
 * one `?` per character hidden.
 */
import type { Problem, TaskFamily } from './task';

export const WITHHELD_ANSWER = '?';
export const TRACE_PAD = '.';

/** The text as long as `text`, all WITHHELD_ANSWER: what a hidden part of a draft reads. */
export function masked(text: string): string {
  return WITHHELD_ANSWER.repeat(text.length);
}

export function draftedPrompt(problem: Problem, draftView: string): string {
  return `<draft>${draftView}<bos>${problem.text}<sol>`;
}

/** The draft slot of a prompt with no draft. */
export function blankDraftView(family: TaskFamily): string {
  return `${TRACE_PAD.repeat(family.draftTraceWidth)}<answer>${TRACE_PAD.repeat(family.maxAnswerLength)}`;
}

export function plainPrompt(family: TaskFamily, problem: Problem): string {
  return draftedPrompt(problem, blankDraftView(family));
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
 * What a challenger reads of a rival's completion: its trace and its answer, special
 * tokens removed, each fitted to the family's width. When the answer is withheld the
 * answer slot reads `?` and the trace has its giveaway masked (before the trace is cut
 * to width, so what is masked is the draft's own last step).
 */
export function draftView(family: TaskFamily, completion: string, showAnswer: boolean): string {
  const parsed = parseCompletion(completion);
  const readable = parsed.trace.replace(SPECIAL_TAG, '');
  const trace = fitWidth(showAnswer ? readable : family.hideAnswerInTrace(readable), family.draftTraceWidth);
  const answer = showAnswer ? (parsed.answer ?? '').replace(SPECIAL_TAG, '') : WITHHELD_ANSWER;
  return `${trace}<answer>${fitWidth(answer, family.maxAnswerLength)}`;
}
