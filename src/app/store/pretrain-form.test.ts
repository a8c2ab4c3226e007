import { describe, expect, it } from 'vitest';
import { defaultPretrainSettings } from '../../core/experiment/pretrain-settings';
import { formFromPreset, issueFor, numberText, setField, setNumberText } from './config-form';
import { basePairChoice } from './pretrain-form';

const pretraining = () => setField(formFromPreset('micro', 'math'), 'base_pair_source', 'pretrain');

describe('base pair in the config form', () => {
  it('defaults to the shipped pair', () => {
    expect(formFromPreset('micro', 'math').config).toMatchObject({ base_pair_source: 'shipped' });
  });

  it("choosing pretrain brings in the family's default settings, valid as they are", () => {
    const form = pretraining();
    expect(form.issues).toEqual([]);
    expect(form.config).toMatchObject({ base_pair_source: 'pretrain', pretrain: defaultPretrainSettings('math') });
  });

  it('an invalid setting blocks the start with its reason next to the field', () => {
    const form = setNumberText(pretraining(), 'pretrain.trunk_steps', '0');
    expect(form.config).toBeNull();
    expect(issueFor(form, 'pretrain.trunk_steps')).toMatch(/>=1|at least|too small/i);
    expect(numberText(form, 'pretrain.trunk_steps')).toBe('0');
  });

  it("a task change moves step budgets and batch to the family's, keeping the rest", () => {
    let form = setNumberText(pretraining(), 'pretrain.trunk_steps', '77');
    form = setNumberText(form, 'pretrain.learning_rate', '0.01');
    form = setField(form, 'task', 'code');
    const code = defaultPretrainSettings('code');
    expect(form.config?.pretrain).toMatchObject({ trunk_steps: code.trunk_steps, fork_steps: code.fork_steps, batch_size: code.batch_size, learning_rate: 0.01 });
    expect(numberText(form, 'pretrain.trunk_steps')).toBe(String(code.trunk_steps));
  });

  it('going back to shipped keeps the settings for later, and a preset keeps the choice', () => {
    const edited = setNumberText(pretraining(), 'pretrain.fork_steps', '5');
    const back = setField(setField(edited, 'base_pair_source', 'shipped'), 'base_pair_source', 'pretrain');
    expect(back.config?.pretrain?.fork_steps).toBe(5);
    const preset = formFromPreset('smoke', 'math', basePairChoice(edited.draft));
    expect(preset.preset).toBe('smoke');
    expect(preset.config).toMatchObject({ base_pair_source: 'pretrain', steps: 2, pretrain: { fork_steps: 5 } });
  });

  it('a preset keeps the shipped pair chosen: the paper-premise pair stays chosen', () => {
    const premise = setField(formFromPreset('micro', 'math'), 'base_pair', 'premise');
    expect(formFromPreset('smoke', 'math', basePairChoice(premise.draft)).config).toMatchObject({ base_pair_source: 'shipped', base_pair: 'premise' });
  });
});
