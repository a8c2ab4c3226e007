/**
 * The run state that draws results received with a link: nothing ran here, so the run is idle
 * and has no rounds. Of several seeds, the finished ones are pooled and the last is on screen.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import type { ExperimentResult } from '../../core/experiment/result';
import { initialRunState, type RunState } from '../store/run-state';

export function receivedRun(config: ExperimentConfig, results: readonly ExperimentResult[]): RunState {
  const last = results.at(-1);
  if (!last) return { ...initialRunState, config };
  return { ...initialRunState, config, seed: last.config.seed, seedResults: results.filter((r) => r.status === 'complete'), arms: last.arms, result: last };
}
