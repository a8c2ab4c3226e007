import { describe, expect, it } from 'vitest';
import { AGON_FIELDS } from './arm-fields';
import { DEFAULT_EXPERIMENT, parseExperimentConfig, type ExperimentConfig } from './config';
import { sweepArms, sweepReference, type Sweep } from './custom-arms';
import { armsFor } from './methods';
import { runArms, runRows } from './run-rows';

/** The issues of a config, as "path: message". */
function issues(input: unknown): string[] {
  const parsed = parseExperimentConfig(input);
  return parsed.ok ? [] : parsed.issues.map((i) => `${i.path}: ${i.message}`);
}

const config = (over: Record<string, unknown>): ExperimentConfig => {
  const parsed = parseExperimentConfig({ ...DEFAULT_EXPERIMENT, ...over });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config;
};

const BONUS_SWEEP = { field: 'bonus_weight', values: [0, 0.5, 1, 2, 3] };

describe('arms of a config\'s own', () => {
  it('default every field they leave out to Agon\'s, and run beside the paper\'s methods', () => {
    const c = config({ methods: ['agon', 'grpo'], arms: [{ name: 'solver-learns', learners: 'solver' }, { name: 'agon-solo', readout: 'solo' }] });
    expect(c.arms![0]).toEqual({ name: 'solver-learns', ...AGON_FIELDS, learners: 'solver' });
    const rows = runRows(c);
    expect(rows.map((r) => [r.name, r.arm, r.source])).toEqual([
      ['agon', 'agon', 'method'],
      ['grpo', 'grpo', 'method'],
      ['solver-learns', 'solver-learns', 'arm'],
      // The same training as the paper's Agon: read out from the same trained arm, trained once.
      ['agon-solo', 'agon', 'arm'],
    ]);
    expect(rows[2]!.explain).toBe("Agon's fields but learners solver");
    expect(runArms(c).map((a) => a.name)).toEqual(['grpo', 'agon', 'solver-learns']);
    expect(runArms(c)[2]!.spec).toEqual({ kind: 'agon', options: expect.objectContaining({ learners: 'solver' }) });
  });

  it('leave the paper\'s rows as they were: the same arms in the same order', () => {
    const methods = ['moa', 'agon-margin', 'grpo-self-cascade', 'agon', 'zero-shot'] as const;
    expect(runArms({ methods: [...methods] }).map((a) => a.name)).toEqual(armsFor(methods));
  });

  it('are refused with the field named: out of range, unknown, wrong type, unread', () => {
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'x', bonus_weight: 11 }] })).toEqual(['arms.0.bonus_weight: Too big: expected number to be <=10']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'x', bonus_wieght: 2 }] })).toEqual(['arms.0: Unrecognized key: "bonus_wieght"']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'x', learners: 7 }] })).toEqual(['arms.0.learners: Invalid option: expected one of "both"|"drafter"|"solver"']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'x', training: 'grpo', swap_every: 5 }] })).toEqual(['arms.0.swap_every: not read here: only Agon training reads it (training is grpo); leave it out (Agon\'s 1)']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ bonus: 'margin' }] })).toEqual(['arms.0.name: Invalid input: expected string, received undefined']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: {} })).toEqual(['arms: Invalid input: expected array, received object']);
  });

  it('are refused by name when the name is bad, taken or listed twice', () => {
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'My Arm' }] })).toEqual(['arms.0.name: use lower-case letters, digits and . _ = - (starting with a letter or a digit)']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'x'.repeat(49) }] })).toEqual(['arms.0.name: at most 48 characters']);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'moa' }, { name: 'base' }] })).toEqual([
      'arms.0.name: "moa" is a name of the paper\'s methods and arms',
      'arms.1.name: "base" is a name of the paper\'s methods and arms',
    ]);
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'w2', bonus_weight: 2 }, { name: 'w2', bonus_weight: 3 }] })).toEqual(['arms.1.name: "w2" is listed twice']);
  });

  it('refuse 1000 arms with one message, before reading any of them', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `a${i}`, bonus_weight: 99 }));
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: many })).toEqual(['arms: at most 32 arms of your own (1000 given)']);
  });

  it('keep compute parity: m + 1 must divide 2N, said on the arm\'s field', () => {
    expect(issues({ ...DEFAULT_EXPERIMENT, arms: [{ name: 'm2', solutions_per_draft: 2 }] })).toEqual([
      'arms.0.solutions_per_draft: 2 solutions per draft cannot split the 2N = 16 rollouts of a problem (num_generations 8) into drafts and solutions exactly: m + 1 must divide 16, so m can be 1, 3, 7, 15',
    ]);
    expect(issues({ ...DEFAULT_EXPERIMENT, rl: { ...DEFAULT_EXPERIMENT.rl, num_generations: 6 }, arms: [{ name: 'm2', solutions_per_draft: 2 }] })).toEqual([]);
  });

  it('may stand without the paper\'s methods, but a run needs one row', () => {
    expect(issues({ ...DEFAULT_EXPERIMENT, methods: [], arms: [{ name: 'x' }] })).toEqual([]);
    expect(issues({ ...DEFAULT_EXPERIMENT, methods: [] })).toEqual(['methods: pick at least one method']);
  });
});

