import { describe, expect, it } from 'vitest';
import { completionBudget } from '../../core/tasks/budget';
import { codeFamily } from '../../core/tasks/code';
import { formFromConfig, formFromPreset, issueFor, numberText, setField, setNumberText } from './config-form';

describe('config form', () => {
  it('starts valid from a preset', () => {
    const form = formFromPreset('micro', 'math');
    expect(form.issues).toEqual([]);
    expect(form.config?.steps).toBe(2);
  });

  it('refuses a bad value with the schema reason, on that field', () => {
    let form = setNumberText(formFromPreset('micro', 'math'), 'rl.top_p', '0');
    expect(form.config).toBeNull();
    expect(issueFor(form, 'rl.top_p')).toBe('must be above 0');
    form = setNumberText(form, 'steps', '1.5');
    expect(issueFor(form, 'steps')).toBe('must be a whole number');
    form = setNumberText(form, 'seed', 'abc');
    expect(issueFor(form, 'seed')).toBe('must be a number');
    expect(numberText(form, 'seed')).toBe('abc');
    form = setNumberText(form, 'eval_problems', '');
    expect(issueFor(form, 'eval_problems')).toBe('required');
  });

  it('is valid again once fixed', () => {
    const bad = setNumberText(formFromPreset('micro', 'math'), 'rl.num_generations', '1');
    expect(bad.config).toBeNull();
    expect(setNumberText(bad, 'rl.num_generations', '4').config?.rl.num_generations).toBe(4);
  });

  it('refuses an empty method list', () => {
    const form = setField(formFromPreset('micro', 'math'), 'methods', []);
    expect(issueFor(form, 'methods')).toBe('pick at least one method');
  });

  it('drops a hard split once the pair or task changes: the next pair brings its own', () => {
    const opened = formFromConfig({ ...formFromPreset('micro', 'code').config!, base_pair: 'premise', hard_difficulties: [3] });
    expect(setField(opened, 'seed', 2).config?.hard_difficulties).toEqual([3]);
    for (const [path, value] of [['base_pair', 'shipped'], ['base_pair_source', 'pretrain'], ['task', 'math']] as const) {
      const form = setField(opened, path, value);
      expect(form.draft, path).not.toHaveProperty('hard_difficulties');
      expect(form.issues, path).toEqual([]);
    }
  });

  it('follows the task family with the completion budget', () => {
    const form = setField(formFromPreset('micro', 'math'), 'task', 'code');
    expect(form.config?.rl.max_completion_length).toBe(completionBudget(codeFamily));
  });
});

describe('formFromConfig', () => {
  it('holds a shared config exactly, named after the preset it equals', () => {
    const micro = formFromPreset('micro', 'math').config;
    if (!micro) throw new Error('micro preset is invalid');
    expect(formFromConfig(micro)).toMatchObject({ preset: 'micro', config: micro, texts: {} });
    const edited = { ...micro, seed: 7 };
    expect(formFromConfig(edited)).toMatchObject({ preset: 'custom', config: edited });
  });

  it('keeps the chosen task and pair for a general preset, but a preset made for one pair brings its pair and task', () => {
    const chosen = { base_pair: 'pretrained:abc' };
    expect(formFromPreset('classroom', 'code', chosen).draft).toMatchObject({ task: 'code', base_pair: 'pretrained:abc' });
    const lecture = formFromPreset('lecture-bonus-weight', 'code', chosen);
    expect(lecture.draft).toMatchObject({ task: 'math', base_pair: 'premise' });
    expect(lecture.issues).toEqual([]);
  });
});
