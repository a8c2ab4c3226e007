import { describe, expect, it } from 'vitest';
import { AGON_FIELDS, ARM_FIELD_NAMES, armFieldsSchema, armParityProblem, armSpec, FIELD_EXPLAIN, unreadFields, unreadReason, type ArmFields } from './arm-fields';
import { issuesText } from './schema-issues';
import { ARMS, METHODS, methodFields, METHOD_SPECS, NAMED_ARMS } from './methods';

/** The first issue of parsing `input` as an arm's fields, as "path: message". */
function refusal(input: unknown): string {
  const parsed = armFieldsSchema.safeParse(input);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return issuesText(parsed.error);
}

describe('an arm as fields', () => {
  it('explains every field in one line', () => {
    expect(Object.keys(FIELD_EXPLAIN).sort()).toEqual([...ARM_FIELD_NAMES].sort());
    for (const field of ARM_FIELD_NAMES) {
      expect(FIELD_EXPLAIN[field].length, field).toBeGreaterThan(20);
      expect(FIELD_EXPLAIN[field], field).not.toMatch(/\n/);
    }
  });

  it('defaults every absent field to Agon\'s', () => {
    expect(armFieldsSchema.parse({})).toEqual(AGON_FIELDS);
    expect(armFieldsSchema.parse({ bonus_weight: 2 })).toEqual({ ...AGON_FIELDS, bonus_weight: 2 });
  });

  it('makes the paper\'s rows presets: each ablation is Agon with one field changed', () => {
    const changed = (m: (typeof METHODS)[number]) => ARM_FIELD_NAMES.filter((f) => methodFields(m)[f] !== AGON_FIELDS[f]);
    expect(changed('agon')).toEqual([]);
    expect(changed('agon-fixed-roles')).toEqual(['roles']);
    expect(changed('agon-shared-opponent')).toEqual(['opponent']);
    expect(changed('agon-margin')).toEqual(['bonus']);
    expect(changed('agon-cooperative')).toEqual(['bonus']);
    expect(methodFields('grpo')).toMatchObject({ training: 'grpo', readout: 'solo' });
    expect(methodFields('grpo-self-cascade')).toMatchObject({ training: 'grpo', readout: 'self-cascade' });
    expect(methodFields('self-refine')).toMatchObject({ training: 'none', readout: 'self-cascade' });
    expect(methodFields('moa')).toMatchObject({ training: 'none', readout: 'pair-cascade' });
    expect(methodFields('zero-shot')).toMatchObject({ training: 'none', readout: 'solo' });
    // Every preset passes the schema it would pass in a config.
    for (const m of METHODS) expect(armFieldsSchema.parse(methodFields(m)), m).toEqual(methodFields(m));
    for (const m of METHODS) expect(NAMED_ARMS[METHOD_SPECS[m].arm], m).toBeDefined();
  });

  it('trains the named arms as before: their names, order and mechanisms', () => {
    expect(Object.keys(ARMS)).toEqual(['base', 'grpo', 'agon', 'agon-fixed-roles', 'agon-shared-opponent', 'agon-margin', 'agon-cooperative']);
    expect(armSpec(methodFields('agon'))).toEqual({ kind: 'agon', options: { bonus: 'conversion', bonus_weight: 1, roles: 'swap', swap_every: 1, opponent: 'own-draft', solutions_per_draft: 1, learners: 'both', drafter_reward: 'plain' } });
  });

  it('refuses out-of-range values, wrong types and unknown fields, naming the field', () => {
    expect(refusal({ bonus_weight: -1 })).toMatch(/^bonus_weight: .*>=0/);
    expect(refusal({ bonus_weight: 11 })).toMatch(/^bonus_weight: .*<=10/);
    expect(refusal({ swap_every: 0 })).toMatch(/^swap_every: /);
    expect(refusal({ swap_every: 1.5 })).toBe('swap_every: must be a whole number');
    expect(refusal({ solutions_per_draft: 128 })).toMatch(/^solutions_per_draft: .*<=127/);
    expect(refusal({ bonus: 'double' })).toMatch(/^bonus: .*"conversion"\|"margin"\|"none"/);
    expect(refusal({ bonus_weight: '2' })).toMatch(/^bonus_weight: .*expected number, received string/);
    expect(refusal({ roles: null })).toMatch(/^roles: /);
    expect(refusal({ bonus_wieght: 2 })).toMatch(/^\(root\): .*"bonus_wieght"/);
    expect(refusal('agon')).toMatch(/expected object/);
    expect(refusal({ bonus_weight: Number.NaN })).toMatch(/^bonus_weight: /);
  });

  it('refuses a field the other fields leave unread, saying why', () => {
    expect(refusal({ training: 'grpo', bonus: 'margin' })).toBe('bonus: not read here: only Agon training reads it (training is grpo); leave it out (Agon\'s "conversion")');
    expect(refusal({ roles: 'a-drafts', swap_every: 10 })).toMatch(/^swap_every: not read here: only swapping roles read it \(roles is a-drafts\)/);
    expect(refusal({ bonus: 'none', bonus_weight: 2 })).toMatch(/^bonus_weight: not read here: no bonus is paid/);
    expect(refusal({ bonus: 'none', drafter_reward: 'zero-sum' })).toMatch(/^drafter_reward: not read here/);
    // One message per field, however many rules leave it unread.
    expect(unreadFields({ ...AGON_FIELDS, training: 'none', bonus: 'none', bonus_weight: 2 }).map((u) => u.field)).toEqual(['bonus', 'bonus_weight']);
    // Unread fields at Agon's value are fine: a GRPO arm is Agon's fields with training grpo.
    expect(armFieldsSchema.parse({ training: 'grpo', readout: 'solo' })).toEqual({ ...AGON_FIELDS, training: 'grpo', readout: 'solo' });
  });

  it('says why a field is unread whatever its value, for a form to disable it', () => {
    expect(ARM_FIELD_NAMES.filter((f) => unreadReason(AGON_FIELDS, f) !== null)).toEqual([]);
    const grpo = { ...AGON_FIELDS, training: 'grpo' as const };
    expect(ARM_FIELD_NAMES.filter((f) => unreadReason(grpo, f) !== null)).toEqual(['bonus', 'bonus_weight', 'roles', 'swap_every', 'opponent', 'solutions_per_draft', 'learners', 'drafter_reward']);
    expect(unreadReason({ ...AGON_FIELDS, roles: 'b-drafts' }, 'swap_every')).toBe('only swapping roles read it (roles is b-drafts)');
    expect(unreadReason({ ...AGON_FIELDS, bonus: 'none' }, 'bonus_weight')).toBe('no bonus is paid (bonus is none)');
    expect(unreadReason({ ...AGON_FIELDS, bonus: 'none' }, 'readout')).toBeNull();
  });

  it('checks compute parity against num_generations', () => {
    const m = (solutions_per_draft: number): ArmFields => ({ ...AGON_FIELDS, solutions_per_draft });
    expect(armParityProblem(m(3), 8)).toBeNull();
    expect(armParityProblem(m(2), 8)).toMatch(/m \+ 1 must divide 16, so m can be 1, 3, 7, 15$/);
    expect(armParityProblem(m(2), 6)).toBeNull();
    expect(armParityProblem({ ...AGON_FIELDS, training: 'grpo' }, 8)).toBeNull();
  });
});
