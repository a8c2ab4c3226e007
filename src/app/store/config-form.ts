/**
 * The config form: what the user typed (kept as text so a half-typed number stays on
 * screen), the config candidate it makes, and the schema's verdict on it. The same zod
 * schema as the runner decides, so the form refuses exactly what the runner would.
 */
import { canonicalJson } from '../../core/canonical-json';
import { AGON_FIELDS, type ArmFields } from '../../core/experiment/arm-fields';
import { DEFAULT_EXPERIMENT, parseExperimentConfig, type ConfigIssue, type ExperimentConfig } from '../../core/experiment/config';
import { presetFor, PRESETS, type PresetName } from '../../core/experiment/presets';
import { parseSeeds, seedsOf, seedsText, withSeeds } from '../../core/experiment/seeds';
import { completionBudget } from '../../core/tasks/budget';
import { familyByName } from '../../core/tasks/families';
import { basePairChoice, followBasePair } from './pretrain-form';
import { parseSweepValues, SWEEP_VALUES_PATH } from './sweep-values';

export interface ConfigForm {
  /** The candidate config; numeric fields hold whatever the text parsed to. */
  draft: Record<string, unknown>;
  /** Raw text of numeric fields the user edited, by dotted path. */
  texts: Record<string, string>;
  preset: PresetName | 'custom';
  issues: ConfigIssue[];
  config: ExperimentConfig | null;
}

/** The path of the seeds field, which holds several seeds as text ("1,2,3"). */
export const SEEDS_PATH = 'seeds';

/** The seeds field's text, when it was typed and does not parse: the draft keeps the last list that did, so the schema alone would not see it. */
function seedsTextIssue(texts: Record<string, string>): ConfigIssue[] {
  const typed = texts[SEEDS_PATH];
  const parsed = typed === undefined ? null : parseSeeds(typed);
  return parsed && !parsed.ok ? [{ path: SEEDS_PATH, message: parsed.message }] : [];
}

/** The sweep's values, when typed as a list that does not parse: as with the seeds, the draft keeps the last list that did. */
function sweepValuesTextIssue(texts: Record<string, string>, draft: Record<string, unknown>): ConfigIssue[] {
  const typed = texts[SWEEP_VALUES_PATH];
  const field = getPath(draft, 'sweep.field');
  if (typed === undefined || typeof field !== 'string' || !Object.hasOwn(AGON_FIELDS, field)) return [];
  const parsed = parseSweepValues(typed, field as keyof ArmFields);
  return parsed.ok ? [] : [{ path: SWEEP_VALUES_PATH, message: parsed.message }];
}

/** A number typed blank, where the schema would fill in a default (an arm's field): refused as missing, never read as the default unseen. */
function blankTextIssues(texts: Record<string, string>, schemaIssues: readonly ConfigIssue[]): ConfigIssue[] {
  return Object.entries(texts)
    .filter(([path, text]) => path !== SEEDS_PATH && path !== SWEEP_VALUES_PATH && text.trim() === '' && !schemaIssues.some((i) => i.path === path))
    .map(([path]) => ({ path, message: 'required' }));
}

function validated(draft: Record<string, unknown>, texts: Record<string, string>, preset: ConfigForm['preset']): ConfigForm {
  const parsed = parseExperimentConfig(draft);
  const schemaIssues = parsed.ok ? [] : parsed.issues;
  const issues = [...seedsTextIssue(texts), ...sweepValuesTextIssue(texts, draft), ...blankTextIssues(texts, schemaIssues), ...schemaIssues];
  return parsed.ok && issues.length === 0 ? { draft, texts, preset, issues: [], config: parsed.config } : { draft, texts, preset, issues, config: null };
}

/** A preset for a task, with the completion budget the task's layout needs; `basePair` keeps an earlier base-pair choice. */
/**
 * The form of a preset on the form's task and base pair; a preset made for one pair (the lecture
 * sweep on the paper-premise pair) brings its own pair and task instead.
 */
export function formFromPreset(preset: PresetName, task: 'math' | 'code', basePair: Record<string, unknown> = {}): ConfigForm {
  const ownPair = PRESETS[preset].base_pair !== DEFAULT_EXPERIMENT.base_pair;
  const family = familyByName(ownPair ? PRESETS[preset].task : task);
  return validated({ ...(structuredClone(presetFor(preset, family.name, completionBudget(family))) as Record<string, unknown>), ...(ownPair ? {} : basePair) }, {}, preset);
}

