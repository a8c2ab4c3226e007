/**
 * An arm as a set of fields. Every mechanism of Agon (AGON.md) is one field; the paper's rows are
 * named presets of these fields (methods.ts), and a config can carry arms of its own. The fields
 * say what is trained and how (the training fields: one trained arm per distinct set) and how the
 * result is read out at evaluation. Names follow the config's snake_case; each field has a
 * one-line explanation for the form and the legend.
 */
import { z } from 'zod';
import { AGON_DEFAULTS, type AgonLearners, type AgonOptions } from '../rl/agon';
import { parityProblem, type Opponent, type RoleSchedule } from '../rl/agon-layout';
import type { BonusKind, DrafterReward } from '../rl/rewards';
import { int, num } from './schema-numbers';

/** What is trained: the Agon pair, one model by GRPO, or nothing (the base pair). */
export type Training = 'agon' | 'grpo' | 'none';

/** How a method is evaluated: one model alone, a model reading its own draft, or the pair as a cascade. */
export type Readout = 'solo' | 'self-cascade' | 'pair-cascade';

export const TRAININGS = ['agon', 'grpo', 'none'] as const satisfies readonly Training[];
export const BONUS_FORMS = ['conversion', 'margin', 'none'] as const satisfies readonly BonusKind[];
export const ROLE_SCHEDULES = ['swap', 'a-drafts', 'b-drafts'] as const satisfies readonly RoleSchedule[];
export const OPPONENTS = ['own-draft', 'shared-draft'] as const satisfies readonly Opponent[];
export const LEARNERS = ['both', 'drafter', 'solver'] as const satisfies readonly AgonLearners[];
export const DRAFTER_REWARDS = ['plain', 'zero-sum'] as const satisfies readonly DrafterReward[];
export const READOUTS = ['solo', 'self-cascade', 'pair-cascade'] as const satisfies readonly Readout[];

/** The Agon mechanisms, as an Agon step reads them; the config holds show_draft_answer for every arm at once. */
export type AgonMechanisms = Omit<AgonOptions, 'show_draft_answer'>;

export interface TrainingFields extends AgonMechanisms {
  training: Training;
}

export interface ArmFields extends TrainingFields {
  readout: Readout;
}

/** The names of the Agon mechanisms (every option of an Agon step but show_draft_answer). */
const MECHANISMS = (Object.keys(AGON_DEFAULTS) as (keyof AgonOptions)[]).filter((k): k is keyof AgonMechanisms => k !== 'show_draft_answer');

/** The mechanisms alone, out of anything that holds them (an arm's fields, an Agon step's options). */
export function mechanismsOf(from: AgonMechanisms): AgonMechanisms {
  return Object.fromEntries(MECHANISMS.map((k) => [k, from[k]])) as unknown as AgonMechanisms;
}

/** The paper's Agon: what every field defaults to. */
export const AGON_FIELDS: ArmFields = { training: 'agon', ...mechanismsOf(AGON_DEFAULTS), readout: 'pair-cascade' };

/** The fields in the order a form lists them. */
export const ARM_FIELD_NAMES = Object.keys(AGON_FIELDS) as (keyof ArmFields)[];

/** One line per field, for the form and the legend. */
export const FIELD_EXPLAIN: Record<keyof ArmFields, string> = {
  training: 'What is trained: the Agon pair A and B, model A alone by GRPO (2N samples a problem), or nothing (the base pair).',
  bonus: "The solver's extra reward for beating the draft: conversion c(b)(1 - c(a)) (Agon), margin c(b) - c(a), or none (cooperative exchange).",
  bonus_weight: "w: the solver's bonus is w times the bonus term (1 in the paper; 0 pays none).",
  roles: 'Who drafts: the models swap roles every swap_every steps (Agon), A always drafts, or B always drafts.',
  swap_every: 'k: with swapping roles, the drafter changes every k steps (1 in the paper: A drafts on even steps).',
  opponent: "Which draft a solution reads: its own (Agon), or every solution of a problem the problem's first draft (shared opponent).",
  solutions_per_draft: 'm: solutions per draft; a problem then gets 2N / (m + 1) drafts and m times as many solutions, 2N rollouts like every method (m + 1 must divide 2N).',
  learners: 'Which models update: both (Agon), only the model drafting at a step, or only the model solving.',
  drafter_reward: "The drafter's reward: plain 2c(a) + lambda f(a) (the paper), or zero-sum, minus the bonus its readers earned on it (our own option, not in the paper).",
  readout: 'How the arm is evaluated: one model alone, a model reading its own draft, or the pair as a two-stage cascade (the model or direction picked on validation).',
};

/**
 * Fields that other fields leave unread, and why. Set away from Agon's value there, such a field
 * is refused: the arm would run as another than it says (and a sweep over it would run one arm
 * again and again).
 */
