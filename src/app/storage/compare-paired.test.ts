import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import type { MethodName } from '../../core/experiment/methods';
import { encodeOutcomes } from '../../core/eval/outcomes';
import { candidate, evalPoint } from '../testing/fixtures';
import { defaultReference, pairedCompareRows, referenceChoices } from './compare-paired';
import type { SavedRun } from './saved-run';

const bools = (bits: string) => [...bits].map((b) => b === '1');

/** A saved run whose methods got right the problems marked 1 in `bits`. */
function run(id: string, methods: Partial<Record<MethodName, string>>, over: Partial<SavedRun['config']> = {}): SavedRun {
  const names = Object.keys(methods) as MethodName[];
  const readouts = Object.fromEntries(names.map((m) => {
    const right = bools(methods[m]!);
    return [m, { candidates: [candidate('A', right.filter(Boolean).length, right.length, { testOutcomes: encodeOutcomes(right) })], chosen: 0 }];
  }));
  return { id, name: id, origin: 'here', status: 'interrupted', startedAt: 0, savedAt: 0, config: { ...DEFAULT_EXPERIMENT, methods: names, ...over }, environment: null, basePair: null, arms: { base: { curve: [evalPoint(0, readouts)], stepsDone: 0, evalTokens: 0 } }, result: null, rounds: [], messages: [] };
}

describe('paired differences between saved runs', () => {
  const a = run('a', { moa: '1111111111', 'zero-shot': '0000000000' });
  const b = run('b', { 'zero-shot': '0000011111' });
  const other = run('c', { 'zero-shot': '1111100000' }, { eval_problems: 10 });

  it('offers every method of every run as the reference, Agon first when there is one, else the first', () => {
    expect(referenceChoices([a, b])).toEqual([{ run: 'a', method: 'moa' }, { run: 'a', method: 'zero-shot' }, { run: 'b', method: 'zero-shot' }]);
    expect(defaultReference(referenceChoices([a, b]))).toEqual({ run: 'a', method: 'moa' });
  });

  it('pairs a method of one run with the reference of another run of the same config', () => {
    const rows = pairedCompareRows([a, b, other], { run: 'b', method: 'zero-shot' });
    const words = rows.map((r) => [r.method, r.cells.map((c) => (c === null ? null : c.ok ? c.difference.mean : c.why))]);
    expect(words).toEqual([
      ['moa', [0.5, null, null]],
      ['zero-shot', [-0.5, 'the reference', "another config than the reference's run, so not the same problems and seeds"]],
    ]);
  });
});
