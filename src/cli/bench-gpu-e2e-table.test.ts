import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../core/experiment/config';
import type { ExperimentResult } from '../core/experiment/result';
import { endToEndTable, runFigures } from './bench-gpu-e2e-table';

const result = {
  status: 'complete',
  config: { ...DEFAULT_EXPERIMENT, steps: 20 },
  arms: { base: { stepsDone: 0 }, grpo: { stepsDone: 20 }, agon: { stepsDone: 20 } },
  table: [
    { method: 'agon', test: { passAt1: 0.366 } },
    { method: 'zero-shot', test: { passAt1: 0.21 } },
  ],
} as unknown as ExperimentResult;

describe('bench:gpu end-to-end table', () => {
  it("counts the training arms' steps and keeps each method's final pass@1", () => {
    expect(runFigures(result)).toEqual({ status: 'complete', stepsDone: 40, stepsTotal: 40, passAt1: { agon: 0.366, 'zero-shot': 0.21 } });
  });

  it('shows seconds and pass@1 when finished, the cap and the steps done when cancelled, else why not', () => {
    const figures = runFigures(result);
    const lines = endToEndTable([
      { label: 'done', run: { seconds: 12.34, figures }, note: 'n' },
      { label: 'capped', run: { seconds: 91, capS: 90, figures: { ...figures, status: 'cancelled', stepsDone: 3 } }, note: '' },
      { label: 'cuda', run: { error: 'no CUDA' }, note: 'a | b' },
    ]).split('\n');
    expect(lines[2]).toBe('| done | 12.3 | 40 / 40 | 0.31 | agon 36.6%, zero-shot 21.0% | n |');
    expect(lines[3]).toBe('| capped | over 90 s (cancelled) | 3 / 40 | 30.33 | - |  |');
    expect(lines[4]).toBe('| cuda | no CUDA |  |  |  | a / b |');
  });
});
