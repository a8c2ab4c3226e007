/**
 * The base-pair part of the config form. Choosing "pretrain" brings in the pretraining
 * settings with the family's defaults; changing the task moves the step budgets and the
 * batch to that family's (as the completion budget follows the task); picking a preset
 * keeps the base-pair choice (presets choose methods and run length, not the pair).
 */
import { defaultPretrainSettings } from '../../core/experiment/pretrain-settings';

/** Settings whose default depends on the task family. */
const FAMILY_BUDGET_FIELDS = ['trunk_steps', 'fork_steps', 'batch_size'] as const;

type Draft = Record<string, unknown>;

const taskOf = (draft: Draft) => (draft.task === 'code' ? 'code' : 'math');
const isObject = (v: unknown): v is Draft => typeof v === 'object' && v !== null;

/** The draft once `path` was set to `value`, with pretraining settings following; `reset` lists the fields given new defaults (their typed text is stale). */
export function followBasePair(draft: Draft, path: string, value: unknown): { draft: Draft; reset: string[] } {
  if (path === 'base_pair_source' && value === 'pretrain' && draft.pretrain === undefined) {
    return { draft: { ...draft, pretrain: defaultPretrainSettings(taskOf(draft)) }, reset: [] };
  }
  if (path === 'task' && isObject(draft.pretrain)) {
    const defaults = defaultPretrainSettings(taskOf(draft));
    const budgets = Object.fromEntries(FAMILY_BUDGET_FIELDS.map((f) => [f, defaults[f]]));
    return { draft: { ...draft, pretrain: { ...draft.pretrain, ...budgets } }, reset: FAMILY_BUDGET_FIELDS.map((f) => `pretrain.${f}`) };
  }
  return { draft, reset: [] };
}

/** The base-pair fields of a draft, to carry into a form built afresh from a preset. */
export function basePairChoice(draft: Draft): Draft {
  return Object.fromEntries(Object.entries(draft).filter(([k]) => k === 'base_pair_source' || k === 'pretrain' || k === 'base_pair'));
}
