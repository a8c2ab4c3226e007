/** One variant of the user's own: its name, a named row to start from, every field of an arm, and a button to remove it. */
import { ARM_FIELD_NAMES } from '../../core/experiment/arm-fields';
import { METHOD_SPECS, METHODS, type MethodName } from '../../core/experiment/methods';
import { describeFields } from '../../core/experiment/run-rows';
import { ownRowColor } from '../charts/colors';
import { useAppStore } from '../store/app-store';
import { removeVariant, setVariantField, startVariantFrom, variantFields, variantPath, type VariantDraft } from '../store/variant-form';
import { FieldShell, fieldId } from './fields';
import { VariantField } from './VariantField';

function StartFrom({ index, disabled }: { index: number; disabled: boolean }) {
  const editForm = useAppStore((s) => s.editForm);
  const id = `variant-${index}-start`;
  return (
    <div className="field">
      <label htmlFor={id}>start from</label>
      <select id={id} value="" disabled={disabled} onChange={(e) => editForm((f) => startVariantFrom(f, index, e.target.value as MethodName))}>
        <option value="">copy the fields of…</option>
        {METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_SPECS[m].label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function VariantForm({ index, variant, disabled }: { index: number; variant: VariantDraft; disabled: boolean }) {
  const editForm = useAppStore((s) => s.editForm);
  const fields = variantFields(variant);
  const name = typeof variant.name === 'string' ? variant.name : '';
  const namePath = variantPath(index, 'name');
  return (
    <fieldset className="variant" data-testid={`variant-${index}`} data-name={name}>
      <legend>
        <span className="dot" style={{ background: ownRowColor(index) }} />
        {name || 'a variant without a name'}
      </legend>
      <div className="variant-head">
        <FieldShell path={namePath} label="name" hint="the results table and the legend show it">
          <input id={fieldId(namePath)} type="text" value={name} disabled={disabled} onChange={(e) => editForm((f) => setVariantField(f, index, 'name', e.target.value))} />
        </FieldShell>
        <StartFrom index={index} disabled={disabled} />
      </div>
      <p className="method-explain" data-testid="variant-line">
        {describeFields(fields)}
      </p>
      <div className="field-grid variant-fields">
        {ARM_FIELD_NAMES.map((field) => (
          <VariantField key={field} index={index} field={field} fields={fields} disabled={disabled} />
        ))}
      </div>
      <button type="button" className="danger" disabled={disabled} onClick={() => editForm((f) => removeVariant(f, index))}>
        Remove {name || 'this variant'}
      </button>
    </fieldset>
  );
}
