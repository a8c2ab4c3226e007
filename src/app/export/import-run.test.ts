import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, experimentConfigSchema } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { runRows } from '../../core/experiment/run-rows';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ExperimentResult } from '../../core/experiment/result';
import { useAppStore } from '../store/app-store';
import { initialRunState } from '../store/run-state';
import { useSavedRuns } from '../storage/saved-runs-store';
import { candidate, evalPoint } from '../testing/fixtures';
import { fakeResult } from '../testing/share-fixtures';
import { resultFileText } from './files';
import { importRunFiles, MAX_IMPORT_BYTES } from './import-run';
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
    expect(await importRunFiles([file('result-seed1.json', resultFileText(result()))])).toBeNull();
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
    expect(await importRunFiles([file('notes.json', '{"hello": 1}')])).toMatch(/^notes\.json: not an Agon Playground result/);
    expect(await importRunFiles([{ name: 'huge.json', size: MAX_IMPORT_BYTES + 1, text: () => Promise.reject(new Error('must not be read')) }])).toMatch(/more than a run file can be/);
    expect(useAppStore.getState().shown).toBeNull();
  });

  it('round-trips a partial result of an interrupted run: export, then import, same table', async () => {
    const full = result();
    const interrupted = { ...initialRunState, status: 'interrupted' as const, config: full.config, arms: full.arms, startedAt: 0 };
    const partial = resultOf(interrupted, null, 1000)!;
    expect(partial.status).toBe('interrupted');
    expect(partial.table).toEqual(full.table);
    expect(await importRunFiles([file('partial.json', resultFileText(partial))])).toBeNull();
    expect(useAppStore.getState().run.status).toBe('interrupted');
    expect(useAppStore.getState().run.result?.table).toEqual(full.table);
  });

  it('imports the seeds of one experiment together as one run, pooled; refuses files of different experiments', async () => {
    const seed = (n: number): ExperimentResult => ({ ...result(), config: { ...result().config, seed: n } });
    const files = [file('result-seed3.json', resultFileText(seed(3))), file('result-seed1.json', resultFileText(seed(1)))];
    expect(await importRunFiles(files)).toBeNull();
    const { run } = useAppStore.getState();
    expect(run.config?.seeds).toEqual([1, 3]);
    expect(run.seedResults.map((r) => r.config.seed)).toEqual([1, 3]);
    const saved = useSavedRuns.getState().runs.find((r) => r.id === useAppStore.getState().shown?.id);
    expect(saved?.name).toBe('result-seed3.json and 1 more seed (imported)');

    useAppStore.setState({ run: initialRunState, shown: null });
    const other = { ...seed(2), config: { ...seed(2).config, steps: 700 } };
    expect(await importRunFiles([file('a.json', resultFileText(seed(1))), file('b.json', resultFileText(other))])).toMatch(/^a\.json, b\.json: seed 2 is from another experiment/);
    expect(await importRunFiles([file('a.json', resultFileText(seed(1))), file('b.json', resultFileText(seed(1)))])).toMatch(/seed 1 is there twice/);
    expect(useAppStore.getState().shown).toBeNull();
  });

  it('imports results of arms of their own and a sweep, every row kept; an interrupted one too, its table rebuilt from its arms', async () => {
    const own = experimentConfigSchema.parse({ ...PRESETS.micro, methods: ['agon'], arms: [{ name: 'm3', solutions_per_draft: 3 }], sweep: { field: 'swap_every', values: [1, 4] } });
    const seeds = [1, 2].map((seed) => fakeResult({ ...own, seed }));
    expect(await importRunFiles(seeds.map((r, i) => file(`result-seed${i + 1}.json`, resultFileText(r))))).toBeNull();
    const { run } = useAppStore.getState();
    expect(run.config).toEqual({ ...own, seeds: [1, 2] });
    expect(run.seedResults.map((r) => r.table.map((row) => [row.method, row.label]))).toEqual(seeds.map((r) => r.table.map((row) => [row.method, row.label])));
    expect(run.result?.table.map((r) => r.method)).toEqual(['agon', 'm3', 'swap_every=1', 'swap_every=4']);

    useAppStore.setState({ run: initialRunState, shown: null });
    const partial = resultOf({ ...initialRunState, status: 'interrupted', config: own, arms: seeds[0]!.arms, startedAt: 0 }, null, 1000)!;
    expect(partial.table.map((r) => r.method)).toEqual(runRows(own).map((r) => r.name));
    expect(await importRunFiles([file('partial.json', resultFileText(partial))])).toBeNull();
    expect(useAppStore.getState().run.result?.table).toEqual(seeds[0]!.table);
  });

  it('refuses a file whose rows are not of its config, naming the row', async () => {
    const own = experimentConfigSchema.parse({ ...PRESETS.micro, methods: ['agon'], arms: [{ name: 'm3', solutions_per_draft: 3 }] });
    const forged = fakeResult(own);
    forged.table[1]!.method = 'wide';
    expect(await importRunFiles([file('forged.json', resultFileText(forged))])).toMatch(/^forged\.json: .*table\.1\.method: "wide" is neither a method of the paper nor an arm of this result's config/);
  });
});
