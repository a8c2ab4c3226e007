/**
 * Arms of the user's own in the config form ("variants"): each a name and every field of an arm
 * (arm-fields.ts), held in the draft's `arms` so that the config, its address and its share link
 * carry them. The config schema checks them; its issues sit at `arms.N.field`.
 */
import { AGON_FIELDS, ARM_FIELD_NAMES, unreadReason, type ArmFields } from '../../core/experiment/arm-fields';
import { methodFields, type MethodName } from '../../core/experiment/methods';
import { setField, withDraft, withoutKey, type ConfigForm } from './config-form';

export type VariantDraft = Partial<ArmFields> & { name?: unknown };

export const variantPath = (index: number, field: keyof ArmFields | 'name') => `arms.${index}.${field}`;

// One empty list, so that a store selector reading no variants returns the same value each time.
const NONE: VariantDraft[] = [];

export function variantsOf(form: ConfigForm): VariantDraft[] {
  return Array.isArray(form.draft.arms) ? (form.draft.arms as VariantDraft[]) : NONE;
}

/** A variant's fields as the form shows them: its own, Agon's where it has none. */
export function variantFields(variant: VariantDraft): ArmFields {
  return { ...AGON_FIELDS, ...Object.fromEntries(ARM_FIELD_NAMES.filter((f) => variant[f] !== undefined).map((f) => [f, variant[f]])) };
}

/** `variant-1`, `variant-2`, ...: the first not taken by another variant. */
export function nextVariantName(variants: readonly VariantDraft[]): string {
  const taken = new Set(variants.map((v) => v.name));
  let n = 1;
  while (taken.has(`variant-${n}`)) n += 1;
  return `variant-${n}`;
}

/** The typed texts, each variant's moved to the index `move` gives it, or dropped where it gives null. */
function moveVariantTexts(texts: Record<string, string>, move: (index: number) => number | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([path, text]) => {
      const m = /^arms\.(\d+)\.(.+)$/.exec(path);
      if (!m) return [[path, text]];
      const index = move(Number(m[1]));
      return index === null ? [] : [[`arms.${index}.${m[2]}`, text]];
    }),
  );
}

function withVariants(form: ConfigForm, variants: VariantDraft[], texts: Record<string, string>): ConfigForm {
  const rest = withoutKey(form.draft, 'arms');
  return withDraft(variants.length === 0 ? rest : { ...rest, arms: variants }, texts);
}

/** A new variant at the end: Agon's fields, under the next free `variant-N`. */
export function addVariant(form: ConfigForm): ConfigForm {
  const variants = variantsOf(form);
  return withVariants(form, [...variants, { name: nextVariantName(variants), ...AGON_FIELDS }], form.texts);
}

export function removeVariant(form: ConfigForm, index: number): ConfigForm {
  const texts = moveVariantTexts(form.texts, (i) => (i === index ? null : i > index ? i - 1 : i));
  return withVariants(form, variantsOf(form).filter((_, i) => i !== index), texts);
}

/** The variant takes every field of a named row (its name stays), as a starting point to edit. */
export function startVariantFrom(form: ConfigForm, index: number, method: MethodName): ConfigForm {
  const variants = variantsOf(form).map((v, i) => (i === index ? { name: v.name, ...methodFields(method) } : v));
  return withVariants(form, variants, moveVariantTexts(form.texts, (i) => (i === index ? null : i)));
}

/**
 * A field the variant's other fields now leave unread goes back to Agon's value (and the form
 * shows it disabled, with the reason), rather than standing as an error the user did not make.
 */
function resetUnread(form: ConfigForm, index: number): ConfigForm {
  const variant = variantsOf(form)[index];
  if (!variant) return form;
  const fields = variantFields(variant);
  const unread = ARM_FIELD_NAMES.filter((f) => fields[f] !== AGON_FIELDS[f] && unreadReason(fields, f) !== null);
  if (unread.length === 0) return form;
  const reset = { ...variant, ...Object.fromEntries(unread.map((f) => [f, AGON_FIELDS[f]])) };
  const texts = Object.fromEntries(Object.entries(form.texts).filter(([p]) => !unread.some((f) => p === variantPath(index, f))));
  return withVariants(form, variantsOf(form).map((v, i) => (i === index ? reset : v)), texts);
}

/** A choice field, or the name (a number field goes through setNumberText at variantPath: no number decides what another field means). */
export function setVariantField(form: ConfigForm, index: number, field: keyof ArmFields | 'name', value: string): ConfigForm {
  return resetUnread(setField(form, variantPath(index, field), value), index);
}
