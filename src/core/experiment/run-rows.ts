/**
 * The rows of a run and the arms it trains. A row is what the results table shows: a paper's
 * method the config picks, an arm of the config's own, or a point of its sweep; each is a name and
 * a set of fields (arm-fields.ts). Rows with the same training fields read the same trained arm,
 * so it is trained once: a paper's arm keeps its name (results and links name arms by it), any
 * other arm takes the name of the first row that needs it.
 */
import { canonicalJson } from '../canonical-json';
import { AGON_FIELDS, ARM_FIELD_NAMES, armSpec, trainingFields, type ArmFields, type ArmSpec, type TrainingFields } from './arm-fields';
import type { ExperimentConfig } from './config';
import { customArmFields, sweepArms } from './custom-arms';
import { methodFields, METHOD_SPECS, METHODS, NAMED_ARMS, type MethodName } from './methods';

export interface RunRow {
  /** The method's name, or the arm's own. */
  name: string;
  label: string;
  /** One line for the legend and the CLI table. */
  explain: string;
  fields: ArmFields;
  /** The trained arm whose models the row reads out. */
  arm: string;
  /** Which part of the config it comes from. */
  source: 'method' | 'arm' | 'sweep';
}

export interface RunArm {
  name: string;
  spec: ArmSpec;
}

type RowsOf = Pick<ExperimentConfig, 'methods' | 'arms' | 'sweep'>;

const trainingKey = (fields: TrainingFields) => canonicalJson(trainingFields(fields));
const NAMED_BY_KEY = new Map(Object.entries(NAMED_ARMS).map(([name, fields]) => [trainingKey(fields), name]));

export const isMethodName = (name: string): name is MethodName => (METHODS as readonly string[]).includes(name);

/** The fields where an arm differs from Agon, in the form's order. */
export const changedFields = (fields: ArmFields): (keyof ArmFields)[] => ARM_FIELD_NAMES.filter((f) => fields[f] !== AGON_FIELDS[f]);

/** A custom arm's line: the fields where it differs from Agon. */
export function describeFields(fields: ArmFields): string {
  const changed = changedFields(fields).map((f) => `${f} ${fields[f]}`);
  return changed.length === 0 ? "Agon's fields" : `Agon's fields but ${changed.join(', ')}`;
}

/** Every row of a run, in table order: the paper's methods as picked, then the config's arms, then its sweep's points. */
export function runRows(config: RowsOf): RunRow[] {
  const own = [...(config.arms ?? []).map((a) => ({ arm: a, source: 'arm' as const })), ...(config.sweep ? sweepArms(config.sweep) : []).map((a) => ({ arm: a, source: 'sweep' as const }))];
  const rows: Omit<RunRow, 'arm'>[] = [
    ...config.methods.map((m) => ({ name: m, label: METHOD_SPECS[m].label, explain: METHOD_SPECS[m].explain, fields: methodFields(m), source: 'method' as const })),
    ...own.map(({ arm, source }) => {
      const fields = customArmFields(arm);
      return { name: arm.name, label: arm.name, explain: describeFields(fields), fields, source };
    }),
  ];
  const armOf = new Map<string, string>(NAMED_BY_KEY);
  return rows.map((row) => {
    const key = trainingKey(row.fields);
    if (!armOf.has(key)) armOf.set(key, row.name);
    return { ...row, arm: armOf.get(key)! };
  });
}

/** The arms a run trains, in a fixed order: the paper's (base first), then the config's own in row order. */
export function runArms(config: RowsOf): RunArm[] {
  const rows = runRows(config);
  const needed = new Map(rows.map((r) => [r.arm, r.fields]));
  const named = Object.keys(NAMED_ARMS).filter((name) => needed.has(name));
  const own = [...needed.keys()].filter((name) => !Object.hasOwn(NAMED_ARMS, name));
  return [...named, ...own].map((name) => ({ name, spec: armSpec(needed.get(name)!) }));
}

/** A row's label, from its name alone (a paper's method, else the name itself). */
export function rowLabel(name: string): string {
  return isMethodName(name) ? METHOD_SPECS[name].label : name;
}
