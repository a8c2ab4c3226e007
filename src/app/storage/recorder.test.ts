import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { initialRunState } from '../store/run-state';
import type { WorkerEvent } from '../worker/protocol';
import { agonRound, candidate, evalPoint } from '../testing/fixtures';
import { startRecorder, SAVE_INTERVAL_MS } from './recorder';
import { openRunDb, type RunDb } from './run-db';
import { listedStatus, useSavedRuns } from './saved-runs-store';

const settle = () => new Promise((r) => setTimeout(r, SAVE_INTERVAL_MS + 200));

const receive = (e: WorkerEvent) => useAppStore.getState().receive(e);
const experiment = (event: Extract<WorkerEvent, { type: 'experiment' }>['event']) => receive({ type: 'experiment', event });

function startRun(): string {
  useAppStore.setState({ backendStatus: 'ready', send: () => {}, run: initialRunState, shown: null });
  useAppStore.getState().start('http://localhost/checkpoints/');
  receive({ type: 'base-pair', pair: { id: 'math:x:y', files: { a: 'a', b: 'b' }, bytes: 2 } });
  experiment({ type: 'eval', arm: 'base', point: evalPoint(0, { 'zero-shot': { candidates: [candidate('A', 3, 10)], chosen: 0 } }) });
  experiment({ type: 'round', arm: 'agon', round: agonRound(0) });
  experiment({ type: 'checkpoint', arm: 'agon', member: 'B', step: 1, bytes: new Uint8Array([7, 7]), optimizer: new Uint8Array([0]), evalTokens: 10 });
  return useAppStore.getState().shown!.id;
}

describe('recorder', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());
  beforeEach(() => useSavedRuns.setState({ storage: 'opening', problem: null, db: null, runs: [], live: [], compare: [] }));

  it('saves a live run as it goes; after a reload it is listed as interrupted with its curves and checkpoints', async () => {
    await useSavedRuns.getState().init();
    stop = startRecorder();
    const id = startRun();
    await settle();
    expect(useSavedRuns.getState().live).toEqual([id]);

    // A new page: a fresh connection, and no tab holds the run any more.
    const db = await openRunDb();
    const saved = (await db.get(id))!;
    expect(saved.run.arms.base?.curve).toHaveLength(1);
    expect(saved.run.rounds).toHaveLength(1);
    expect(listedStatus(saved.run, [])).toBe('interrupted');
    expect(saved.checkpoints.map((c) => [c.arm, c.member, c.step])).toEqual([['agon', 'B', 1]]);

    await useSavedRuns.getState().open(id);
    expect(useAppStore.getState().run.status).toBe('running');
  });

  it('keeps a rename made during the run, and saves the end at once', async () => {
    await useSavedRuns.getState().init();
    stop = startRecorder();
    const id = startRun();
    await settle();
    await useSavedRuns.getState().rename(id, 'my run');
    experiment({ type: 'arm-error', arm: 'agon', message: 'x' });
    receive({ type: 'fatal', message: 'the worker crashed' });
    await settle();
    const saved = (await (await openRunDb()).get(id))!.run;
    expect(saved.name).toBe('my run');
    expect(saved.status).toBe('failed');
    expect(useSavedRuns.getState().live).toEqual([]);
  });

  it('reports a full storage once and lets the run go on in memory', async () => {
    const full = new DOMException('quota', 'QuotaExceededError');
    let puts = 0;
    const db: RunDb = {
      put: () => {
        puts++;
        return Promise.reject(full);
      },
      putCheckpoint: () => Promise.reject(full),
      list: () => Promise.resolve([]),
      get: () => Promise.resolve(undefined),
      rename: () => Promise.resolve(undefined),
      remove: () => Promise.resolve(),
    };
    await useSavedRuns.getState().init(() => Promise.resolve(db));
    stop = startRecorder();
    startRun();
    await settle();
    experiment({ type: 'round', arm: 'agon', round: agonRound(1) });
    await settle();
    expect(useSavedRuns.getState().problem).toMatch(/storage is full/);
    // The first failed write stops the saving of this run: no retry on every round.
    expect(puts).toBe(1);
    expect(useAppStore.getState().run.rounds).toHaveLength(2);
  });

  it('says saved runs are off when IndexedDB cannot be opened', async () => {
    await useSavedRuns.getState().init(() => Promise.reject(new Error('Saved runs are off: blocked')));
    expect(useSavedRuns.getState().storage).toBe('unavailable');
    expect(useSavedRuns.getState().problem).toContain('Saved runs are off');
  });
});
