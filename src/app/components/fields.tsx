/** Form fields that show the schema's reason next to the field when its value is refused. */
import type { ReactNode } from 'react';
import { getPath, issueFor, numberText, SEEDS_PATH, seedsFieldText } from '../store/config-form';
import { useAppStore } from '../store/app-store';

export const fieldId = (path: string) => `field-${path.replace(/\./g, '-')}`;

export function FieldShell({ path, label, hint, children }: { path: string; label: ReactNode; hint?: string; children: ReactNode }) {
  const issue = useAppStore((s) => issueFor(s.form, path));
  return (
    <div className={issue ? 'field field-invalid' : 'field'}>
      <label htmlFor={fieldId(path)}>{label}</label>
      {children}
      {issue && (
        <span className="field-issue" role="alert" data-testid={`issue-${path}`} id={`${fieldId(path)}-issue`}>
          {issue}
        </span>
      )}
      {hint && <span className="field-hint">{hint}</span>}
    </div>
  );
}

export function NumberField({ path, label, hint, disabled }: { path: string; label: ReactNode; hint?: string; disabled: boolean }) {
  const text = useAppStore((s) => numberText(s.form, path));
  const invalid = useAppStore((s) => issueFor(s.form, path) !== undefined);
  const setNumber = useAppStore((s) => s.setNumber);
  return (
    <FieldShell path={path} label={label} {...(hint ? { hint } : {})}>
      <input
        id={fieldId(path)}
        type="text"
        inputMode="decimal"
        value={text}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${fieldId(path)}-issue` : undefined}
        onChange={(e) => setNumber(path, e.target.value)}
      />
    </FieldShell>
  );
}

export function SelectField({ path, label, options, hint, disabled }: { path: string; label: ReactNode; options: readonly string[]; hint?: string; disabled: boolean }) {
  const value = useAppStore((s) => String(getPath(s.form.draft, path) ?? ''));
  const setField = useAppStore((s) => s.setField);
  return (
    <FieldShell path={path} label={label} {...(hint ? { hint } : {})}>
      <select id={fieldId(path)} value={value} disabled={disabled} onChange={(e) => setField(path, e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Several seeds as "1,2,3": each is a whole run, in turn; the results table pools them. */
export function SeedsField({ disabled }: { disabled: boolean }) {
  const text = useAppStore((s) => seedsFieldText(s.form));
  const invalid = useAppStore((s) => issueFor(s.form, SEEDS_PATH) !== undefined);
  const setSeeds = useAppStore((s) => s.setSeeds);
  const id = fieldId(SEEDS_PATH);
  return (
    <FieldShell path={SEEDS_PATH} label="seeds" hint="1,2,3 runs each in turn; the table pools them">
      <input id={id} type="text" inputMode="numeric" value={text} disabled={disabled} aria-invalid={invalid} aria-describedby={invalid ? `${id}-issue` : undefined} onChange={(e) => setSeeds(e.target.value)} />
    </FieldShell>
  );
}