describe('a sweep', () => {
  it('makes one arm per value, named field=value, the other fields Agon\'s or its arm\'s', () => {
    const c = config({ methods: ['agon'], sweep: { ...BONUS_SWEEP, arm: { learners: 'solver' } } });
    const points = sweepArms(c.sweep!);
    expect(points.map((p) => p.name)).toEqual(['bonus_weight=0', 'bonus_weight=0.5', 'bonus_weight=1', 'bonus_weight=2', 'bonus_weight=3']);
    expect(points[3]).toEqual({ name: 'bonus_weight=2', ...AGON_FIELDS, learners: 'solver', bonus_weight: 2 });
    expect(runRows(c).map((r) => r.source)).toEqual(['method', 'sweep', 'sweep', 'sweep', 'sweep', 'sweep']);
  });

  it('shares the paper\'s arm where a point is Agon, and is compared with that point by default', () => {
    const c = config({ methods: [], sweep: BONUS_SWEEP });
    expect(runRows(c).map((r) => r.arm)).toEqual(['bonus_weight=0', 'bonus_weight=0.5', 'agon', 'bonus_weight=2', 'bonus_weight=3']);
    expect(sweepReference(c.sweep!)).toBe('bonus_weight=1');
    expect(sweepReference({ ...c.sweep!, values: [2, 3] } as Sweep)).toBe('bonus_weight=2');
    expect(sweepReference({ ...c.sweep!, reference: 'bonus_weight=3' })).toBe('bonus_weight=3');
    expect(runRows(config({ methods: [], sweep: { ...BONUS_SWEEP, name: 'w' } }))[1]!.name).toBe('w=0.5');
  });

  it('sweeps a field of any kind', () => {
    const c = config({ methods: [], sweep: { field: 'roles', values: ['swap', 'a-drafts', 'b-drafts'] } });
    expect(runRows(c).map((r) => [r.name, r.arm])).toEqual([['roles=swap', 'agon'], ['roles=a-drafts', 'agon-fixed-roles'], ['roles=b-drafts', 'roles=b-drafts']]);
    expect(runRows(config({ methods: [], sweep: { field: 'swap_every', values: [1, 10, 100] } })).map((r) => r.name)).toEqual(['swap_every=1', 'swap_every=10', 'swap_every=100']);
  });

  it('is refused with the value named: out of range, wrong type, unread, twice, too few or too many', () => {
    const sweep = (s: Record<string, unknown>) => issues({ ...DEFAULT_EXPERIMENT, sweep: { ...BONUS_SWEEP, ...s } });
    expect(sweep({ values: [0, 1, 20] })).toEqual(['sweep.values.2: bonus_weight: Too big: expected number to be <=10']);
    expect(sweep({ values: [0, 'one'] })).toEqual(['sweep.values.1: bonus_weight: Invalid input: expected number, received string']);
    expect(sweep({ values: [1, 1] })).toEqual(['sweep.values.1: 1 is listed twice']);
    expect(sweep({ values: [1] })).toEqual(['sweep.values: a sweep needs two values or more']);
    expect(sweep({ values: Array.from({ length: 100 }, (_, i) => i / 10) })).toEqual(['sweep.values: at most 16 values (100 given)']);
    expect(sweep({ arm: { bonus: 'none' } })).toEqual([
      "sweep.values.0: bonus_weight: not read here: no bonus is paid (bonus is none); leave it out (Agon's 1)",
      "sweep.values.1: bonus_weight: not read here: no bonus is paid (bonus is none); leave it out (Agon's 1)",
      "sweep.values.3: bonus_weight: not read here: no bonus is paid (bonus is none); leave it out (Agon's 1)",
      "sweep.values.4: bonus_weight: not read here: no bonus is paid (bonus is none); leave it out (Agon's 1)",
    ]);
    expect(sweep({ arm: { bonus_weight: 2 } })).toEqual(['sweep.arm.bonus_weight: the sweep sets bonus_weight (to each of its values)']);
    expect(sweep({ field: 'temperature' })[0]).toMatch(/^sweep.field: Invalid option/);
    expect(sweep({ reference: 'self-refine' })).toEqual(['sweep.reference: "self-refine" is not a row of this run (a method it picks, one of its arms or a point of the sweep)']);
    expect(issues({ ...DEFAULT_EXPERIMENT, sweep: { field: 'solutions_per_draft', values: [1, 2, 3] } })).toEqual([
      'sweep.values.1: 2 solutions per draft cannot split the 2N = 16 rollouts of a problem (num_generations 8) into drafts and solutions exactly: m + 1 must divide 16, so m can be 1, 3, 7, 15',
    ]);
  });
});
