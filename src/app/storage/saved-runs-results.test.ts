/** A saved run whose results were edited to impossible scores: it opens without them, says so in its row, and compares without throwing. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ExperimentConfig } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { fakeResult } from '../testing/share-fixtures';
import { useAppStore } from '../store/app-store';
import { compareRows } from './compare';
import { openRunDb } from './run-db';
import type { SavedRun } from './saved-run';
import { useSavedRuns } from './saved-runs-store';

const config: ExperimentConfig = { ...PRESETS.micro, methods: ['agon', 'grpo', 'zero-shot'], seed: 1, seeds: [1, 2] };
const seedResult = (seed: number) => fakeResult({ ...config, seeds: undefined, seed });

function saved(id: string, startedAt: number, edit?: (run: SavedRun) => void): SavedRun {
  const seedResults = [seedResult(1), seedResult(2)];
  const run: SavedRun = { id, name: `run ${id}`, origin: 'here', status: 'complete', startedAt, savedAt: startedAt, config, environment: null, basePair: null, seed: 2, seedResults, arms: structuredClone(seedResults[1]!.arms), result: seedResults[1]!, rounds: [], messages: [] };
  edit?.(run);
  return run;
}

describe('a saved run with impossible scores', () => {
  it('opens without the damaged result, naming the field; compares without throwing; the other run opens whole', async () => {
    const db = await openRunDb();
    const forged = saved('forged', 2, (run) => {
      run.seedResults![0]!.table[0]!.test = { correct: 1_000_000_000, n: 1, passAt1: 1, low: 0.9, high: 0.1 };
    });
    await db.put(saved('good', 1));
    await db.put(forged);
    await useSavedRuns.getState().init();

    await useSavedRuns.getState().open('forged');
    expect(useAppStore.getState().run.seedResults.map((r) => r.config.seed)).toEqual([2]);
    const damage = useSavedRuns.getState().damaged.forged;
    expect(damage).toContain('the result of seed 1: the result file is damaged or incomplete: table.0.test.correct: correct (1000000000) is greater than n (1)');

    expect(() => compareRows([forged, saved('good', 1)])).not.toThrow();

    await useSavedRuns.getState().open('good');
    expect(useAppStore.getState().run.seedResults.map((r) => r.config.seed)).toEqual([1, 2]);
    expect(useSavedRuns.getState().damaged.good).toBeUndefined();
  });

  it('opens without curves whose steps go backwards', async () => {
    const db = await openRunDb();
    await db.put(saved('steps', 3, (run) => {
      run.arms.agon!.curve.reverse();
    }));
    await useSavedRuns.getState().init();
    await useSavedRuns.getState().open('steps');
    expect(useAppStore.getState().run.arms).toEqual({});
    expect(useSavedRuns.getState().damaged.steps).toContain("its curves are damaged: arms.agon.curve.1.step: the curve's steps must increase");
  });
});
