/**
 * The headline ratios, each named by its formula. The paper's abstract says Agon doubles GRPO's
 * pass@1 and gains "roughly eight times" what an untrained MoA gains, without saying gained over
 * what: over the zero-shot base its own numbers give 3.45, over GRPO 7.75. So all three are shown,
 * and a ratio whose denominator is zero or negative is not a number but a sentence saying why.
 */
import type { MethodName } from './methods';

/** The methods the ratios read, and the names their formulas give them. */
const TERMS = { agon: 'Agon', grpo: 'GRPO', moa: 'MoA', 'zero-shot': 'base' } as const satisfies Partial<Record<MethodName, string>>;
type Term = keyof typeof TERMS;

/** (top - offset) / (bottom - offset); no offset is a plain quotient. */
interface RatioSpec {
  top: Term;
  bottom: Term;
  offset?: Term;
}

/** In the order they are shown. The first two ids are the fields result files store (result.ts). */
export const RATIO_SPECS = {
  agonOverGrpo: { top: 'agon', bottom: 'grpo' },
  agonGainOverMoaGain: { top: 'agon', bottom: 'moa', offset: 'zero-shot' },
  agonLeadOverMoaLead: { top: 'agon', bottom: 'moa', offset: 'grpo' },
} as const satisfies Record<string, RatioSpec>;
export type RatioId = keyof typeof RATIO_SPECS;

/** pass@1 of the methods the ratios read (fractions or percents: the ratios do not depend on the scale). */
export type RatioInputs = Partial<Record<Term, number>>;

export interface HeadlineRatio {
  id: RatioId;
  /** The ratio's name: its formula, e.g. "(Agon - GRPO) / (MoA - GRPO)". */
  formula: string;
  /** null where the formula has no value; `why` then says so. */
  value: number | null;
  why?: string;
}

function formulaOf({ top, bottom, offset }: RatioSpec): string {
  if (!offset) return `${TERMS[top]} / ${TERMS[bottom]}`;
  return `(${TERMS[top]} - ${TERMS[offset]}) / (${TERMS[bottom]} - ${TERMS[offset]})`;
}

function evaluate(id: RatioId, passAt1: RatioInputs): HeadlineRatio {
  const spec: RatioSpec = RATIO_SPECS[id];
  const formula = formulaOf(spec);
  // In the order the formula reads them.
  const terms = [spec.top, ...(spec.offset ? [spec.offset] : []), spec.bottom];
  const missing = terms.filter((t) => passAt1[t] === undefined);
  if (missing.length) return { id, formula, value: null, why: `n/a: no ${missing.map((t) => TERMS[t]).join(' or ')} in this run` };
  const offset = spec.offset ? passAt1[spec.offset]! : 0;
  const denominator = passAt1[spec.bottom]! - offset;
  // A zero or negative denominator would print infinity or a sign-flipped number that reads as a result.
  if (denominator <= 0) {
    const why = spec.offset ? `undefined: ${TERMS[spec.bottom]} ≤ ${TERMS[spec.offset]}` : `undefined: ${TERMS[spec.bottom]} at 0`;
    return { id, formula, value: null, why };
  }
  return { id, formula, value: (passAt1[spec.top]! - offset) / denominator };
}

export function headlineRatios(passAt1: RatioInputs): HeadlineRatio[] {
  return (Object.keys(RATIO_SPECS) as RatioId[]).map((id) => evaluate(id, passAt1));
}

/** The pass@1 of each method a table lists (the paper-shaped table of one result, or the pooled one). */
export function ratioInputs(rows: readonly { method: string; passAt1: number }[]): RatioInputs {
  const inputs: RatioInputs = {};
  for (const { method, passAt1 } of rows) if (method in TERMS) inputs[method as Term] = passAt1;
  return inputs;
}

/** The value to 2 decimals (with `unit` after it), or why there is none. */
export function ratioText(ratio: HeadlineRatio, unit = ''): string {
  return ratio.value === null ? ratio.why! : `${ratio.value.toFixed(2)}${unit}`;
}
