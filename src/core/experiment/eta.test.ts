import { describe, expect, it } from 'vitest';
import { phasePlan, RunEta, type PhaseKind } from './eta';

/** The default preset's phases: the base pair's evaluation, then GRPO, then Agon (200 steps, evaluations every 100). */
const plan = phasePlan(
  [
    { kind: 'base', evaluates: 'moa,zero-shot', fromStep: 0, trained: false },
    { kind: 'grpo', evaluates: 'grpo', fromStep: 0, trained: true },
    { kind: 'agon', evaluates: 'agon', fromStep: 0, trained: true },
  ],
  200,
  100,
);

/** Seconds per phase as measured here (the base pair's evaluation is the longest single phase), with +-20% noise. */
function duration(kind: PhaseKind, i: number): number {
  const base = { 'eval:moa,zero-shot': 40, 'eval:grpo': 8, 'eval:agon': 31, 'step:grpo': 1.1, 'step:agon': 1.0 }[kind as string]!;
  return 1000 * base * (1 + 0.2 * Math.sin(i * 12.9898));
}

describe('RunEta', () => {
  it('lays out evaluations and steps in the order the runner does them', () => {
    expect(plan).toHaveLength(1 + 2 * (1 + 200 + 2));
    expect(plan.slice(0, 3)).toEqual(['eval:moa,zero-shot', 'eval:grpo', 'step:grpo']);
    expect(plan.filter((k) => k === 'eval:agon')).toHaveLength(3);
    const continued = phasePlan([{ kind: 'agon', evaluates: 'agon', fromStep: 150, trained: true }], 200, 100);
    expect(continued).toEqual([...Array<PhaseKind>(50).fill('step:agon'), 'eval:agon']);
  });

  it('has no estimate before a phase of each family has finished, then is within 30% of the time left from 10% of the run on', () => {
    let clock = 0;
    const eta = new RunEta(plan, () => clock);
    const total = plan.reduce((s, k, i) => s + duration(k, i), 0);
    expect(eta.remainingMs()).toBeNull();
    let checked = 0;
    plan.forEach((kind, i) => {
      eta.begin();
      // Asked halfway through the phase, as a progress event could be.
      clock += duration(kind, i) / 2;
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
      clock += duration(kind, i) / 2;
      eta.end();
    });
    expect(eta.remainingMs()).toBe(0);
    expect(checked).toBeGreaterThan(300);
  });

  it('the old estimate (elapsed / steps done) was far off after the first step', () => {
    // What the progress bar showed before: elapsed time over steps done, times steps left.
    const afterFirstStep = duration('eval:moa,zero-shot', 0) + duration('eval:grpo', 1) + duration('step:grpo', 2);
    const stepsLeft = 399;
    const truth = plan.reduce((s, k, i) => s + duration(k, i), 0) - afterFirstStep;
    expect((afterFirstStep / 1) * stepsLeft / truth).toBeGreaterThan(10);
  });
});