/** A form holding `config` exactly (one opened from a share link), named after the preset it equals, if any. */
export function formFromConfig(config: ExperimentConfig): ConfigForm {
  const same = (p: PresetName) => canonicalJson(formFromPreset(p, config.task, basePairChoice(config)).config) === canonicalJson(config);
  const preset = (Object.keys(PRESETS) as PresetName[]).find(same) ?? 'custom';
  return validated(structuredClone(config) as Record<string, unknown>, {}, preset);
}

/** A copy of `obj` with `path` set; a list on the way (an arm at `arms.0`) stays a list. */
function setPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const inner = rest.length === 0 ? value : setPath((obj[head] ?? {}) as Record<string, unknown>, rest.join('.'), value);
  if (!Array.isArray(obj)) return { ...obj, [head]: inner };
  const list: unknown[] = [...(obj as unknown[])];
  list[Number(head)] = inner;
  return list as unknown as Record<string, unknown>;
}

export function getPath(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** A copy of `draft` without the top-level `key` (a config leaves an optional part out rather than empty). */
export function withoutKey(draft: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(draft).filter(([k]) => k !== key));
}

/** The form holding an edited draft and texts, checked (and no longer a preset). */
export function withDraft(draft: Record<string, unknown>, texts: Record<string, string>): ConfigForm {
  return validated(draft, texts, 'custom');
}

/** The fields that choose the base pair. */
const PAIR_FIELDS = ['task', 'base_pair', 'base_pair_source'];

function edit(form: ConfigForm, path: string, value: unknown, texts: Record<string, string>): ConfigForm {
  let draft = setPath(form.draft, path, value);
  // The completion budget follows the task family's fixed layout.
  if (path === 'task' && (value === 'math' || value === 'code')) draft = setPath(draft, 'rl.max_completion_length', completionBudget(familyByName(value)));
  // A hard split belongs to the pair it was made for: a run on another pair (or task) takes that pair's own.
  if (PAIR_FIELDS.includes(path)) draft = withoutKey(draft, 'hard_difficulties');
  const followed = followBasePair(draft, path, value);
  return withDraft(followed.draft, Object.fromEntries(Object.entries(texts).filter(([p]) => !followed.reset.includes(p))));
}

export function setField(form: ConfigForm, path: string, value: unknown): ConfigForm {
  return edit(form, path, value, form.texts);
}

/** A number field: blank stays blank (and is refused as missing), anything else goes through Number(). */
export function setNumberText(form: ConfigForm, path: string, text: string): ConfigForm {
  return edit(form, path, text.trim() === '' ? undefined : Number(text), { ...form.texts, [path]: text });
}

/** The seeds field ("1,2,3"), kept as typed; a list that parses sets `seed` and `seeds` (seeds.ts). */
export function setSeedsText(form: ConfigForm, text: string): ConfigForm {
  const parsed = parseSeeds(text);
  const draft = parsed.ok ? (withSeeds(form.draft as { seed: number; seeds?: number[] }, parsed.seeds) as Record<string, unknown>) : form.draft;
  return validated(draft, { ...form.texts, [SEEDS_PATH]: text }, 'custom');
}

export function seedsFieldText(form: ConfigForm): string {
  const typed = form.texts[SEEDS_PATH];
  if (typed !== undefined) return typed;
  const { seed, seeds } = form.draft;
  return typeof seed === 'number' ? seedsText(seedsOf({ seed, ...(Array.isArray(seeds) ? { seeds: seeds as number[] } : {}) })) : '';
}

export function numberText(form: ConfigForm, path: string): string {
  const typed = form.texts[path];
  if (typed !== undefined) return typed;
  const v = getPath(form.draft, path);
  return typeof v === 'number' ? String(v) : '';
}

/** The first issue for a field, if any. */
export function issueFor(form: ConfigForm, path: string): string | undefined {
  const message = form.issues.find((i) => i.path === path)?.message;
  if (message?.includes('received undefined')) return 'required';
  if (message?.includes('received NaN')) return 'must be a number';
  return message;
}
