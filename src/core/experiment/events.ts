/** Events the runner emits, in order; the UI store and the CLI both consume this stream. */
import type { Member, Round } from '../rl/round';
import type { EvalPoint, ExperimentResult } from './result';

export interface Progress {
  arm: string;
  armIndex: number;
  arms: number;
  step: number;
  steps: number;
  tokensGenerated: number;
  tokensTrained: number;
  evalTokens: number;
  elapsedMs: number;
  /** Estimated time left for the whole experiment, from the pace so far. */
  etaMs: number | null;
}

export type ExperimentEvent =
  | { type: 'arm-start'; arm: string }
  | { type: 'round'; arm: string; round: Round }
  | { type: 'eval'; arm: string; point: EvalPoint }
  /**
   * One trained member after an evaluation of a trained arm (step > 0): its weights as
   * checkpoint bytes and its optimizer state, so a run's models outlive it and a cut run
   * can be continued (resume.ts). Sent just before that evaluation's 'eval' event.
   * evalTokens: the arm's evaluation tokens so far.
   */
  | { type: 'checkpoint'; arm: string; member: Member; step: number; bytes: Uint8Array; optimizer: Uint8Array; evalTokens: number }
  | { type: 'progress'; progress: Progress }
  | { type: 'paused' }
  | { type: 'resumed' }
  | { type: 'warning'; message: string }
  | { type: 'arm-error'; arm: string; message: string }
  | { type: 'done'; result: ExperimentResult };
