import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, parseExperimentConfig } from './config';
import { PRESETS } from './presets';

describe('experiment config schema', () => {
  it('accepts the default and every preset', () => {
    expect(parseExperimentConfig(DEFAULT_EXPERIMENT).ok).toBe(true);
    for (const preset of Object.values(PRESETS)) expect(parseExperimentConfig(preset).ok).toBe(true);
  });

  it('names the field and the reason for a bad value', () => {
    const bad = parseExperimentConfig({ ...DEFAULT_EXPERIMENT, rl: { ...DEFAULT_EXPERIMENT.rl, learning_rate: -1, num_generations: 1.5 } });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const paths = bad.issues.map((i) => i.path);
    expect(paths).toContain('rl.learning_rate');
    expect(paths).toContain('rl.num_generations');
    expect(bad.issues.find((i) => i.path === 'rl.num_generations')!.message).toMatch(/whole number/);
  });

  it('rejects unknown fields, unknown methods, duplicates and pass_k above eval_samples', () => {
    const cases = [
      { ...DEFAULT_EXPERIMENT, extra: 1 },
      { ...DEFAULT_EXPERIMENT, methods: ['agon', 'alphago'] },
      { ...DEFAULT_EXPERIMENT, methods: ['agon', 'agon'] },
      { ...DEFAULT_EXPERIMENT, eval_samples: 2, pass_k: 4 },
      { ...DEFAULT_EXPERIMENT, task: 'chess' },
      { ...DEFAULT_EXPERIMENT, version: 2 },
      'not an object',
    ];
    for (const c of cases) expect(parseExperimentConfig(c).ok, JSON.stringify(c).slice(0, 80)).toBe(false);
    const k = parseExperimentConfig({ ...DEFAULT_EXPERIMENT, eval_samples: 2, pass_k: 4 });
    expect(!k.ok && k.issues[0]).toEqual({ path: 'pass_k', message: 'pass_k cannot exceed eval_samples' });
  });

  it('rejects an unknown field inside rl by name, as at the top level', () => {
    const bad = parseExperimentConfig({ ...DEFAULT_EXPERIMENT, rl: { ...DEFAULT_EXPERIMENT.rl, kl_coef: 0.1 } });
    expect(!bad.ok && bad.issues).toEqual([{ path: 'rl', message: expect.stringContaining('"kl_coef"') }]);
  });
});
