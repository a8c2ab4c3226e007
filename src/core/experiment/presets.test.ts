import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completionBudget } from '../tasks/budget';
import { mathFamily } from '../tasks/math';
import { parseExperimentConfig } from './config';
import { sweepReference } from './custom-arms';
import { presetFor } from './presets';
import { runArms, runRows } from './run-rows';

describe('the lecture preset: the bonus weight swept', () => {
  const parsed = parseExperimentConfig(presetFor('lecture-bonus-weight', 'math', completionBudget(mathFamily)));
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const config = parsed.config;

  it('makes five points of the bonus weight beside GRPO and zero-shot, each against bonus_weight=1', () => {
    expect(config.base_pair).toBe('premise');
    const sweep = runRows(config).filter((r) => r.source === 'sweep');
    expect(sweep.map((r) => r.name)).toEqual(['bonus_weight=0', 'bonus_weight=0.5', 'bonus_weight=1', 'bonus_weight=2', 'bonus_weight=3']);
    expect(sweep.map((r) => r.fields.bonus_weight)).toEqual([0, 0.5, 1, 2, 3]);
    // Every other field is Agon's, so the reference point is the paper's Agon arm.
    expect(sweep.map((r) => r.explain)).toEqual(["Agon's fields but bonus_weight 0", "Agon's fields but bonus_weight 0.5", "Agon's fields", "Agon's fields but bonus_weight 2", "Agon's fields but bonus_weight 3"]);
    expect(sweepReference(config.sweep!)).toBe('bonus_weight=1');
    expect(runArms(config).map((a) => [a.name, a.spec.kind])).toEqual([
      ['base', 'base'],
      ['grpo', 'grpo'],
      ['agon', 'agon'],
      ['bonus_weight=0', 'agon'],
      ['bonus_weight=0.5', 'agon'],
      ['bonus_weight=2', 'agon'],
      ['bonus_weight=3', 'agon'],
    ]);
  });

  it('is the config docs/experiments/lecture-bonus-weight.json gives the CLI', () => {
    const file = parseExperimentConfig(JSON.parse(readFileSync('docs/experiments/lecture-bonus-weight.json', 'utf8')));
    expect(file.ok && file.config).toEqual(config);
  });
});
