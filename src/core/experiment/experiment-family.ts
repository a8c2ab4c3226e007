/**
 * The task family an experiment trains and is evaluated on: its task's, with the config's hard
 * split where it names one. A pair made for a hard split of its own (code-premise's
 * three-primitive programs) is measured on the split it was made for.
 */
import { familyByName } from '../tasks/families';
import type { TaskFamily } from '../tasks/task';
import type { ExperimentConfig } from './config';

export function experimentFamily(config: Pick<ExperimentConfig, 'task' | 'hard_difficulties'>): TaskFamily {
  const family = familyByName(config.task);
  return config.hard_difficulties ? { ...family, hardDifficulties: [...config.hard_difficulties] } : family;
}

/**
 * The config a run records for its pair: the pair's hard split filled in where the config names
 * none and the pair was made for other difficulties than its family's (its manifest entry's recipe).
 */
export function withPairHardSplit<C extends Pick<ExperimentConfig, 'task' | 'hard_difficulties'>>(config: C, pairHard: readonly number[] | undefined): C {
  if (config.hard_difficulties !== undefined || pairHard === undefined) return config;
  const own = familyByName(config.task).hardDifficulties;
  const same = pairHard.length === own.length && pairHard.every((d, i) => d === own[i]);
  return same ? config : { ...config, hard_difficulties: [...pairHard] };
}
