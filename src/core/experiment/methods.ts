/**
 * The rows of the paper's table, as named presets of an arm's fields (arm-fields.ts): each
 * method is a named trained arm (its training fields) plus how it is read out at evaluation.
 * The ablations are Agon with one field changed.
 */
import { AGON_FIELDS, armSpec, trainingFields, type ArmFields, type ArmSpec, type Readout, type TrainingFields } from './arm-fields';

export type { ArmSpec, Readout };

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

const AGON = trainingFields(AGON_FIELDS);

/** The paper's trained arms, in the order a run trains them (base first); results and links name arms by these keys. */
export const NAMED_ARMS = {
  base: { ...AGON, training: 'none' },
  grpo: { ...AGON, training: 'grpo' },
  agon: AGON,
  'agon-fixed-roles': { ...AGON, roles: 'a-drafts' },
  'agon-shared-opponent': { ...AGON, opponent: 'shared-draft' },
  'agon-margin': { ...AGON, bonus: 'margin' },
  'agon-cooperative': { ...AGON, bonus: 'none' },
} as const satisfies Record<string, TrainingFields>;
export type NamedArm = keyof typeof NAMED_ARMS;

/** What each named arm trains, as the runner reads it. */
export const ARMS: Record<string, ArmSpec> = Object.fromEntries(Object.entries(NAMED_ARMS).map(([name, fields]) => [name, armSpec(fields)]));

export interface MethodSpec {
  label: string;
  /** Plain-language explanation, for the legend and the CLI table. */
  explain: string;
  arm: NamedArm;
  readout: Readout;
}

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

/** A method as fields: its arm's training fields and its readout. */
export function methodFields(method: MethodName): ArmFields {
  const spec = METHOD_SPECS[method];
  return { ...NAMED_ARMS[spec.arm], readout: spec.readout };
}

/** Arms needed by the methods, in a fixed order (base first). */
export function armsFor(methods: readonly MethodName[]): string[] {
  const needed = new Set<string>(methods.map((m) => METHOD_SPECS[m].arm));
  return Object.keys(ARMS).filter((arm) => needed.has(arm));
}
