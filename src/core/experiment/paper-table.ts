/**
 * The paper's own table (Qwen3-0.6B on DeepMath difficulty 8, pass@1 %), the one place its numbers
 * live in the code; the paper's headline ratios are computed from them, as ours are from our table.
 */
import { headlineRatios, ratioInputs, type HeadlineRatio } from './headline-ratios';
import { METHODS, type MethodName } from './methods';

export const PAPER_PASS_AT_1: Readonly<Record<MethodName, number>> = {
  agon: 61,
  'agon-fixed-roles': 52,
  'agon-shared-opponent': 32,
  'agon-margin': 49,
  'agon-cooperative': 46,
  grpo: 30,
  'grpo-self-cascade': 35,
  'self-refine': 32,
  moa: 34,
  'zero-shot': 23,
};

export const PAPER_RATIOS: readonly HeadlineRatio[] = headlineRatios(ratioInputs(METHODS.map((method) => ({ method, passAt1: PAPER_PASS_AT_1[method] }))));

/** The paper's value of a ratio, by id (the lists share their order, but an id does not depend on it). */
export function paperRatio(id: HeadlineRatio['id']): HeadlineRatio {
  return PAPER_RATIOS.find((r) => r.id === id)!;
}
