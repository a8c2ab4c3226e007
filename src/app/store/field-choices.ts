/** The named choices of an arm's field (its schema's enum), or null for a number field. */
import { armFieldTypes, type ArmFields } from '../../core/experiment/arm-fields';

export function fieldChoices(field: keyof ArmFields): readonly string[] | null {
  const type = armFieldTypes[field];
  return 'options' in type ? (type.options as readonly string[]) : null;
}
