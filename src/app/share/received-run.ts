/** The run state that draws results received with a link: nothing ran here, so the run is idle and has no rounds. */
import type { ExperimentResult } from '../../core/experiment/result';
import { initialRunState, type RunState } from '../store/run-state';

export function receivedRun(result: ExperimentResult): RunState {
  return { ...initialRunState, config: result.config, arms: result.arms, result };
}
