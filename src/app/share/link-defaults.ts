/**
 * The defaults a link's config is repaired against: the page's, plus pretraining settings for
 * the link's task family when the page's have none. So a link that asks to pretrain but lacks
 * (or breaks) its settings gets the ones the form brings in when "pretrain" is picked, and
 * keeps pretraining, rather than losing the choice.
 */
import { experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { defaultPretrainSettings } from '../../core/experiment/pretrain-settings';

/** The link's task family where it names one this app knows, else the page's. */
function taskOf(config: unknown, defaults: ExperimentConfig): ExperimentConfig['task'] {
  const task = typeof config === 'object' && config !== null ? (config as { task?: unknown }).task : undefined;
  const parsed = experimentConfigSchema.shape.task.safeParse(task);
  return parsed.success ? parsed.data : defaults.task;
}

export function linkDefaults(config: unknown, defaults: ExperimentConfig): ExperimentConfig {
  if (defaults.pretrain) return defaults;
  return { ...defaults, pretrain: defaultPretrainSettings(taskOf(config, defaults)) };
}
