/**
 * The rows of the paper's table. Each method is an arm to train (or the untrained
 * base) plus how it is read out at evaluation.
 */
import type { AgonOptions } from '../rl/agon';

export const METHODS = [
  'agon',
  'agon-fixed-roles',
  'agon-shared-opponent',
  'agon-margin',
  'agon-cooperative',
  'grpo',
  'grpo-self-cascade',
  'self-refine',
  'moa',
  'zero-shot',
] as const;
export type MethodName = (typeof METHODS)[number];

/** How a method is evaluated: one model alone, a model reading its own draft, or the pair as a cascade. */
export type Readout = 'solo' | 'self-cascade' | 'pair-cascade';

/** What is trained: nothing (the base pair), GRPO on A, or an Agon variant on both. */
export type ArmSpec = { kind: 'base' } | { kind: 'grpo' } | { kind: 'agon'; options: Omit<AgonOptions, 'showDraftAnswer'> };

export interface MethodSpec {
  label: string;
  /** Plain-language explanation, for the legend and the CLI table. */
  explain: string;
  arm: string;
  readout: Readout;
}

const agon = (over: Partial<AgonOptions>) => ({ kind: 'agon' as const, options: { bonus: 'conversion' as const, fixedRoles: false, sharedOpponent: false, ...over } });

export const ARMS: Record<string, ArmSpec> = {
  base: { kind: 'base' },
  grpo: { kind: 'grpo' },
  agon: agon({}),
  'agon-fixed-roles': agon({ fixedRoles: true }),
  'agon-shared-opponent': agon({ sharedOpponent: true }),
  'agon-margin': agon({ bonus: 'margin' }),
  'agon-cooperative': agon({ bonus: 'none' }),
};

export const METHOD_SPECS: Record<MethodName, MethodSpec> = {
  agon: { label: 'Agon', arm: 'agon', readout: 'pair-cascade', explain: 'Two rivals take turns drafting and solving; the solver is paid extra for being right where the draft was wrong.' },
  'agon-fixed-roles': { label: 'Agon, fixed roles', arm: 'agon-fixed-roles', readout: 'pair-cascade', explain: 'Agon, but A always drafts and B always solves (no role swap).' },
  'agon-shared-opponent': { label: 'Shared opponent', arm: 'agon-shared-opponent', readout: 'pair-cascade', explain: 'Agon, but all solutions of a problem read one shared draft, so the bonus is the same for the whole group and cancels out.' },
  'agon-margin': { label: 'Margin reward', arm: 'agon-margin', readout: 'pair-cascade', explain: 'Agon with bonus c(b) - c(a): the solver is also penalised when it is wrong after a right draft.' },
  'agon-cooperative': { label: 'Cooperative exchange', arm: 'agon-cooperative', readout: 'pair-cascade', explain: 'Both models take turns as in Agon, but the solver gets no bonus for beating the draft.' },
  grpo: { label: 'GRPO', arm: 'grpo', readout: 'solo', explain: 'One model trained by group-relative policy optimisation on its own samples (2N per problem for compute parity).' },
  'grpo-self-cascade': { label: 'GRPO two-pass self-cascade', arm: 'grpo', readout: 'self-cascade', explain: 'The GRPO-trained model drafts, then solves again reading its own draft.' },
  'self-refine': { label: 'Self-refinement', arm: 'base', readout: 'self-cascade', explain: 'An untrained base model drafts, then solves again reading its own draft.' },
  moa: { label: 'MoA (no training)', arm: 'base', readout: 'pair-cascade', explain: 'The untrained pair in the same two-stage cascade as Agon: what the cascade alone buys.' },
  'zero-shot': { label: 'Zero-shot base', arm: 'base', readout: 'solo', explain: 'An untrained base model answering alone.' },
};

/** Arms needed by the methods, in a fixed order (base first). */
export function armsFor(methods: readonly MethodName[]): string[] {
  const needed = new Set(methods.map((m) => METHOD_SPECS[m].arm));
  return Object.keys(ARMS).filter((arm) => needed.has(arm));
}
