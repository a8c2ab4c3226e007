/**
 * Arms of the user's own beside the paper's methods: each is Agon with the fields you change
 * (or any method's fields, to start from), and runs, plots and shares like a method.
 */
import { MAX_CUSTOM_ARMS } from '../../core/experiment/custom-arms';
import { useAppStore } from '../store/app-store';
import { addVariant, variantsOf } from '../store/variant-form';
import { VariantForm } from './VariantForm';

/** Issues about the arms as a whole or one arm at once (too many, an unknown field from a link), not about one field. */
const armLevel = (path: string) => path === 'arms' || /^arms\.\d+$/.test(path);

export function Variants({ disabled }: { disabled: boolean }) {
  const variants = useAppStore((s) => variantsOf(s.form));
  const allIssues = useAppStore((s) => s.form.issues);
  const editForm = useAppStore((s) => s.editForm);
  const issues = allIssues.filter((i) => armLevel(i.path));
  return (
    <fieldset className="variants" data-testid="variants">
      <legend>Variants of your own</legend>
      <p className="method-explain">Agon with any of its fields changed (or any method above, to start from): it trains, plots and shares like a method.</p>
      {variants.map((variant, i) => (
        <VariantForm key={i} index={i} variant={variant} disabled={disabled} />
      ))}
      {issues.map((issue) => (
        <span key={`${issue.path} ${issue.message}`} className="field-issue" role="alert" data-testid={`issue-${issue.path}`}>
          {issue.path === 'arms' ? '' : `variant ${Number(issue.path.split('.')[1]) + 1}: `}
          {issue.message}
        </span>
      ))}
      <button type="button" disabled={disabled || variants.length >= MAX_CUSTOM_ARMS} onClick={() => editForm(addVariant)}>
        Add a variant
      </button>
    </fieldset>
  );
}
