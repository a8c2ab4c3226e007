/**
 * A sweep in the config form: one field of an arm over a list of values, the other fields from
 * a named row (Agon's by default), held in the draft's `sweep` so that the config, its address
 * and its share link carry it. The config schema checks every point; its issues sit under `sweep`.
 */
import { AGON_FIELDS, ARM_FIELD_NAMES, type ArmFields } from '../../core/experiment/arm-fields';
import type { ConfigIssue } from '../../core/experiment/config';
import { sweepArms, sweepPointName, sweepReference, sweepSchema, type Sweep } from '../../core/experiment/custom-arms';
import { methodFields, METHODS, type MethodName } from '../../core/experiment/methods';
import { describeFields } from '../../core/experiment/run-rows';
import { withDraft, withoutKey, type ConfigForm } from './config-form';
import { fieldChoices } from './field-choices';
import { parseSweepValues, SWEEP_VALUES_PATH } from './sweep-values';

export interface SweepDraft {
  field: keyof ArmFields;
  values: (number | string)[];
  arm: Partial<ArmFields>;
  /** The points' names before the `=` (absent: the field's); a preset or a link may set it, the editor does not. */
  name?: string;
  /** The row the points are compared with (absent: sweepReference's choice); likewise. */
  reference?: string;
}

/** The values a new sweep of each number field starts with (every choice, for a field of named choices). */
const NUMBER_STARTS: Partial<Record<keyof ArmFields, number[]>> = {
  bonus_weight: [0, 0.5, 1, 2],
  swap_every: [1, 2, 4],
  solutions_per_draft: [1, 3],
};

export const startValues = (field: keyof ArmFields): (number | string)[] => [...(fieldChoices(field) ?? NUMBER_STARTS[field] ?? [AGON_FIELDS[field]])];

export function sweepOf(form: ConfigForm): SweepDraft | null {
  const sweep = form.draft.sweep;
  return sweep && typeof sweep === 'object' ? (sweep as SweepDraft) : null;
}

const textsOutsideSweep = (texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).filter(([p]) => !p.startsWith('sweep.')));

function withSweep(form: ConfigForm, sweep: SweepDraft | null, texts: Record<string, string>): ConfigForm {
  const rest = withoutKey(form.draft, 'sweep');
  return withDraft(sweep ? { ...rest, sweep } : rest, texts);
}

export const addSweep = (form: ConfigForm): ConfigForm => withSweep(form, { field: 'bonus_weight', values: startValues('bonus_weight'), arm: {} }, form.texts);

export const removeSweep = (form: ConfigForm): ConfigForm => withSweep(form, null, textsOutsideSweep(form.texts));

/** Another field to sweep: its starting values, and the shared fields without it; the points' name and reference were the old field's, so they go. */
export function setSweepField(form: ConfigForm, field: keyof ArmFields): ConfigForm {
  const sweep = sweepOf(form);
  if (!sweep) return form;
  const arm = withoutKey(sweep.arm, field) as Partial<ArmFields>;
  return withSweep(form, { field, values: startValues(field), arm }, textsOutsideSweep(form.texts));
}

/** The sweep without a reference that names one of its own points no longer among the values (a reference to another row stays). */
function keepReference(sweep: SweepDraft): SweepDraft {
  const { reference } = sweep;
  const ownPoint = reference !== undefined && reference.startsWith(`${sweep.name ?? sweep.field}=`);
  if (!ownPoint || sweep.values.some((v) => sweepPointName(sweep, v) === reference)) return sweep;
  return withoutKey(sweep as unknown as Record<string, unknown>, 'reference') as unknown as SweepDraft;
}

/** The values as typed ("0, 0.5, 1"); a list that does not parse is refused on the field (config-form.ts) and the draft keeps the last one that did. */
export function setSweepValuesText(form: ConfigForm, text: string): ConfigForm {
  const sweep = sweepOf(form);
  if (!sweep) return form;
  const parsed = parseSweepValues(text, sweep.field);
  return withSweep(form, parsed.ok ? keepReference({ ...sweep, values: parsed.values }) : sweep, { ...form.texts, [SWEEP_VALUES_PATH]: text });
}

/** Where a named row's fields differ from Agon's, less the swept field: what the points share. */
export function baseFieldsOf(method: MethodName, swept: keyof ArmFields): Partial<ArmFields> {
  const fields = methodFields(method);
  return Object.fromEntries(ARM_FIELD_NAMES.filter((f) => f !== swept && fields[f] !== AGON_FIELDS[f]).map((f) => [f, fields[f]]));
}

export function setSweepBase(form: ConfigForm, method: MethodName): ConfigForm {
  const sweep = sweepOf(form);
  return sweep ? withSweep(form, { ...sweep, arm: baseFieldsOf(method, sweep.field) }, form.texts) : form;
}

/** The named row whose fields the points share, or null when the shared fields are no row's (a link may carry any). */
export function sweepBaseMethod(sweep: SweepDraft): MethodName | null {
  const same = (a: Partial<ArmFields>, b: Partial<ArmFields>) => ARM_FIELD_NAMES.every((f) => (a[f] ?? AGON_FIELDS[f]) === (b[f] ?? AGON_FIELDS[f]));
  return METHODS.find((m) => same(baseFieldsOf(m, sweep.field), sweep.arm)) ?? null;
}

export interface SweepPreview {
  points: { name: string; line: string }[];
  /** The row each point is compared with. */
  reference: string;
}

/** The arms the sweep makes, when its own fields pass the schema (the form shows the issues otherwise). */
export function sweepPreview(sweep: SweepDraft): SweepPreview | null {
  const parsed = sweepSchema.safeParse(sweep);
  if (!parsed.success) return null;
  const valid: Sweep = parsed.data;
  return { points: sweepArms(valid).map((arm) => ({ name: arm.name, line: describeFields(arm) })), reference: sweepReference(valid) };
}

/** Every issue of the sweep among a form's issues, its path without the leading `sweep.` (`values.2`, `arm.bonus`). */
export function sweepIssues(issues: readonly ConfigIssue[]): { at: string; message: string }[] {
  return issues.filter((i) => i.path === 'sweep' || i.path.startsWith('sweep.')).map((i) => ({ at: i.path.replace(/^sweep\.?/, ''), message: i.message }));
}
