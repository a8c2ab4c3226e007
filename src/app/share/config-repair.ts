/**
 * Keeps the valid part of a config from a link. The same zod schema as the form and the
 * runner decides; each field it refuses is reset to the default (or dropped, where the
 * default has no such field), unknown fields are dropped, and both lists are reported.
 * Written against the schema's issues rather than a field list, so new optional fields
 * of the schema need no change here.
 */
import { experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';

export interface RepairedConfig {
  config: ExperimentConfig;
  /** Dotted paths of fields that were refused and reset (or dropped); ['*'] when nothing was usable. */
  reset: string[];
  /** Dotted paths of fields this app does not know (dropped). */
  ignored: string[];
}

/** Rounds of reset-and-revalidate: a reset can expose a cross-field rule (pass_k <= eval_samples). */
const MAX_ROUNDS = 4;

type Json = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function valueAt(obj: unknown, path: readonly string[]): unknown {
  let at = obj;
  for (const key of path) at = isPlainObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return at;
}

/** A copy of `obj` with `path` set to `value`, or removed when `value` is undefined. */
function withPath(obj: Json, path: readonly string[], value: unknown): Json {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  const copy = { ...obj };
  if (rest.length > 0) copy[head] = withPath(isPlainObject(obj[head]) ? obj[head] : {}, rest, value);
  else if (value === undefined) delete copy[head];
  else copy[head] = structuredClone(value);
  return copy;
}

/** The field an issue is about: the path cut where the defaults stop being a nested object (an array is reset whole). */
function fieldOf(issuePath: readonly PropertyKey[], defaults: ExperimentConfig): string[] {
  const path: string[] = [];
  for (const key of issuePath) {
    path.push(String(key));
    if (!isPlainObject(valueAt(defaults, path))) break;
  }
  return path;
}

export function repairConfig(input: unknown, defaults: ExperimentConfig): RepairedConfig {
  if (!isPlainObject(input)) return { config: defaults, reset: ['*'], ignored: [] };
  let draft: Json = input;
  const reset = new Set<string>();
  const ignored = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = experimentConfigSchema.safeParse(draft);
    if (parsed.success) return { config: parsed.data, reset: [...reset], ignored: [...ignored] };
    // Field checks first: a cross-field rule (zod "custom" issue) may only be failing
    // because of a broken field (eval_every vs a negative steps), and must not blame its partner.
    const fieldIssues = parsed.error.issues.filter((i) => i.code !== 'custom');
    for (const issue of fieldIssues.length > 0 ? fieldIssues : parsed.error.issues) {
      const path = issue.path.map(String);
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          ignored.add([...path, key].join('.'));
          draft = withPath(draft, [...path, key], undefined);
        }
        continue;
      }
      const field = fieldOf(issue.path, defaults);
      if (field.length === 0) return { config: defaults, reset: ['*'], ignored: [] };
      reset.add(field.join('.'));
      draft = withPath(draft, field, valueAt(defaults, field));
    }
  }
  return { config: defaults, reset: ['*'], ignored: [] };
}
