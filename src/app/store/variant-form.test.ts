import { describe, expect, it } from 'vitest';
import { AGON_FIELDS } from '../../core/experiment/arm-fields';
import { methodFields } from '../../core/experiment/methods';
import { runRows } from '../../core/experiment/run-rows';
import { formFromConfig, formFromPreset, issueFor, numberText, setNumberText } from './config-form';
import { addVariant, nextVariantName, removeVariant, setVariantField, startVariantFrom, variantsOf } from './variant-form';

const micro = () => formFromPreset('micro', 'math');

describe('variants in the config form', () => {
  it('adds a variant with Agon\'s fields under the next free name, into the config and its rows', () => {
    const form = addVariant(addVariant(micro()));
    expect(form.issues).toEqual([]);
    expect(form.preset).toBe('custom');
    expect(form.config?.arms).toEqual([{ name: 'variant-1', ...AGON_FIELDS }, { name: 'variant-2', ...AGON_FIELDS }]);
    expect(runRows(form.config!).slice(-2).map((r) => [r.name, r.source, r.arm])).toEqual([
      ['variant-1', 'arm', 'agon'],
      ['variant-2', 'arm', 'agon'],
    ]);
    expect(nextVariantName(variantsOf(removeVariant(form, 0)))).toBe('variant-1');
  });

  it('takes a number into the arm, which stays a list, and trains it as an arm of its own', () => {
    const form = setNumberText(addVariant(micro()), 'arms.0.bonus_weight', '2');
    expect(Array.isArray(form.draft.arms)).toBe(true);
    expect(form.config?.arms?.[0]?.bonus_weight).toBe(2);
    expect(runRows(form.config!).at(-1)).toMatchObject({ name: 'variant-1', arm: 'variant-1', explain: "Agon's fields but bonus_weight 2" });
  });

  it('refuses a bad number on its field, with the schema reason, and a blank one as missing rather than Agon\'s', () => {
    const form = addVariant(micro());
    expect(issueFor(setNumberText(form, 'arms.0.bonus_weight', '11'), 'arms.0.bonus_weight')).toMatch(/10/);
    expect(issueFor(setNumberText(form, 'arms.0.swap_every', '1.5'), 'arms.0.swap_every')).toBe('must be a whole number');
    expect(issueFor(setNumberText(form, 'arms.0.bonus_weight', 'abc'), 'arms.0.bonus_weight')).toBe('must be a number');
    const blank = setNumberText(form, 'arms.0.bonus_weight', ' ');
    expect(blank.config).toBeNull();
    expect(issueFor(blank, 'arms.0.bonus_weight')).toBe('required');
    expect(numberText(blank, 'arms.0.bonus_weight')).toBe(' ');
    expect(setNumberText(blank, 'arms.0.bonus_weight', '0.5').config?.arms?.[0]?.bonus_weight).toBe(0.5);
  });

  it('refuses a name that is badly written, taken by the paper, or given twice, on the name', () => {
    const form = addVariant(addVariant(micro()));
    expect(issueFor(setVariantField(form, 0, 'name', 'Big Bonus'), 'arms.0.name')).toMatch(/lower-case letters/);
    expect(issueFor(setVariantField(form, 0, 'name', 'grpo'), 'arms.0.name')).toMatch(/a name of the paper's methods and arms/);
    expect(issueFor(setVariantField(form, 1, 'name', 'variant-1'), 'arms.1.name')).toMatch(/listed twice/);
    expect(setVariantField(form, 0, 'name', 'big-bonus').config?.arms?.[0]?.name).toBe('big-bonus');
  });

  it('puts a field back to Agon\'s when another field leaves it unread, rather than refusing the arm', () => {
    let form = setNumberText(addVariant(micro()), 'arms.0.bonus_weight', '2');
    form = setVariantField(form, 0, 'bonus', 'none');
    expect(form.issues).toEqual([]);
    expect(form.config?.arms?.[0]).toMatchObject({ bonus: 'none', bonus_weight: AGON_FIELDS.bonus_weight });
    expect(form.texts['arms.0.bonus_weight']).toBeUndefined();
    form = setVariantField(setNumberText(form, 'arms.0.swap_every', '1'), 0, 'training', 'grpo');
    expect(form.issues).toEqual([]);
    expect(form.config?.arms?.[0]).toMatchObject({ training: 'grpo', bonus: AGON_FIELDS.bonus });
  });

  it('starts from any named row, keeping the name', () => {
    const form = startVariantFrom(addVariant(micro()), 0, 'agon-cooperative');
    expect(form.config?.arms?.[0]).toEqual({ name: 'variant-1', ...methodFields('agon-cooperative') });
    // Rows with the same training fields read one trained arm: the paper's.
    expect(runRows(form.config!).at(-1)?.arm).toBe('agon-cooperative');
  });

  it('refuses a split that compute parity cannot make, on solutions_per_draft', () => {
    const form = setNumberText(addVariant(micro()), 'arms.0.solutions_per_draft', '2');
    expect(issueFor(form, 'arms.0.solutions_per_draft')).toMatch(/divide/);
  });

  it('renumbers what was typed when a variant is removed, and leaves the config without arms when none is left', () => {
    let form = setNumberText(addVariant(addVariant(micro())), 'arms.1.bonus_weight', '3');
    form = removeVariant(form, 0);
    expect(form.texts).toEqual({ 'arms.0.bonus_weight': '3' });
    expect(form.config?.arms).toEqual([{ name: 'variant-2', ...AGON_FIELDS, bonus_weight: 3 }]);
    form = removeVariant(form, 0);
    expect('arms' in form.draft).toBe(false);
    expect(form.config).toEqual(micro().config);
  });

  it('opens a shared config with its variants, every field filled in', () => {
    const shared = setNumberText(addVariant(micro()), 'arms.0.bonus_weight', '2').config!;
    const form = formFromConfig(shared);
    expect(form.preset).toBe('custom');
    expect(variantsOf(form)).toEqual([{ name: 'variant-1', ...AGON_FIELDS, bonus_weight: 2 }]);
  });
});
