import { describe, expect, it } from 'vitest';
import { formFromPreset, setField, setNumberText } from '../store/config-form';
import { formEdit } from './edit-kind';

describe('formEdit', () => {
  const base = formFromPreset('micro', 'math');

  it('calls a keystroke in a number field typing, on that field', () => {
    const one = setNumberText(base, 'steps', '1');
    expect(formEdit(base, one)).toEqual({ kind: 'typing', path: 'steps' });
    expect(formEdit(one, setNumberText(one, 'steps', '12'))).toEqual({ kind: 'typing', path: 'steps' });
    expect(formEdit(one, setNumberText(one, 'rl.beta', '0.1'))).toEqual({ kind: 'typing', path: 'rl.beta' });
  });

  it('calls a select, a checkbox or a preset discrete', () => {
    const typed = setNumberText(base, 'steps', '5');
    expect(formEdit(typed, setField(typed, 'rl.loss_type', 'dapo'))).toEqual({ kind: 'discrete' });
    expect(formEdit(typed, setField(typed, 'show_draft_answer', true))).toEqual({ kind: 'discrete' });
    expect(formEdit(typed, formFromPreset('smoke', 'math'))).toEqual({ kind: 'discrete' });
  });
});
