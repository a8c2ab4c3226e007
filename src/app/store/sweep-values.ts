/**
 * A sweep's values as typed ("0, 0.5, 1, 2"): split at commas, numbers for a numeric field,
 * words for a field of named choices. Whether each value suits its field is the config
 * schema's to say; this only refuses what cannot be read as a list at all.
 */
import { AGON_FIELDS, type ArmFields } from '../../core/experiment/arm-fields';

export type SweepValuesParse = { ok: true; values: (number | string)[] } | { ok: false; message: string };

/** The path of the sweep's values; its text is kept as typed (form texts), the draft holds the last list that parsed. */
export const SWEEP_VALUES_PATH = 'sweep.values';

export const isNumericField = (field: keyof ArmFields) => typeof AGON_FIELDS[field] === 'number';

export function parseSweepValues(text: string, field: keyof ArmFields): SweepValuesParse {
  const items = text.split(',').map((item) => item.trim());
  const values: (number | string)[] = [];
  for (const [i, item] of items.entries()) {
    if (item === '') return { ok: false, message: items.length === 1 ? 'list the values, separated by commas (0, 0.5, 1, 2)' : `value ${i + 1} of the list is empty` };
    if (!isNumericField(field)) values.push(item);
    else if (Number.isFinite(Number(item))) values.push(Number(item));
    else return { ok: false, message: `value ${i + 1} of the list is not a number (${JSON.stringify(item)}): ${field} takes numbers` };
  }
  return { ok: true, values };
}

/** The values as the editor shows them when none were typed. */
export const sweepValuesText = (values: readonly (number | string)[]) => values.join(', ');
