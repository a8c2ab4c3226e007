import { describe, expect, it } from 'vitest';
import { phasePlan, RunEta, type Phase, type PhaseKind } from './eta';

/** The default preset's phases: the base pair's evaluation, then GRPO and Agon in turn (200 steps, evaluations every 100). */
const plan = phasePlan(
  [
    { arm: 'base', kind: 'base', evaluates: 'moa,zero-shot', fromStep: 0, trained: false },
    { arm: 'grpo', kind: 'grpo', evaluates: 'grpo', fromStep: 0, trained: true },
    { arm: 'agon', kind: 'agon', evaluates: 'agon', fromStep: 0, trained: true },
  ],
  200,
  100,
);

/** Seconds per phase as measured here (the base pair's evaluation is the longest single phase), with +-20% noise. */
function duration({ kind }: Phase, i: number): number {
  const base = { 'eval:moa,zero-shot': 40, 'eval:grpo': 8, 'eval:agon': 31, 'step:grpo': 1.1, 'step:agon': 1.0 }[kind as string]!;
  return 1000 * base * (1 + 0.2 * Math.sin(i * 12.9898));
}

describe('RunEta', () => {
  it('lays out evaluations and steps in the order the runner does them', () => {
    expect(plan).toHaveLength(1 + 2 * (1 + 200 + 2));
    expect(plan.slice(0, 5).map((p) => p.kind)).toEqual(['eval:moa,zero-shot', 'eval:grpo', 'step:grpo', 'eval:agon', 'step:agon']);
    expect(plan.filter((p) => p.kind === 'eval:agon')).toHaveLength(3);
    const continued = phasePlan([{ arm: 'agon', kind: 'agon', evaluates: 'agon', fromStep: 150, trained: true }], 200, 100);
    expect(continued.map((p) => p.kind)).toEqual([...Array<PhaseKind>(50).fill('step:agon'), 'eval:agon']);
  });

  it('drops the phases of an arm that stopped', () => {
    let clock = 0;
    const eta = new RunEta(plan, () => clock);
    for (const phase of plan.slice(0, 5)) {
      eta.begin(phase.arm);
      clock += duration(phase, 0);
      eta.end();
    }
    const before = eta.remainingMs()!;
    eta.abandon('agon');
    // Agon's 199 steps and 2 evaluations left (its step measured at 1.0 s, its evaluation at 31 s).
    expect(before - eta.remainingMs()!).toBeCloseTo(199 * duration(plan[4]!, 0) + 2 * duration(plan[3]!, 0), 0);
  });

  it('has no estimate before a phase of each family has finished, then is within 30% of the time left from 10% of the run on', () => {
    let clock = 0;
    const eta = new RunEta(plan, () => clock);
    const total = plan.reduce((s, k, i) => s + duration(k, i), 0);
    expect(eta.remainingMs()).toBeNull();
    let checked = 0;
    plan.forEach((phase, i) => {
      const kind = phase.kind;
      eta.begin(phase.arm);
      // Asked halfway through the phase, as a progress event could be.
      clock += duration(phase, i) / 2;
      const truth = total - clock;
      const estimate = eta.remainingMs();
      if (clock >= 0.1 * total) {
        expect(estimate, `phase ${i} (${kind})`).not.toBeNull();
        // In the last 5% (the final evaluation) a phase's own +-20% is all that is left: there the error is held to 5% of the run.
        const error = Math.abs(estimate! - truth);
        if (truth >= 0.05 * total) expect(error / truth, `phase ${i} (${kind}): ${estimate} vs ${truth}`).toBeLessThan(0.3);
        else expect(error / total, `phase ${i} (${kind})`).toBeLessThan(0.05);
        checked++;
      }
      clock += duration(phase, i) / 2;
      eta.end();
    });
    expect(eta.remainingMs()).toBe(0);
    expect(checked).toBeGreaterThan(300);
  });

  it('the old estimate (elapsed / steps done) was far off after the first step', () => {
    // What the progress bar showed before: elapsed time over steps done, times steps left.
    const afterFirstStep = plan.slice(0, 3).reduce((s, p, i) => s + duration(p, i), 0);
    const stepsLeft = 399;
    const truth = plan.reduce((s, k, i) => s + duration(k, i), 0) - afterFirstStep;
    expect((afterFirstStep / 1) * stepsLeft / truth).toBeGreaterThan(10);
  });
});