const UNREAD: { field: keyof TrainingFields; when: (f: ArmFields) => string | null }[] = [
  ...MECHANISMS.map((field) => ({
    field,
    when: (f: ArmFields) => (f.training === 'agon' ? null : `only Agon training reads it (training is ${f.training})`),
  })),
  { field: 'swap_every', when: (f) => (f.roles === 'swap' ? null : `only swapping roles read it (roles is ${f.roles})`) },
  { field: 'bonus_weight', when: (f) => (f.bonus === 'none' ? 'no bonus is paid (bonus is none)' : null) },
  { field: 'drafter_reward', when: (f) => (f.bonus === 'none' ? 'a zero-sum drafter pays the bonus its readers earned, and bonus none pays none' : null) },
];

/** Why the arm's other fields leave `field` unread, whatever its own value; null when it is read (a form disables it). */
export function unreadReason(fields: ArmFields, field: keyof ArmFields): string | null {
  for (const rule of UNREAD) {
    const why = rule.field === field ? rule.when(fields) : null;
    if (why) return why;
  }
  return null;
}

/** Each field set away from Agon's value that the arm's other fields leave unread, with why. */
export function unreadFields(fields: ArmFields): { field: keyof ArmFields; message: string }[] {
  const out = new Map<keyof ArmFields, string>();
  for (const rule of UNREAD) {
    const why = fields[rule.field] === AGON_FIELDS[rule.field] || out.has(rule.field) ? null : rule.when(fields);
    if (why) out.set(rule.field, `not read here: ${why}; leave it out (Agon's ${JSON.stringify(AGON_FIELDS[rule.field])})`);
  }
  return [...out].map(([field, message]) => ({ field, message }));
}

/** Why an arm cannot run with N = num_generations (its compute-parity split), or null. */
export function armParityProblem(fields: TrainingFields, numGenerations: number): string | null {
  return fields.training === 'agon' ? parityProblem(numGenerations, fields.solutions_per_draft) : null;
}

/** Each field's type and range. */
export const armFieldTypes = {
  training: z.enum(TRAININGS),
  bonus: z.enum(BONUS_FORMS),
  bonus_weight: num(0, 10),
  roles: z.enum(ROLE_SCHEDULES),
  swap_every: int(1, 100_000),
  opponent: z.enum(OPPONENTS),
  // 2N is at most 128 (num_generations up to 64), so m + 1 divides it only up to 127.
  solutions_per_draft: int(1, 127),
  learners: z.enum(LEARNERS),
  drafter_reward: z.enum(DRAFTER_REWARDS),
  readout: z.enum(READOUTS),
} satisfies Record<keyof ArmFields, z.ZodType>;

/** Each field's schema, absent meaning Agon's value. */
export const armFieldsShape = {
  training: armFieldTypes.training.default(AGON_FIELDS.training),
  bonus: armFieldTypes.bonus.default(AGON_FIELDS.bonus),
  bonus_weight: armFieldTypes.bonus_weight.default(AGON_FIELDS.bonus_weight),
  roles: armFieldTypes.roles.default(AGON_FIELDS.roles),
  swap_every: armFieldTypes.swap_every.default(AGON_FIELDS.swap_every),
  opponent: armFieldTypes.opponent.default(AGON_FIELDS.opponent),
  solutions_per_draft: armFieldTypes.solutions_per_draft.default(AGON_FIELDS.solutions_per_draft),
  learners: armFieldTypes.learners.default(AGON_FIELDS.learners),
  drafter_reward: armFieldTypes.drafter_reward.default(AGON_FIELDS.drafter_reward),
  readout: armFieldTypes.readout.default(AGON_FIELDS.readout),
};

/** Refuses the fields an arm's other fields leave unread (unreadFields), each at its own path. */
export function refuseUnread(fields: ArmFields, ctx: z.RefinementCtx): void {
  for (const { field, message } of unreadFields(fields)) ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * An arm's fields: strict (an unknown field is refused by name), each absent field Agon's, each
 * value in range, and no field set that the others leave unread.
 */
export const armFieldsSchema = z.object(armFieldsShape).strict().superRefine(refuseUnread, { when: (payload) => payload.issues.length === 0 });

/** What an arm trains, as the runner reads it: nothing, GRPO on A, or an Agon step with its mechanisms. */
export type ArmSpec = { kind: 'base' } | { kind: 'grpo' } | { kind: 'agon'; options: AgonMechanisms };

export function armSpec(fields: TrainingFields): ArmSpec {
  if (fields.training === 'none') return { kind: 'base' };
  if (fields.training === 'grpo') return { kind: 'grpo' };
  return { kind: 'agon', options: mechanismsOf(fields) };
}

/** The training fields alone (an arm's fields less its readout): two arms with the same ones train the same models. */
export function trainingFields(fields: TrainingFields): TrainingFields {
  return { training: fields.training, ...mechanismsOf(fields) };
}
