/** A saved run whose checkpoint was damaged in IndexedDB: opening it says so in the list, and the other runs stay usable. */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { encodeCheckpoint } from '../../core/model/checkpoint';
import { TINY_CONFIG, useWasmBackend, weightsOffset } from '../../core/model/testing';
import { Transformer } from '../../core/model/transformer';
import { TOKENIZER_VERSION } from '../../core/tokenizer/tokenizer';
import { useAppStore } from '../store/app-store';
import type { TrainedCheckpoint } from '../store/trained-checkpoints';
import { openRunDb, type RunDb } from './run-db';
import type { SavedRun } from './saved-run';
import { useSavedRuns } from './saved-runs-store';

let model: Transformer;
let bytes: Uint8Array;

function run(id: string, startedAt: number): SavedRun {
  return { id, name: `run ${id}`, origin: 'here', status: 'interrupted', startedAt, savedAt: startedAt, config: DEFAULT_EXPERIMENT, environment: null, basePair: null, arms: {}, result: null, rounds: [], messages: [] };
}

const checkpoint = (member: 'A' | 'B', weights: Uint8Array): TrainedCheckpoint => ({ arm: 'agon', member, step: 2, bytes: weights, optimizer: new Uint8Array([0]), evalTokens: 0 });

/** The checkpoint with one byte of its weights flipped: still finite numbers, a checksum that no longer matches. */
function flipped(original: Uint8Array): Uint8Array {
  const out = original.slice();
  const at = weightsOffset(out) + 9;
  out[at] = out[at]! ^ 0x01;
  return out;
}

const openedCheckpoints = () => useAppStore.getState().run.checkpoints.map((c) => c.member);

beforeAll(async () => {
  await useWasmBackend();
  model = new Transformer(TINY_CONFIG, 1);
  bytes = encodeCheckpoint(model, { tokenizerVersion: TOKENIZER_VERSION });
  const db = await openRunDb();
  await db.put(run('good', 1));
  await db.put(run('bad', 2));
  await db.putCheckpoint('good', checkpoint('A', bytes));
  await db.putCheckpoint('good', checkpoint('B', bytes));
  await db.putCheckpoint('bad', checkpoint('A', bytes));
  await db.putCheckpoint('bad', checkpoint('B', flipped(bytes)));
});
afterAll(() => model.dispose());

describe('a saved run with a damaged checkpoint', () => {
  it('opens without it and says in its row what is wrong and where; the other run opens whole', async () => {
    await useSavedRuns.getState().init();
    expect(useSavedRuns.getState().runs.map((r) => r.id)).toEqual(['bad', 'good']);

    await useSavedRuns.getState().open('bad');
    expect(useAppStore.getState().shown?.id).toBe('bad');
    expect(openedCheckpoints()).toEqual(['A']);
    const damage = useSavedRuns.getState().damaged.bad;
    expect(damage).toMatch(/^Opened without this damaged checkpoint \(continuing the run starts its arm over\): /);
    expect(damage).toContain('saved run "run bad", checkpoint of agon model B at step 2: tensor "wte" does not match its checksum');

    await useSavedRuns.getState().open('good');
    expect(useAppStore.getState().shown?.id).toBe('good');
    expect(openedCheckpoints()).toEqual(['A', 'B']);
    expect(useSavedRuns.getState().damaged).toEqual({ bad: damage });
  });

  it('refuses non-finite weights saved with a valid checksum', async () => {
    const nan = new Transformer(TINY_CONFIG, 2);
    nan.weights[0]!.assign(nan.weights[0]!.mul(Number.NaN));
    const db = await openRunDb();
    await db.put(run('nan', 3));
    await db.putCheckpoint('nan', checkpoint('A', encodeCheckpoint(nan, { tokenizerVersion: TOKENIZER_VERSION })));
    nan.dispose();
    await useSavedRuns.getState().init();
    await useSavedRuns.getState().open('nan');
    expect(openedCheckpoints()).toEqual([]);
    expect(useSavedRuns.getState().damaged.nan).toContain('checkpoint of agon model A at step 2: tensor "wte" holds NaN at index 0');
  });

  it('keeps the list and the other runs when a run cannot be read at all', async () => {
    const db = await openRunDb();
    const broken: RunDb = { ...db, get: (id) => (id === 'bad' ? Promise.reject(new Error('the record is unreadable')) : db.get(id)) };
    await useSavedRuns.getState().init(() => Promise.resolve(broken));
    await useSavedRuns.getState().open('bad');
    expect(useSavedRuns.getState().damaged.bad).toBe('Saved run "run bad" could not be read: the record is unreadable');
    await useSavedRuns.getState().open('good');
    expect(useAppStore.getState().shown?.id).toBe('good');
    expect(openedCheckpoints()).toEqual(['A', 'B']);
    // Deleting the run clears what was said about it.
    await useSavedRuns.getState().remove('bad');
    expect(useSavedRuns.getState().damaged.bad).toBeUndefined();
    expect(useSavedRuns.getState().runs.map((r) => r.id)).toEqual(['nan', 'good']);
  });
});
