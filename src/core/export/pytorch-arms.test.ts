import { describe, expect, it } from 'vitest';
import { AGON_FIELDS, mechanismsOf } from '../experiment/arm-fields';
import { DEFAULT_EXPERIMENT, parseExperimentConfig, type ExperimentConfig } from '../experiment/config';
import { METHODS, NAMED_ARMS } from '../experiment/methods';
import { runArms } from '../experiment/run-rows';
import { pytorchRun } from './pytorch-arms';

const config = (over: Record<string, unknown>): ExperimentConfig => {
  const parsed = parseExperimentConfig({ ...DEFAULT_EXPERIMENT, ...over });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config;
};

const AGON = mechanismsOf(AGON_FIELDS);

describe("the rows and arms train.py runs (export.json's)", () => {
  it('the paper\'s methods: every named arm with its mechanisms under the config\'s names, each method with its readout', () => {
    const run = pytorchRun({ methods: [...METHODS] });
    expect(run.arms).toEqual({
      base: { kind: 'base' },
      grpo: { kind: 'grpo' },
      agon: { kind: 'agon', options: AGON },
      'agon-fixed-roles': { kind: 'agon', options: { ...AGON, roles: 'a-drafts' } },
      'agon-shared-opponent': { kind: 'agon', options: { ...AGON, opponent: 'shared-draft' } },
      'agon-margin': { kind: 'agon', options: { ...AGON, bonus: 'margin' } },
      'agon-cooperative': { kind: 'agon', options: { ...AGON, bonus: 'none' } },
    });
    expect(Object.keys(run.arms)).toEqual(Object.keys(NAMED_ARMS));
    expect(run.rows.map((r) => [r.name, r.arm, r.readout])).toEqual([
      ['agon', 'agon', 'pair-cascade'],
      ['agon-fixed-roles', 'agon-fixed-roles', 'pair-cascade'],
      ['agon-shared-opponent', 'agon-shared-opponent', 'pair-cascade'],
      ['agon-margin', 'agon-margin', 'pair-cascade'],
      ['agon-cooperative', 'agon-cooperative', 'pair-cascade'],
      ['grpo', 'grpo', 'solo'],
      ['grpo-self-cascade', 'grpo', 'self-cascade'],
      ['self-refine', 'base', 'self-cascade'],
      ['moa', 'base', 'pair-cascade'],
      ['zero-shot', 'base', 'solo'],
    ]);
    expect(run.rows[0]!.label).toBe('Agon');
  });

  it("a config's own arms and its sweep: each point an arm under its name, in the runner's order (an arm's index seeds its steps)", () => {
    const c = config({
      methods: ['moa', 'agon'],
      arms: [{ name: 'mix', bonus: 'margin', bonus_weight: 2, roles: 'b-drafts', solutions_per_draft: 3, learners: 'solver', drafter_reward: 'zero-sum', readout: 'solo' }],
      sweep: { field: 'swap_every', values: [1, 2] },
    });
    const run = pytorchRun(c);
    expect(Object.keys(run.arms)).toEqual(runArms(c).map((a) => a.name));
    expect(run.arms).toEqual({
      base: { kind: 'base' },
      agon: { kind: 'agon', options: AGON },
      mix: { kind: 'agon', options: { ...AGON, bonus: 'margin', bonus_weight: 2, roles: 'b-drafts', solutions_per_draft: 3, learners: 'solver', drafter_reward: 'zero-sum' } },
      'swap_every=2': { kind: 'agon', options: { ...AGON, swap_every: 2 } },
    });
    expect(run.rows).toEqual([
      { name: 'moa', label: 'MoA (no training)', arm: 'base', readout: 'pair-cascade' },
      { name: 'agon', label: 'Agon', arm: 'agon', readout: 'pair-cascade' },
      { name: 'mix', label: 'mix', arm: 'mix', readout: 'solo' },
      // Agon's value of the field: read out from Agon's trained arm, trained once.
      { name: 'swap_every=1', label: 'swap_every=1', arm: 'agon', readout: 'pair-cascade' },
      { name: 'swap_every=2', label: 'swap_every=2', arm: 'swap_every=2', readout: 'pair-cascade' },
    ]);
  });
});
