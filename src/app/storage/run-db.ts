/**
 * Saved runs in IndexedDB (through `idb`): one record per run in `runs`, and the
 * latest trained checkpoint of each model in `checkpoints`, keyed by run, arm and
 * member so a new checkpoint replaces the old one in place.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TrainedCheckpoint } from '../store/trained-checkpoints';
import type { SavedRun } from './saved-run';
import { unavailable, writeFailed } from './storage-error';

export const DB_NAME = 'agon-playground';
const DB_VERSION = 1;

interface StoredCheckpoint extends TrainedCheckpoint {
  runId: string;
}

interface RunsSchema extends DBSchema {
  runs: { key: string; value: SavedRun };
  checkpoints: { key: [string, string, string]; value: StoredCheckpoint; indexes: { runId: string } };
}

export interface RunDb {
  put(run: SavedRun): Promise<void>;
  /** Newest first. */
  list(): Promise<SavedRun[]>;
  get(id: string): Promise<{ run: SavedRun; checkpoints: TrainedCheckpoint[] } | undefined>;
  rename(id: string, name: string): Promise<SavedRun | undefined>;
  remove(id: string): Promise<void>;
  putCheckpoint(runId: string, checkpoint: TrainedCheckpoint): Promise<void>;
}

/** Opens (and on first use creates) the database; fails with a StorageError saying saved runs are off. */
export async function openRunDb(): Promise<RunDb> {
  let db: IDBPDatabase<RunsSchema>;
  try {
    if (typeof indexedDB === 'undefined') throw new Error('this browser has no IndexedDB');
    db = await openDB<RunsSchema>(DB_NAME, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('runs', { keyPath: 'id' });
        database.createObjectStore('checkpoints', { keyPath: ['runId', 'arm', 'member'] }).createIndex('runId', 'runId');
      },
    });
  } catch (e) {
    throw unavailable(e);
  }
  return runDb(db);
}

/** Every write goes through here, so a full quota or any other failure becomes a StorageError. */
async function write<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (e) {
    throw writeFailed(e);
  }
}

function runDb(db: IDBPDatabase<RunsSchema>): RunDb {
  const checkpointsOf = async (runId: string): Promise<TrainedCheckpoint[]> => {
    const stored = await db.getAllFromIndex('checkpoints', 'runId', runId);
    return stored.map(({ runId: _runId, ...checkpoint }) => checkpoint);
  };
  return {
    put: (run) => write(async () => void (await db.put('runs', run))),
    list: async () => (await db.getAll('runs')).sort((a, b) => b.startedAt - a.startedAt),
    get: async (id) => {
      const run = await db.get('runs', id);
      return run ? { run, checkpoints: await checkpointsOf(id) } : undefined;
    },
    rename: (id, name) =>
      write(async () => {
        const tx = db.transaction('runs', 'readwrite');
        const run = await tx.store.get(id);
        if (run) await tx.store.put({ ...run, name });
        await tx.done;
        return run && { ...run, name };
      }),
    remove: (id) =>
      write(async () => {
        const tx = db.transaction(['runs', 'checkpoints'], 'readwrite');
        await tx.objectStore('runs').delete(id);
        const keys = await tx.objectStore('checkpoints').index('runId').getAllKeys(id);
        await Promise.all(keys.map((key) => tx.objectStore('checkpoints').delete(key)));
        await tx.done;
      }),
    putCheckpoint: (runId, c) => write(async () => void (await db.put('checkpoints', { ...c, runId }))),
  };
}
