/**
 * One field of a variant: a list for a field of named choices, a number box otherwise, with what
 * the field does underneath. A field the variant's other fields leave unread is disabled and says
 * why (variant-form.ts has put it back to Agon's value).
 */
import { FIELD_EXPLAIN, unreadReason, type ArmFields } from '../../core/experiment/arm-fields';
import { useAppStore } from '../store/app-store';
import { fieldChoices } from '../store/field-choices';
import { setVariantField, variantPath } from '../store/variant-form';
import { FieldShell, fieldId, NumberField } from './fields';

export function VariantField({ index, field, fields, disabled }: { index: number; field: keyof ArmFields; fields: ArmFields; disabled: boolean }) {
  const editForm = useAppStore((s) => s.editForm);
  const path = variantPath(index, field);
  const unread = unreadReason(fields, field);
  const hint = unread ? `Not read here: ${unread}. ${FIELD_EXPLAIN[field]}` : FIELD_EXPLAIN[field];
  const label = <code className="gname">{field}</code>;
  const choices = fieldChoices(field);
  if (!choices) return <NumberField path={path} label={label} hint={hint} disabled={disabled || unread !== null} />;
  return (
    <FieldShell path={path} label={label} hint={hint}>
      <select id={fieldId(path)} value={String(fields[field])} disabled={disabled || unread !== null} onChange={(e) => editForm((f) => setVariantField(f, index, field, e.target.value))}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
