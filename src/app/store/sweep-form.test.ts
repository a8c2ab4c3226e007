import { describe, expect, it } from 'vitest';
import { runRows } from '../../core/experiment/run-rows';
import { formFromPreset, issueFor, withDraft } from './config-form';
import { addSweep, removeSweep, setSweepBase, setSweepField, setSweepValuesText, sweepBaseMethod, sweepIssues, sweepOf, sweepPreview, type SweepDraft } from './sweep-form';
import { parseSweepValues } from './sweep-values';

const withSweep = () => addSweep(formFromPreset('micro', 'math'));
const withDraftSweep = (sweep: SweepDraft) => withDraft({ ...formFromPreset('micro', 'math').draft, methods: ['zero-shot'], sweep }, {});

describe('a sweep in the config form', () => {
  it('starts as the bonus weight over four values from Agon, and shows the arms it makes', () => {
    const form = withSweep();
    expect(form.issues).toEqual([]);
    expect(form.config?.sweep).toEqual({ field: 'bonus_weight', values: [0, 0.5, 1, 2], arm: {} });
    expect(runRows(form.config!).filter((r) => r.source === 'sweep').map((r) => r.name)).toEqual(['bonus_weight=0', 'bonus_weight=0.5', 'bonus_weight=1', 'bonus_weight=2']);
    expect(sweepPreview(sweepOf(form)!)).toEqual({
      reference: 'bonus_weight=1',
      points: [
        { name: 'bonus_weight=0', line: "Agon's fields but bonus_weight 0" },
        { name: 'bonus_weight=0.5', line: "Agon's fields but bonus_weight 0.5" },
        { name: 'bonus_weight=1', line: "Agon's fields" },
        { name: 'bonus_weight=2', line: "Agon's fields but bonus_weight 2" },
      ],
    });
  });

  it('reads the values as typed; a list that does not read is refused on the field and the draft keeps the last one that did', () => {
    let form = setSweepValuesText(withSweep(), '0, x');
    expect(form.config).toBeNull();
    expect(issueFor(form, 'sweep.values')).toBe('value 2 of the list is not a number ("x"): bonus_weight takes numbers');
    expect(sweepOf(form)?.values).toEqual([0, 0.5, 1, 2]);
    form = setSweepValuesText(form, '1,, 2');
    expect(issueFor(form, 'sweep.values')).toBe('value 2 of the list is empty');
    form = setSweepValuesText(form, ' 1 , 3 ');
    expect(form.config?.sweep?.values).toEqual([1, 3]);
  });

  it("refuses a value its field does not take, or one listed twice, on that value", () => {
    expect(sweepIssues(setSweepValuesText(withSweep(), '1, 11').issues)).toEqual([{ at: 'values.1', message: expect.stringMatching(/^bonus_weight: /) }]);
    expect(sweepIssues(setSweepValuesText(withSweep(), '1, 1').issues)).toEqual([{ at: 'values.1', message: '1 is listed twice' }]);
    expect(issueFor(setSweepValuesText(withSweep(), '1'), 'sweep.values')).toBe('a sweep needs two values or more');
    const form = setSweepValuesText(setSweepField(withSweep(), 'bonus'), 'margin, nonsense');
    expect(sweepIssues(form.issues).map((i) => i.at)).toEqual(['values.1']);
  });

  it('starts another field with its choices, and forgets the values typed for the last one', () => {
    const form = setSweepField(setSweepValuesText(withSweep(), '0, 3'), 'bonus');
    expect(form.config?.sweep).toMatchObject({ field: 'bonus', values: ['conversion', 'margin', 'none'] });
    expect(form.texts).toEqual({});
    // With bonus none, the points leave the bonus weight unread: Agon's weight, so nothing is refused.
    expect(form.issues).toEqual([]);
  });

  it('takes the other fields from a named row, less the swept one, and names that row back', () => {
    const form = setSweepBase(setSweepField(withSweep(), 'readout'), 'grpo-self-cascade');
    expect(form.config?.sweep?.arm).toEqual({ training: 'grpo' });
    expect(sweepBaseMethod(sweepOf(form)!)).toBe('grpo');
    expect(runRows(form.config!).filter((r) => r.source === 'sweep').map((r) => r.arm)).toEqual(['grpo', 'grpo', 'grpo']);
    expect(sweepBaseMethod({ field: 'bonus_weight', values: [1, 2], arm: { swap_every: 3 } })).toBeNull();
  });

  it('is removed with what was typed for it, leaving the config as the preset', () => {
    const form = removeSweep(setSweepValuesText(withSweep(), '0, 3'));
    expect('sweep' in form.draft).toBe(false);
    expect(form.texts).toEqual({});
    expect(form.config).toEqual(formFromPreset('micro', 'math').config);
  });
});

describe("a preset's sweep in the form", () => {
  const lecture = () => formFromPreset('lecture-bonus-weight', 'math');

  it('keeps its reference while the reference is still a point, and drops it with the value it named', () => {
    expect(lecture().config?.sweep?.reference).toBe('bonus_weight=1');
    expect(setSweepValuesText(lecture(), '0, 1, 4').config?.sweep?.reference).toBe('bonus_weight=1');
    const without = setSweepValuesText(lecture(), '0, 2, 4');
    expect(without.issues).toEqual([]);
    expect(without.config?.sweep?.reference).toBeUndefined();
    expect(sweepPreview(sweepOf(without)!)?.reference).toBe('bonus_weight=0');
  });

  it('keeps a reference to another row whatever the values', () => {
    const form = setSweepValuesText(withDraftSweep({ field: 'bonus_weight', values: [0, 1], arm: {}, reference: 'zero-shot' }), '2, 3');
    expect(form.config?.sweep?.reference).toBe('zero-shot');
  });

  it("drops the old field's reference and name with another field", () => {
    const form = setSweepField(withDraftSweep({ field: 'bonus_weight', values: [0, 1], arm: {}, name: 'w', reference: 'w=1' }), 'swap_every');
    expect(form.issues).toEqual([]);
    expect(form.config?.sweep).toEqual({ field: 'swap_every', values: [1, 2, 4], arm: {} });
  });
});

describe('parseSweepValues', () => {
  it('reads numbers for a number field and words for a field of choices', () => {
    expect(parseSweepValues('0, 0.5,2', 'bonus_weight')).toEqual({ ok: true, values: [0, 0.5, 2] });
    expect(parseSweepValues('swap, a-drafts', 'roles')).toEqual({ ok: true, values: ['swap', 'a-drafts'] });
    expect(parseSweepValues('  ', 'roles')).toEqual({ ok: false, message: 'list the values, separated by commas (0, 0.5, 1, 2)' });
  });
});
