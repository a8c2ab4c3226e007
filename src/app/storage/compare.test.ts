import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import type { ExperimentResult } from '../../core/experiment/result';
import { candidate, evalPoint } from '../testing/fixtures';
import { compareRows } from './compare';
import type { SavedRun } from './saved-run';

function run(id: string, methods: SavedRun['config']['methods'], correct: number): SavedRun {
  const readouts = Object.fromEntries(methods.map((m) => [m, { candidates: [candidate('A', correct, 10)], chosen: 0 }]));
  return { id, name: id, origin: 'here', status: 'interrupted', startedAt: 0, savedAt: 0, config: { ...DEFAULT_EXPERIMENT, methods }, environment: null, basePair: null, arms: { base: { curve: [evalPoint(0, readouts)], stepsDone: 0, evalTokens: 0 } }, result: null, rounds: [], messages: [] };
}

describe('compareRows', () => {
  it('puts runs side by side per method, in the paper table order, with gaps where a run lacks a method', () => {
    const rows = compareRows([run('a', ['zero-shot'], 3), run('b', ['moa', 'zero-shot'], 5)]);
    expect(rows.map((r) => r.method)).toEqual(['moa', 'zero-shot']);
    expect(rows[0]!.cells.map((c) => c?.passAt1 ?? null)).toEqual([null, 0.5]);
    expect(rows[1]!.cells.map((c) => c?.passAt1 ?? null)).toEqual([0.3, 0.5]);
  });

  it('compares a run of several seeds by its pooled pass@1', () => {
    const seed = (n: number, correct: number) => ({ status: 'complete', config: { ...DEFAULT_EXPERIMENT, seed: n }, table: [{ method: 'zero-shot', label: 'zero-shot', chosen: 'A', test: { correct, n: 10, passAt1: correct / 10, low: 0, high: 1 }, finalLength: 1, candidates: [] }] }) as unknown as ExperimentResult;
    const pooled = { ...run('p', ['zero-shot'], 9), seedResults: [seed(1, 2), seed(2, 4)] };
    expect(compareRows([pooled])[0]!.cells[0]).toMatchObject({ correct: 6, n: 20, passAt1: 0.3 });
  });
});
