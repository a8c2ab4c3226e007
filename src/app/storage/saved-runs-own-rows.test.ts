/** Saved runs whose configs have arms of their own and a sweep: saved, reopened with their rows, compared row by row by name. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { runRows } from '../../core/experiment/run-rows';
import { useAppStore } from '../store/app-store';
import { initialRunState, startedRun } from '../store/run-state';
import { candidate, evalPoint } from '../testing/fixtures';
import { fakeResult } from '../testing/share-fixtures';
import { compareRows, tableOf } from './compare';
import { pairedCompareRows, referenceChoices } from './compare-paired';
import { SAVE_INTERVAL_MS, startRecorder } from './recorder';
import { openRunDb } from './run-db';
import { defaultRunName, type SavedRun } from './saved-run';
import { useSavedRuns } from './saved-runs-store';

const withOwn = (over: Record<string, unknown>): ExperimentConfig => experimentConfigSchema.parse({ ...PRESETS.micro, methods: ['agon', 'zero-shot'], ...over });
const own = withOwn({ arms: [{ name: 'solver-learns', learners: 'solver' }, { name: 'm3', solutions_per_draft: 3 }], sweep: { field: 'bonus_weight', values: [0, 1] } });

function finished(id: string, config: ExperimentConfig): SavedRun {
  const result = fakeResult(config);
  return { id, name: id, origin: 'here', status: 'complete', startedAt: 1, savedAt: 1, config, environment: null, basePair: null, seed: config.seed, seedResults: [result], arms: result.arms, result, rounds: [], messages: [] };
}

describe('saved runs with arms of their own and a sweep', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());
  beforeEach(() => {
    useSavedRuns.setState({ storage: 'opening', problem: null, db: null, runs: [], live: [], compare: [], damaged: {} });
    useAppStore.setState({ run: initialRunState, shown: null });
  });

  it('a live run is saved with its own rows as it goes, named by them, and reopens with them', async () => {
    await useSavedRuns.getState().init();
    stop = startRecorder();
    useAppStore.setState({ run: startedRun(own, 1), shown: { origin: 'live', id: 'live-own' } });
    const receive = useAppStore.getState().receive;
    receive({ type: 'experiment', event: { type: 'eval', arm: 'm3', point: evalPoint(0, { m3: { candidates: [candidate('A->B', 4, 10)], chosen: 0 } }) } });
    receive({ type: 'experiment', event: { type: 'eval', arm: 'agon', point: evalPoint(0, { agon: { candidates: [candidate('A->B', 3, 10)], chosen: 0 }, 'bonus_weight=1': { candidates: [candidate('A->B', 3, 10)], chosen: 0 } }) } });
    await new Promise((r) => setTimeout(r, SAVE_INTERVAL_MS + 200));

    const saved = (await (await openRunDb()).get('live-own'))!.run;
    expect(saved.name).toBe('agon, zero-shot, solver-learns, m3, bonus_weight sweep · math · 2 steps · seed 1');
    expect(saved.config).toEqual(own);
    expect(tableOf(saved).map((r) => [r.method, r.label, r.test.correct])).toEqual([['agon', 'Agon', 3], ['m3', 'm3', 4], ['bonus_weight=1', 'bonus_weight=1', 3]]);

    // A new page: nothing on screen, the run reopened from storage.
    stop();
    useAppStore.setState({ run: initialRunState, shown: null });
    await useSavedRuns.getState().open('live-own');
    expect(useAppStore.getState().shown).toEqual({ origin: 'saved', id: 'live-own' });
    expect(useAppStore.getState().run.arms).toEqual(saved.arms);
    expect(Object.keys(saved.arms).sort()).toEqual(['agon', 'm3']);
    expect(useSavedRuns.getState().damaged['live-own']).toBeUndefined();
  });

  it('a finished run reopens with its table of every row, its results checked like a file', async () => {
    const run = finished('done-own', own);
    await (await openRunDb()).put(run);
    await useSavedRuns.getState().init();
    await useSavedRuns.getState().open('done-own');
    expect(useSavedRuns.getState().damaged['done-own']).toBeUndefined();
    const shown = useAppStore.getState().run;
    expect(shown.result?.table.map((r) => r.method)).toEqual(runRows(own).map((r) => r.name));
    expect(shown.seedResults).toHaveLength(1);
    expect(Object.keys(shown.arms).sort()).toEqual(Object.keys(run.arms).sort());
  });

  it('a saved result naming a row its config does not have opens without it, the row named', async () => {
    const run = finished('forged-own', own);
    run.result = { ...run.result!, table: run.result!.table.map((r) => (r.method === 'm3' ? { ...r, method: 'wide' } : r)) };
    await (await openRunDb()).put(run);
    await useSavedRuns.getState().init();
    await useSavedRuns.getState().open('forged-own');
    expect(useAppStore.getState().run.result).toBeNull();
    expect(useSavedRuns.getState().damaged['forged-own']).toContain(`its final result: the result file is damaged or incomplete: table.3.method: "wide" is neither a method of the paper nor an arm of this result's config`);
  });
});

describe('comparing saved runs with rows of their own', () => {
  const other = withOwn({ arms: [{ name: 'm3', solutions_per_draft: 3 }, { name: 'cooperative-solo', bonus: 'none', readout: 'solo' }] });
  const a = finished('a', own);
  const b = finished('b', other);

  it('pairs rows by name: the paper\'s methods in the table\'s order, then the runs\' own as they first appear, a gap where a run lacks one', () => {
    const rows = compareRows([a, b]);
    expect(rows.map((r) => [r.method, r.label])).toEqual([
      ['agon', 'Agon'], ['zero-shot', 'Zero-shot base'], ['solver-learns', 'solver-learns'], ['m3', 'm3'], ['bonus_weight=0', 'bonus_weight=0'], ['bonus_weight=1', 'bonus_weight=1'], ['cooperative-solo', 'cooperative-solo'],
    ]);
    const cells = (name: string) => rows.find((r) => r.method === name)!.cells.map((c) => c?.correct ?? null);
    expect(cells('m3')).toEqual([a.result!.table.find((r) => r.method === 'm3')!.test.correct, b.result!.table.find((r) => r.method === 'm3')!.test.correct]);
    expect(cells('solver-learns')[1]).toBeNull();
    expect(cells('cooperative-solo')[0]).toBeNull();
  });

  it('offers the own rows as references, and pairs across runs whose configs differ only in their own arms and sweep', () => {
    expect(referenceChoices([a, b])).toContainEqual({ run: 'b', method: 'cooperative-solo' });
    const rows = pairedCompareRows([a, b], { run: 'a', method: 'm3' });
    const m3 = rows.find((r) => r.method === 'm3')!;
    expect(m3.cells[0]).toEqual({ ok: false, why: 'the reference' });
    expect(m3.cells[1]).toMatchObject({ ok: true });
    expect(rows.find((r) => r.method === 'cooperative-solo')!.cells).toEqual([null, expect.objectContaining({ ok: true })]);
    // Other problems (another eval_problems): not paired, whatever the rows.
    const elsewhere = finished('c', { ...other, eval_problems: 20 });
    expect(pairedCompareRows([a, elsewhere], { run: 'a', method: 'm3' }).find((r) => r.method === 'm3')!.cells[1]).toMatchObject({ ok: false, why: expect.stringContaining('another config') });
  });

  it('names a run by its own rows', () => {
    expect(defaultRunName(other)).toBe('agon, zero-shot, m3, cooperative-solo · math · 2 steps · seed 1');
    expect(defaultRunName(PRESETS.micro)).toBe('agon, grpo, moa, zero-shot · math · 2 steps · seed 1');
  });
});
