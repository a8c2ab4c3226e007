/**
 * A config's arms of its own, beside the paper's methods: each a name and the fields where it
 * differs from Agon (arm-fields.ts). And a sweep: one field varied over a list of values, making
 * one arm per value, named `field=value` (or `name=value`).
 */
import { z } from 'zod';
import { AGON_FIELDS, ARM_FIELD_NAMES, armFieldsSchema, armFieldsShape, armFieldTypes, refuseUnread, type ArmFields } from './arm-fields';

export const MAX_CUSTOM_ARMS = 32;
export const MAX_SWEEP_VALUES = 16;

/** Names go into file names, CSV headers and links: a small alphabet, and short. */
export const armNameSchema = z
  .string()
  .min(1, 'give it a name')
  .max(48, 'at most 48 characters')
  .regex(/^[a-z0-9][a-z0-9._=-]*$/, 'use lower-case letters, digits and . _ = - (starting with a letter or a digit)');

const fieldsOf = (from: ArmFields): ArmFields => Object.fromEntries(ARM_FIELD_NAMES.map((f) => [f, from[f]])) as unknown as ArmFields;

export const customArmSchema = z
  .object({ name: armNameSchema, ...armFieldsShape })
  .strict()
  .superRefine((arm, ctx) => refuseUnread(fieldsOf(arm), ctx), { when: (payload) => payload.issues.length === 0 });

export type CustomArm = z.infer<typeof customArmSchema>;

/** A list counted before its items are read, so that 1000 items get one message rather than a thousand. */
const atMost = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z
    .array(z.unknown())
    .max(max, { error: (issue) => `at most ${max} ${what} (${Array.isArray(issue.input) ? issue.input.length : 'more'} given)` })
    .pipe(z.array(item));

export const customArmsSchema = atMost(customArmSchema, MAX_CUSTOM_ARMS, 'arms of your own');

const sweepValue = z.union([z.number(), z.string().max(40)]);

/**
 * A sweep: `field` takes each of `values` in turn, the other fields from `arm` (absent: Agon's).
 * Each point is checked as an arm; its issue sits on its value.
 */
export const sweepSchema = z
  .object({
    field: z.enum(ARM_FIELD_NAMES as [keyof ArmFields, ...(keyof ArmFields)[]]),
    values: atMost(sweepValue, MAX_SWEEP_VALUES, 'values').refine((v) => v.length >= 2, 'a sweep needs two values or more'),
    /** The fields every point shares. */
    arm: z.object(armFieldTypes).partial().strict().default({}),
    /** The points' names are `name=value`; absent, the field's name. */
    name: armNameSchema.optional(),
    /** The row each point is compared with (paired over the problems and seeds); absent, see sweepReference. */
    reference: z.string().max(48).optional(),
  })
  .strict()
  .superRefine((sweep, ctx) => {
    // Each point's value is checked here as its field (the values' schema takes any number or short text).
    if (sweep.arm[sweep.field] !== undefined) ctx.addIssue({ code: 'custom', path: ['arm', sweep.field], message: `the sweep sets ${sweep.field} (to each of its values)` });
    const seen = new Set<string>();
    sweep.values.forEach((value, i) => {
      const key = JSON.stringify(value);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['values', i], message: `${key} is listed twice` });
      seen.add(key);
      const point = armFieldsSchema.safeParse({ ...sweep.arm, [sweep.field]: value });
      for (const issue of point.success ? [] : point.error.issues) {
        const at = issue.path.join('.') || '(the arm)';
        ctx.addIssue({ code: 'custom', path: ['values', i], message: at === sweep.field ? `${sweep.field}: ${issue.message}` : `with ${sweep.field} ${key}, ${at}: ${issue.message}` });
      }
    });
  }, { when: (payload) => payload.issues.length === 0 });

export type Sweep = z.infer<typeof sweepSchema>;

export const sweepPointName = (sweep: Pick<Sweep, 'field' | 'name'>, value: number | string) => `${sweep.name ?? sweep.field}=${value}`;

/** One arm per value, in the order of the values. */
export function sweepArms(sweep: Sweep): CustomArm[] {
  return sweep.values.map((value) => ({ name: sweepPointName(sweep, value), ...armFieldsSchema.parse({ ...sweep.arm, [sweep.field]: value }) }));
}

/**
 * The row a sweep's points are compared with: its `reference`, else the point at Agon's value of
 * the field (bonus_weight=1 in a sweep of the bonus weight), else its first point.
 */
export function sweepReference(sweep: Sweep): string {
  if (sweep.reference !== undefined) return sweep.reference;
  const agon = sweep.values.find((v) => v === AGON_FIELDS[sweep.field]);
  return sweepPointName(sweep, agon ?? sweep.values[0]!);
}

/** An arm's fields without its name. */
export function customArmFields(arm: CustomArm): ArmFields {
  return fieldsOf(arm);
}
