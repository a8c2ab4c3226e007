import { describe, expect, it } from 'vitest';
import { PRESETS } from '../core/experiment/presets';
import type { ExperimentResult } from '../core/experiment/result';
import { fakeResult } from '../app/testing/share-fixtures';
import { pooledTableText } from './pooled-table';

const config = { ...PRESETS.micro, methods: ['agon', 'grpo', 'zero-shot'] as const, eval_problems: 200 };
const results = [1, 2].map((seed) => fakeResult({ ...config, methods: [...config.methods], seed }));
const WORDS = /^(ahead|behind) by \d+\.\d points, 95% interval -?\d+\.\d to -?\d+\.\d$|^no difference shown \(95% interval -?\d+\.\d to -?\d+\.\d\)$/;
const cells = (text: string) => text.split('\n').slice(2).map((line) => line.split(' | ').at(-1)!.replace(/ \|$/, ''));

describe('the pooled table of the CLI', () => {
  it('ends each row with the paired difference from the reference, in the words the app uses', () => {
    const text = pooledTableText(results, 'agon');
    expect(text.split('\n')[0]).toMatch(/\| vs Agon \(paired\) \|$/);
    const [agon, grpo, zeroShot] = cells(text);
    expect(agon).toBe('the reference');
    expect(grpo).toMatch(WORDS);
    // The fixture scores each method 3 points above the one before it: zero-shot is 6 above Agon.
    expect(zeroShot).toMatch(/^ahead by 6\.0 points/);
    expect(cells(pooledTableText(results, 'zero-shot'))[2]).toBe('the reference');
  });

  it('says why for results from before per-problem outcomes were kept', () => {
    const old = results.map((r): ExperimentResult => ({ ...r, table: r.table.map(({ testOutcomes: _, ...row }) => row) }));
    expect(cells(pooledTableText(old, 'agon')).slice(1)).toEqual(['per-problem outcomes not recorded in this result', 'per-problem outcomes not recorded in this result']);
  });
});
