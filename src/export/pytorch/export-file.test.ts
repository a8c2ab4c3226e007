// export.json across versions: a project exported before custom arms (version 1: the paper's
// methods, Agon options bonus / fixedRoles / sharedOpponent) reads in today's train.py as the
// same rows and arms today's export writes; a version train.py does not know is refused.
import { describe, expect, it } from 'vitest';
import { METHOD_SPECS, METHODS } from '../../core/experiment/methods';
import { PYTORCH_EXPORT_VERSION, pytorchRun } from '../../core/export/pytorch-arms';
import { probe, skipWithoutTorch } from './python';

/** export.json's methods and arms as version 1 wrote them, for a config with every method. */
const VERSION_1 = {
  config: { methods: [...METHODS] },
  methods: Object.fromEntries(Object.entries(METHOD_SPECS).map(([m, s]) => [m, { label: s.label, arm: s.arm, readout: s.readout }])),
  arms: {
    base: { kind: 'base' },
    grpo: { kind: 'grpo' },
    agon: { kind: 'agon', options: { bonus: 'conversion', fixedRoles: false, sharedOpponent: false } },
    'agon-fixed-roles': { kind: 'agon', options: { bonus: 'conversion', fixedRoles: true, sharedOpponent: false } },
    'agon-shared-opponent': { kind: 'agon', options: { bonus: 'conversion', fixedRoles: false, sharedOpponent: true } },
    'agon-margin': { kind: 'agon', options: { bonus: 'margin', fixedRoles: false, sharedOpponent: false } },
    'agon-cooperative': { kind: 'agon', options: { bonus: 'none', fixedRoles: false, sharedOpponent: false } },
  },
};

describe.skipIf(skipWithoutTorch())('export.json versions in train.py', () => {
  it('reads a version-1 file as the rows and arms version 2 writes', () => {
    const upgraded = probe<{ version: number; rows: unknown; arms: unknown; methods?: unknown }>('upgrade', VERSION_1);
    const today = pytorchRun({ methods: [...METHODS] });
    expect(upgraded.version).toBe(PYTORCH_EXPORT_VERSION);
    expect(upgraded.rows).toEqual(today.rows);
    expect(upgraded.arms).toEqual(today.arms);
    expect(upgraded.methods).toBeUndefined();
  });

  it('refuses a version it does not know, saying what to do', () => {
    expect(() => probe('upgrade', { ...VERSION_1, version: 3 })).toThrow(/export.json is version 3, and this train.py reads versions 1 and 2: export the project again/);
  });
});
