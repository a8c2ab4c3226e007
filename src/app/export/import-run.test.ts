import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ExperimentResult } from '../../core/experiment/result';
import { useAppStore } from '../store/app-store';
import { initialRunState } from '../store/run-state';
import { useSavedRuns } from '../storage/saved-runs-store';
import { candidate, evalPoint } from '../testing/fixtures';
import { resultFileText } from './files';
import { importRunFile, MAX_IMPORT_BYTES } from './import-run';
import { resultOf } from './run-result';

const file = (name: string, text: string) => ({ name, size: text.length, text: () => Promise.resolve(text) });

function result(): ExperimentResult {
  const config = { ...DEFAULT_EXPERIMENT, methods: ['zero-shot' as const], base_pair: 'math:a:b' };
  const arms = { base: { curve: [evalPoint(0, { 'zero-shot': { candidates: [candidate('A', 3, 10), candidate('B', 4, 10)], chosen: 1 } })], stepsDone: 0, evalTokens: 10 } };
  const table = buildTable(config, arms);
  return { schema: RESULT_SCHEMA, version: RESULT_VERSION, status: 'complete', config, environment: { backend: 'webgpu', tfjsVersion: '4.22.0', appVersion: '0.1.0', platform: 'test' }, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:01:00.000Z', arms, table, headline: headline(table) };
}

describe('importing a run file', () => {
  beforeEach(async () => {
    useAppStore.setState({ run: initialRunState, shown: null });
    useSavedRuns.setState({ runs: [], problem: null });
    await useSavedRuns.getState().init();
  });

  it('draws a valid result as if it ran here and keeps it in the saved runs', async () => {
    expect(await importRunFile(file('result-seed1.json', resultFileText(result())))).toBeNull();
    const { run, shown } = useAppStore.getState();
    expect(shown?.origin).toBe('imported');
    expect(run.status).toBe('complete');
    expect(run.result?.table).toEqual(result().table);
    expect(run.arms).toEqual(result().arms);
    const saved = await useSavedRuns.getState().db!.get(shown!.id);
    expect(saved?.run.name).toBe('result-seed1.json (imported)');
    expect(useSavedRuns.getState().runs.map((r) => r.id)).toContain(shown!.id);
  });

  it('refuses a bad file with a message naming it, and draws nothing', async () => {
    expect(await importRunFile(file('notes.json', '{"hello": 1}'))).toMatch(/^notes\.json: not an Agon Playground result/);
    expect(await importRunFile({ name: 'huge.json', size: MAX_IMPORT_BYTES + 1, text: () => Promise.reject(new Error('must not be read')) })).toMatch(/more than a run file can be/);
    expect(useAppStore.getState().shown).toBeNull();
  });

  it('round-trips a partial result of an interrupted run: export, then import, same table', async () => {
    const full = result();
    const interrupted = { ...initialRunState, status: 'interrupted' as const, config: full.config, arms: full.arms, startedAt: 0 };
    const partial = resultOf(interrupted, null, 1000)!;
    expect(partial.status).toBe('interrupted');
    expect(partial.table).toEqual(full.table);
    expect(await importRunFile(file('partial.json', resultFileText(partial)))).toBeNull();
    expect(useAppStore.getState().run.status).toBe('interrupted');
    expect(useAppStore.getState().run.result?.table).toEqual(full.table);
  });
});
