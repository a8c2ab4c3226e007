import { describe, expect, it } from 'vitest';
import { PretrainClock } from './pretrain-clock';

const budget = { trunkSteps: 10, forkSteps: 5, trunkTarget: 0.2, forkTarget: 0.3 };

describe('pretraining clock', () => {
  it('counts steps over all stages and keeps the last check of the current stage', () => {
    const clock = new PretrainClock(budget);
    clock.update({ stage: 'trunk', step: 1, steps: 10, loss: 2 }, 100, 100);
    const checked = clock.update({ stage: 'trunk', step: 2, steps: 10, loss: 1.5, validation: 0.1 }, 200, 200);
    expect(checked).toMatchObject({ stage: 'trunk', step: 2, stepsDone: 2, validation: 0.1, target: 0.2, elapsedMs: 200 });
    expect(clock.update({ stage: 'trunk', step: 3, steps: 10, loss: 1.4 }, 300, 300).validation).toBe(0.1);
    // A new stage has not been checked yet, and aims at the fork target.
    expect(clock.update({ stage: 'A', step: 1, steps: 5, loss: 1.3 }, 400, 400)).toMatchObject({ stepsDone: 4, validation: null, target: 0.3 });
  });

  it('bounds the ETA by the step maxima left, at the active time per step', () => {
    const clock = new PretrainClock(budget);
    // 2 steps in 200 ms of active time: 100 ms a step; 8 trunk steps + 2 forks x 5 left.
    clock.update({ stage: 'trunk', step: 1, steps: 10, loss: 2 }, 100, 100);
    expect(clock.update({ stage: 'trunk', step: 2, steps: 10, loss: 2 }, 5_200, 200).etaMs).toBe(1_800);
    // In B, only its own steps are left.
    expect(clock.update({ stage: 'B', step: 4, steps: 5, loss: 1 }, 5_300, 300).etaMs).toBe(100);
  });
});
