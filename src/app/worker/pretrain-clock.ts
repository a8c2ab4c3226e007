/**
 * Turns pretrainPair's per-step reports into what the progress bar shows: which of the
 * three stages, the step, the last validation check against the stage's target, elapsed
 * time and an ETA. The ETA is an upper bound: it assumes every stage runs to its step
 * maximum, and a stage usually stops sooner, once its held-out loss flattens.
 */
import type { PretrainConfig, PretrainProgress, PretrainStage } from '../../core/train/pretrain-pair';

export const PRETRAIN_STAGES: readonly PretrainStage[] = ['trunk', 'A', 'B'];

export interface PretrainStatus {
  stage: PretrainStage;
  step: number;
  /** The stage's step maximum. */
  steps: number;
  /** Steps trained so far over all stages (only grows). */
  stepsDone: number;
  loss: number;
  /** pass@1 of this stage's last validation check; null before its first. */
  validation: number | null;
  /** Validation pass@1 at which this stage stops. */
  target: number;
  elapsedMs: number;
  /** At most this long left. */
  etaMs: number;
}

type Budget = Pick<PretrainConfig, 'trunkSteps' | 'forkSteps' | 'trunkTarget' | 'forkTarget'>;

export class PretrainClock {
  private stepsDone = 0;
  private stage: PretrainStage | null = null;
  private validation: number | null = null;

  constructor(private readonly budget: Budget) {}

  /** `activeMs` leaves out time spent paused, so a pause does not stretch the ETA. */
  update(p: PretrainProgress, elapsedMs: number, activeMs: number): PretrainStatus {
    if (p.stage !== this.stage) {
      this.stage = p.stage;
      this.validation = null;
    }
    this.stepsDone += 1;
    if (p.validation !== undefined) this.validation = p.validation;
    const later = PRETRAIN_STAGES.slice(PRETRAIN_STAGES.indexOf(p.stage) + 1).length * this.budget.forkSteps;
    const left = p.steps - p.step + later;
    return {
      stage: p.stage,
      step: p.step,
      steps: p.steps,
      stepsDone: this.stepsDone,
      loss: p.loss,
      validation: this.validation,
      target: p.stage === 'trunk' ? this.budget.trunkTarget : this.budget.forkTarget,
      elapsedMs,
      etaMs: (activeMs / this.stepsDone) * left,
    };
  }
}
