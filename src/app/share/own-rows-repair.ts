/**
 * What a link's repair (config-repair.ts) leaves out of the config's own arms and sweep. They have
 * no default to go back to, so a refused part is left out, as small a part as its issue allows: one
 * arm, one value of the sweep, the sweep's reference (its default then applies); the whole list or
 * sweep where the issue is about it whole (1000 arms, a sweep that is not an object). Each is said
 * with the schema's message under its path in the link, its entries counted as the link had them.
 */
import type { z } from 'zod';
import { armNameSchema } from '../../core/experiment/custom-arms';

type Issue = z.core.$ZodIssue;
type IssuePath = readonly PropertyKey[];

export interface LeftOut {
  /** The dotted path of what was left out, as the link had it: 'arms.3', 'sweep.values.1', 'sweep'. */
  path: string;
  /** What it was, in words: 'arm "wide"', 'sweep value 99', 'the sweep'. */
  what: string;
  /** Why: the schema's first issue with it, under its path in the link ('config.arms.3.bonus_weight: Too big: ...'). */
  why: string;
}

/** The lists of the config's own whose entries are left out one at a time. */
export type OwnList = 'arms' | 'sweep.values';

/** The part of the config's own an issue is about: an entry of a list (by its index in the draft), or a field. */
export type OwnTarget = { list: OwnList; index: number } | { field: 'arms' | 'sweep' | 'sweep.reference' };

export const isOwnIssue = (issue: Issue) => issue.path[0] === 'arms' || issue.path[0] === 'sweep';

export function ownTarget(path: IssuePath): OwnTarget {
  if (path[0] === 'arms') return typeof path[1] === 'number' ? { list: 'arms', index: path[1] } : { field: 'arms' };
  if (path[1] === 'values' && typeof path[2] === 'number') return { list: 'sweep.values', index: path[2] };
  return { field: path[1] === 'reference' ? 'sweep.reference' : 'sweep' };
}

/** A list's path in the config. */
export const listPath = (list: OwnList): string[] => list.split('.');

/**
 * The link's index of each entry still in the draft's lists: once an entry is left out, the later
 * ones move up in the draft, and the messages must still name them as the link did.
 */
export class LinkIndices {
  private readonly kept = new Map<OwnList, number[]>();

  of(list: OwnList, index: number): number {
    return this.kept.get(list)?.[index] ?? index;
  }

  /** The entries at `gone` (indices in the draft, whose list has `length` entries) left the draft. */
  drop(list: OwnList, gone: ReadonlySet<number>, length: number): void {
    const now = this.kept.get(list) ?? Array.from({ length }, (_, i) => i);
    this.kept.set(list, now.filter((_, i) => !gone.has(i)));
  }

  /** An issue's path, dotted, with the lists' indices as the link had them. */
  linkPath(path: IssuePath): string {
    const target = ownTarget(path);
    const at = path.map(String);
    if ('list' in target) at[listPath(target.list).length] = String(this.of(target.list, target.index));
    return at.join('.');
  }
}

/** An arm's name where it is one (a safe, short name), for the message; else none. */
function armName(arm: unknown): string | null {
  const name = typeof arm === 'object' && arm !== null ? (arm as { name?: unknown }).name : undefined;
  return armNameSchema.safeParse(name).success ? (name as string) : null;
}

/** A sweep's value where it is a number or a short text, for the message; else none. */
function sweepValue(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.length <= 40 ? JSON.stringify(value) : null;
}

/** `target` in words; `entry` is its value in the draft (an arm, a sweep's value). */
export function ownWhat(target: OwnTarget, entry: unknown): string {
  if ('field' in target) return { arms: 'the arms', sweep: 'the sweep', 'sweep.reference': "the sweep's reference" }[target.field];
  const shown = target.list === 'arms' ? armName(entry) : sweepValue(entry);
  if (target.list === 'arms') return shown === null ? 'an arm' : `arm "${shown}"`;
  return shown === null ? 'a value of the sweep' : `sweep value ${shown}`;
}
