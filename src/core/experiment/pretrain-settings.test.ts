import { describe, expect, it } from 'vitest';
import { mathFamily } from '../tasks/math';
import { PRETRAIN_BUDGETS, PRETRAIN_DEFAULTS } from '../train/pretrain-defaults';
import { DEFAULT_EXPERIMENT, parseExperimentConfig } from './config';
import { defaultPretrainSettings, pretrainConfigFor } from './pretrain-settings';

const pretrainConfig = { ...DEFAULT_EXPERIMENT, base_pair_source: 'pretrain', pretrain: defaultPretrainSettings('math') };

function without(config: object, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...config };
  delete copy[key];
  return copy;
}

describe('base pair source in the experiment config', () => {
  it('reads a config written before the choice existed as the shipped pair', () => {
    const parsed = parseExperimentConfig(without(DEFAULT_EXPERIMENT, 'base_pair_source'));
    expect(parsed.ok && parsed.config.base_pair_source).toBe('shipped');
    expect(parsed.ok && parsed.config.pretrain).toBeUndefined();
  });

  it("accepts pretraining with each family's defaults", () => {
    expect(parseExperimentConfig(pretrainConfig).ok).toBe(true);
    expect(parseExperimentConfig({ ...pretrainConfig, task: 'code', pretrain: defaultPretrainSettings('code') }).ok).toBe(true);
  });

  it('refuses pretraining without settings, and names the field', () => {
    const parsed = parseExperimentConfig(without(pretrainConfig, 'pretrain'));
    expect(!parsed.ok && parsed.issues).toEqual([{ path: 'pretrain', message: 'pretraining needs its settings' }]);
  });

  it('refuses out-of-range settings with the field path and reason', () => {
    const bad = { ...pretrainConfig, pretrain: { ...pretrainConfig.pretrain, trunk_steps: 0, batch_size: 2.5, learning_rate: 0, trunk_target: 1.5 } };
    const parsed = parseExperimentConfig(bad);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byPath = Object.fromEntries(parsed.issues.map((i) => [i.path, i.message]));
    expect(Object.keys(byPath).sort()).toEqual(['pretrain.batch_size', 'pretrain.learning_rate', 'pretrain.trunk_steps', 'pretrain.trunk_target']);
    expect(byPath['pretrain.batch_size']).toMatch(/whole number/);
    expect(byPath['pretrain.learning_rate']).toBe('must be above 0');
  });

  it('refuses an unknown source and unknown settings', () => {
    expect(parseExperimentConfig({ ...DEFAULT_EXPERIMENT, base_pair_source: 'download' }).ok).toBe(false);
    expect(parseExperimentConfig({ ...pretrainConfig, pretrain: { ...pretrainConfig.pretrain, epochs: 3 } }).ok).toBe(false);
  });
});

describe('pretraining settings', () => {
  it("default to the CLI's budgets of the family", () => {
    expect(defaultPretrainSettings('code')).toMatchObject({ trunk_steps: PRETRAIN_BUDGETS.code.trunkSteps, fork_steps: PRETRAIN_BUDGETS.code.forkSteps, batch_size: PRETRAIN_BUDGETS.code.batchSize });
  });

  it('map one to one onto what pretrainPair takes, with a model long enough for the family', () => {
    const settings = { ...defaultPretrainSettings('math'), trunk_steps: 7, fork_steps: 3, seed: 9, check_every: 2 };
    const config = pretrainConfigFor(mathFamily, settings);
    expect(config).toMatchObject({ trunkSteps: 7, forkSteps: 3, batchSize: 64, learningRate: 0.002, forkNoise: 0.01, seed: 9, trunkTarget: PRETRAIN_DEFAULTS.trunkTarget, forkTarget: PRETRAIN_DEFAULTS.forkTarget, checkEvery: 2 });
    expect(config.model.maxLen % 16).toBe(0);
  });
});
