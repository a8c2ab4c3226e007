import { describe, expect, it } from 'vitest';
import { completionBudget } from '../../core/tasks/budget';
import { codeFamily } from '../../core/tasks/code';
import { useAppStore } from './app-store';
import { formFromConfig, formFromPreset } from './config-form';
import { openingForm } from './opening-form';

describe('what the playground opens with', () => {
  it('is Agon against GRPO on the paper-premise code pair, valid as it stands', () => {
    const form = openingForm();
    expect(form.issues).toEqual([]);
    expect(form.preset).toBe('agon-vs-grpo');
    expect(form.config).toMatchObject({ task: 'code', base_pair: 'premise', base_pair_source: 'shipped', methods: ['agon', 'grpo', 'moa', 'zero-shot'], steps: 200 });
    expect(form.config?.rl.max_completion_length).toBe(completionBudget(codeFamily));
    // The store as created, whatever another test file in this process did to it since.
    expect(useAppStore.getInitialState().form.config).toEqual(form.config);
  });

  it('names the preset a config equals on any pair, so the opening config read back from its link is not "custom"', () => {
    expect(formFromConfig(openingForm().config!).preset).toBe('agon-vs-grpo');
    const classroomOnMathPremise = formFromPreset('classroom', 'math', { base_pair: 'premise' }).config!;
    expect(formFromConfig(classroomOnMathPremise).preset).toBe('classroom');
  });

  it('a config of another pair keeps its own pair', () => {
    const shippedMath = formFromPreset('agon-vs-grpo', 'math').config!;
    const reopened = formFromConfig(shippedMath);
    expect(reopened.config).toMatchObject({ task: 'math', base_pair: 'shipped' });
    expect(reopened.preset).toBe('agon-vs-grpo');
  });
});
