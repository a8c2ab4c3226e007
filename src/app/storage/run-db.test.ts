import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { openRunDb } from './run-db';
import type { SavedRun } from './saved-run';
import { StorageError, unavailable, writeFailed } from './storage-error';

function run(id: string, startedAt: number): SavedRun {
  return { id, name: id, origin: 'here', status: 'running', startedAt, savedAt: startedAt, config: DEFAULT_EXPERIMENT, environment: null, basePair: null, arms: {}, result: null, rounds: [], messages: [] };
}

describe('run database (IndexedDB)', () => {
  it('saves, lists newest first, renames and deletes runs with their checkpoints', async () => {
    const db = await openRunDb();
    await db.put(run('old', 1));
    await db.put(run('new', 2));
    await db.put({ ...run('new', 2), status: 'complete' });
    expect((await db.list()).map((r) => [r.id, r.status])).toEqual([['new', 'complete'], ['old', 'running']]);

    await db.putCheckpoint('new', { arm: 'agon', member: 'A', step: 1, bytes: new Uint8Array([1]), optimizer: new Uint8Array([0]), evalTokens: 0 });
    await db.putCheckpoint('new', { arm: 'agon', member: 'A', step: 2, bytes: new Uint8Array([2]), optimizer: new Uint8Array([0]), evalTokens: 0 });
    await db.putCheckpoint('new', { arm: 'agon', member: 'B', step: 2, bytes: new Uint8Array([3]), optimizer: new Uint8Array([0]), evalTokens: 0 });
    await db.putCheckpoint('old', { arm: 'grpo', member: 'A', step: 1, bytes: new Uint8Array([4]), optimizer: new Uint8Array([0]), evalTokens: 0 });
    const found = await db.get('new');
    // The newer checkpoint of a model replaces the older one.
    expect(found?.checkpoints.map((c) => [c.arm, c.member, c.step, [...c.bytes]])).toEqual([['agon', 'A', 2, [2]], ['agon', 'B', 2, [3]]]);

    expect((await db.rename('new', 'renamed'))?.name).toBe('renamed');
    expect((await db.get('new'))?.run.name).toBe('renamed');
    expect(await db.rename('missing', 'x')).toBeUndefined();

    await db.remove('new');
    expect(await db.get('new')).toBeUndefined();
    expect((await db.list()).map((r) => r.id)).toEqual(['old']);
    expect((await db.get('old'))?.checkpoints).toHaveLength(1);
  });
});

describe('storage errors', () => {
  it('tells a full quota apart from other failures, and says the run goes on in memory', () => {
    const full = writeFailed(new DOMException('quota', 'QuotaExceededError'));
    expect(full.problem).toBe('full');
    expect(full.message).toMatch(/storage is full.*goes on in memory/);
    const other = writeFailed(new Error('disk on fire'));
    expect(other.problem).toBe('failed');
    expect(other.message).toContain('disk on fire');
    expect(writeFailed(full)).toBe(full);
    const off = unavailable(new DOMException('denied', 'SecurityError'));
    expect(off).toBeInstanceOf(StorageError);
    expect(off.message).toMatch(/not available here \(denied\).*in memory/);
  });
});
