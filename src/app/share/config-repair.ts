/**
 * Keeps the valid part of a config from a link. The same zod schema as the form and the
 * runner decides; each field it refuses is reset to the default (or dropped, where the
 * default has no such field), unknown fields are dropped, and both lists are reported.
 * The config's own arms and sweep are the exception: what the schema refuses of them is left
 * out, one arm or one value of the sweep at a time, and said with why (own-rows-repair.ts).
 * Written against the schema's issues rather than a field list, so new optional fields
 * of the schema need no change here. A cross-field rule first resets the field its issue
 * sits on, then, if the rule still fails, the partners its `params.partners` names.
 * Each round copies the draft a bounded number of times (once per unknown-keys issue, once
 * per field, unknown keys dropped first), so the work grows linearly with the size of the
 * link, however many keys it has (one copy per unknown key took 4 s for 5,100 keys).
 */
import type { z } from 'zod';
import { experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { isOwnIssue, LinkIndices, listPath, ownTarget, ownWhat, type LeftOut, type OwnList, type OwnTarget } from './own-rows-repair';

export interface RepairedConfig {
  config: ExperimentConfig;
  /** Dotted paths of fields that were refused and reset (or dropped, the left-out parts too); ['*'] when nothing was usable. */
  reset: string[];
  /** Dotted paths of fields this app does not know (dropped). */
  ignored: string[];
  /** The parts of the config's own arms and sweep that were refused and left out, each with why. */
  leftOut: LeftOut[];
}

/** The entries the repair copied: a test checks they grow linearly with the input. */
export interface RepairWork {
  copied: number;
}

/**
 * Rounds of reset-and-revalidate: fields, then a rule's own field, then its partners, then what
 * that exposes; the rules on the rows (names, compute parity, the sweep's reference) come last,
 * and what they leave out may leave a sweep too short or no row at all.
 */
const MAX_ROUNDS = 8;

type Json = Record<string, unknown>;
type Issue = z.core.$ZodIssue;

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An object or a list: the arms are a list of objects. */
const isNode = (v: unknown): v is Json => typeof v === 'object' && v !== null;

function valueAt(obj: unknown, path: readonly string[]): unknown {
  let at = obj;
  for (const key of path) at = isNode(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return at;
}

/** A copy of `obj` with `path` set to `value`, or removed when `value` is undefined. */
function withPath(obj: Json, path: readonly string[], value: unknown, work: RepairWork): Json {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  const copy = (Array.isArray(obj) ? [...obj] : { ...obj }) as Json;
  work.copied += Object.keys(copy).length;
  if (rest.length > 0) copy[head] = withPath(isNode(obj[head]) ? obj[head] : {}, rest, value, work);
  else if (value === undefined) delete copy[head];
  else copy[head] = structuredClone(value);
  return copy;
}

/** A copy of `obj` without `keys` in the object at `path`: one copy for all of them (one per key made 5,000 keys take seconds). */
function withoutKeys(obj: Json, path: readonly string[], keys: readonly string[], work: RepairWork): Json {
  const target = valueAt(obj, path);
  if (!isPlainObject(target)) return obj;
  const drop = new Set(keys);
  const entries = Object.entries(target);
  work.copied += entries.length;
  const kept = Object.fromEntries(entries.filter(([key]) => !drop.has(key)));
  return path.length === 0 ? kept : withPath(obj, path, kept, work);
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

/** The fields a cross-field rule reads besides the one its issue sits on (see the schema's `params.partners`). */
function partnersOf(issue: Issue): string[][] {
  const partners: unknown = issue.code === 'custom' ? issue.params?.partners : undefined;
  return Array.isArray(partners) ? partners.filter((p): p is string => typeof p === 'string').map((p) => p.split('.')) : [];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The draft being repaired, with the fields dropped and reset on the way. */
class Repair {
  constructor(
    public draft: Json,
    private readonly defaults: ExperimentConfig,
    private readonly work: RepairWork,
    readonly reset = new Set<string>(),
    readonly ignored = new Set<string>(),
    readonly leftOut: LeftOut[] = [],
    private readonly indices = new LinkIndices(),
  ) {}

  dropUnknown(issue: Issue & { code: 'unrecognized_keys' }): void {
    const path = issue.path.map(String);
    const named = isOwnIssue(issue) ? this.indices.linkPath(issue.path) : path.join('.');
    for (const key of issue.keys) this.ignored.add(named ? `${named}.${key}` : key);
    this.draft = withoutKeys(this.draft, path, issue.keys, this.work);
  }

  /**
   * Leaves out what `issues` (about the config's own arms and sweep) refuse, each part once with
   * its first issue; a whole list or sweep left out takes its entries with it.
   */
  leaveOut(issues: readonly Issue[]): void {
    for (const issue of issues) if (issue.code === 'unrecognized_keys') this.dropUnknown(issue);
    const parts = new Map<string, { target: OwnTarget; issue: Issue }>();
    for (const issue of issues) {
      if (issue.code === 'unrecognized_keys') continue;
      const target = ownTarget(issue.path);
      const key = 'list' in target ? `${target.list}.${target.index}` : target.field;
      if (!parts.has(key)) parts.set(key, { target, issue });
    }
    const covered = (t: OwnTarget) => ('list' in t ? parts.has(t.list === 'arms' ? 'arms' : 'sweep') : t.field === 'sweep.reference' && parts.has('sweep'));
    const gone: Record<OwnList, Set<number>> = { arms: new Set(), 'sweep.values': new Set() };
    for (const { target, issue } of parts.values()) {
      if (covered(target)) continue;
      const path = 'list' in target ? `${target.list}.${this.indices.of(target.list, target.index)}` : target.field;
      const entry = 'list' in target ? valueAt(this.draft, [...listPath(target.list), String(target.index)]) : undefined;
      this.leftOut.push({ path, what: ownWhat(target, entry), why: `config.${this.indices.linkPath(issue.path)}: ${issue.message}` });
      this.reset.add(path);
      if ('list' in target) gone[target.list].add(target.index);
      else this.draft = withPath(this.draft, target.field.split('.'), undefined, this.work);
    }
    for (const list of ['arms', 'sweep.values'] as const) this.dropEntries(list, gone[list]);
  }

  /** The draft without the entries at `gone` of `list` (one copy for all of them). */
  private dropEntries(list: OwnList, gone: ReadonlySet<number>): void {
    const entries = valueAt(this.draft, listPath(list));
    if (gone.size === 0 || !Array.isArray(entries)) return;
    this.indices.drop(list, gone, entries.length);
    this.work.copied += entries.length;
    this.draft = withPath(this.draft, listPath(list), entries.filter((_, i) => !gone.has(i)), this.work);
  }

  /** Resets `field` to its default; false when it already holds it (so resetting it cannot help). */
  resetField(field: readonly string[]): boolean {
    const fallback = valueAt(this.defaults, field);
    if (sameValue(valueAt(this.draft, field), fallback)) return false;
    this.reset.add(field.join('.'));
    this.draft = withPath(this.draft, field, fallback, this.work);
    return true;
  }

  /** A rule's own field first; if that already holds its default, the partners the rule names. */
  resetRule(issue: Issue): void {
    if (this.resetField(fieldOf(issue.path, this.defaults))) return;
    for (const partner of partnersOf(issue)) this.resetField(fieldOf(partner, this.defaults));
  }
}

/** The valid part of `input`, `defaults` for the rest; `work` counts the copying it took. */
export function repairConfig(input: unknown, defaults: ExperimentConfig, work: RepairWork = { copied: 0 }): RepairedConfig {
  const nothingUsable: RepairedConfig = { config: defaults, reset: ['*'], ignored: [], leftOut: [] };
  if (!isPlainObject(input)) return nothingUsable;
  const repair = new Repair(input, defaults, work);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = experimentConfigSchema.safeParse(repair.draft);
    if (parsed.success) return { config: parsed.data, reset: [...repair.reset], ignored: [...repair.ignored], leftOut: repair.leftOut };
    // The config's own arms and sweep in every round: what is refused of them is theirs alone.
    const own = parsed.error.issues.filter(isOwnIssue);
    if (own.length > 0) repair.leaveOut(own);
    const issues = parsed.error.issues.filter((i) => !isOwnIssue(i));
    if (issues.length === 0) continue;
    // Field checks first: a cross-field rule (zod "custom" issue) may only be failing
    // because of a broken field (eval_every vs a negative steps), and must not blame its partner.
    const fieldIssues = issues.filter((i) => i.code !== 'custom');
    if (fieldIssues.length === 0) {
      for (const issue of issues) repair.resetRule(issue);
      continue;
    }
    // Unknown keys first, so the field resets copy a draft without them.
    for (const issue of fieldIssues) if (issue.code === 'unrecognized_keys') repair.dropUnknown(issue);
    // One reset per field, however many issues it has (a list of 5,000 bad methods is one field).
    const fields = new Map<string, string[]>();
    for (const issue of fieldIssues) {
      if (issue.code === 'unrecognized_keys') continue;
      const field = fieldOf(issue.path, defaults);
      if (field.length === 0) return nothingUsable;
      fields.set(field.join('.'), field);
    }
    for (const field of fields.values()) repair.resetField(field);
  }
  return nothingUsable;
}
