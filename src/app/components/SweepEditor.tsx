/**
 * A sweep: one field of an arm tried at several values, each value an arm of its own, every
 * other field from one named row (Agon by default). Shows the arms it makes and the row they are
 * compared with, or what is wrong with it.
 */
import { AGON_FIELDS, ARM_FIELD_NAMES, FIELD_EXPLAIN, unreadReason, type ArmFields } from '../../core/experiment/arm-fields';
import { methodFields, METHOD_SPECS, METHODS, type MethodName } from '../../core/experiment/methods';
import { describeFields } from '../../core/experiment/run-rows';
import { useAppStore } from '../store/app-store';
import { fieldChoices } from '../store/field-choices';
import { addSweep, removeSweep, setSweepBase, setSweepField, setSweepValuesText, sweepBaseMethod, sweepIssues, sweepOf, sweepPreview, type SweepDraft } from '../store/sweep-form';
import { SWEEP_VALUES_PATH, sweepValuesText } from '../store/sweep-values';
import { FieldShell, fieldId } from './fields';

const baseFields = (sweep: SweepDraft): ArmFields => ({ ...AGON_FIELDS, ...sweep.arm });

function FieldPicker({ sweep, disabled }: { sweep: SweepDraft; disabled: boolean }) {
  const editForm = useAppStore((s) => s.editForm);
  return (
    <FieldShell path="sweep.field" label="field to vary" hint={FIELD_EXPLAIN[sweep.field]}>
      <select id={fieldId('sweep.field')} value={sweep.field} disabled={disabled} onChange={(e) => editForm((f) => setSweepField(f, e.target.value as keyof ArmFields))}>
        {ARM_FIELD_NAMES.map((field) => {
          const unread = unreadReason(baseFields(sweep), field);
          return (
            <option key={field} value={field} disabled={unread !== null}>
              {unread ? `${field} (not read: ${unread})` : field}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

function ValuesField({ sweep, disabled }: { sweep: SweepDraft; disabled: boolean }) {
  const text = useAppStore((s) => s.form.texts[SWEEP_VALUES_PATH] ?? sweepValuesText(sweep.values));
  const editForm = useAppStore((s) => s.editForm);
  const choices = fieldChoices(sweep.field);
  return (
    <FieldShell path={SWEEP_VALUES_PATH} label="values" hint={choices ? `separated by commas, from: ${choices.join(', ')}` : 'numbers separated by commas'}>
      <input id={fieldId(SWEEP_VALUES_PATH)} type="text" value={text} disabled={disabled} onChange={(e) => editForm((f) => setSweepValuesText(f, e.target.value))} />
    </FieldShell>
  );
}

function BasePicker({ sweep, disabled }: { sweep: SweepDraft; disabled: boolean }) {
  const editForm = useAppStore((s) => s.editForm);
  const method = sweepBaseMethod(sweep);
  return (
    <div className="field">
      <label htmlFor="sweep-base">other fields from</label>
      <select id="sweep-base" value={method ?? ''} disabled={disabled} onChange={(e) => editForm((f) => setSweepBase(f, e.target.value as MethodName))}>
        {method === null && <option value="">{describeFields(baseFields(sweep))}</option>}
        {METHODS.map((m) => {
          const unread = unreadReason(methodFields(m), sweep.field);
          return (
            <option key={m} value={m} disabled={unread !== null}>
              {METHOD_SPECS[m].label}
              {unread ? ` (leaves ${sweep.field} unread)` : ''}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** Where an issue sits, in words: a value of the list, a shared field, or the sweep as a whole. */
function issuePlace(at: string, sweep: SweepDraft): string {
  const value = /^values\.(\d+)$/.exec(at);
  if (value) return `value ${JSON.stringify(sweep.values[Number(value[1])])}: `;
  return at === '' ? '' : `${at}: `;
}

function Points({ sweep }: { sweep: SweepDraft }) {
  const issues = sweepIssues(useAppStore((s) => s.form.issues)).filter((i) => i.at !== 'values' && i.at !== 'field');
  const preview = sweepPreview(sweep);
  return (
    <div className="sweep-points" data-testid="sweep-points">
      {preview && (
        <>
          <p className="method-explain">
            It adds {preview.points.length} arms, each compared with <strong>{preview.reference}</strong>:
          </p>
          <ul>
            {preview.points.map((p) => (
              <li key={p.name} data-point={p.name}>
                <code>{p.name}</code> <span className="method-explain">{p.line}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {issues.map((i) => (
        <span key={`${i.at} ${i.message}`} className="field-issue" role="alert" data-testid={`issue-sweep.${i.at}`}>
          {issuePlace(i.at, sweep)}
          {i.message}
        </span>
      ))}
    </div>
  );
}

export function SweepEditor({ disabled }: { disabled: boolean }) {
  const sweep = useAppStore((s) => sweepOf(s.form));
  const editForm = useAppStore((s) => s.editForm);
  return (
    <fieldset className="sweep" data-testid="sweep-editor">
      <legend>Sweep</legend>
      <p className="method-explain">Try one field at several values: each value becomes an arm of its own, and the results table compares them.</p>
      {sweep ? (
        <>
          <div className="field-grid">
            <FieldPicker sweep={sweep} disabled={disabled} />
            <ValuesField sweep={sweep} disabled={disabled} />
            <BasePicker sweep={sweep} disabled={disabled} />
          </div>
          <Points sweep={sweep} />
          <button type="button" className="danger" disabled={disabled} onClick={() => editForm(removeSweep)}>
            Remove the sweep
          </button>
        </>
      ) : (
        <button type="button" disabled={disabled} onClick={() => editForm(addSweep)}>
          Add a sweep
        </button>
      )}
    </fieldset>
  );
}
