/**
 * A pass@1 score with its interval. Apart from evaluate.ts, which runs the models, so the
 * page can pool scores (summary.ts) without loading TensorFlow.js.
 */
import { clopperPearson } from '../eval/stats';

export interface Score {
  correct: number;
  n: number;
  passAt1: number;
  /** 95% Clopper-Pearson interval. */
  low: number;
  high: number;
}

export function scoreCounts(k: number, n: number): Score {
  return { correct: k, n, passAt1: n === 0 ? 0 : k / n, ...clopperPearson(k, n) };
}
