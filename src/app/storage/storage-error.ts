/**
 * What can go wrong with browser storage, in words a user can act on. Whatever it
 * is, the run itself goes on in memory: storage failing never stops training.
 */
export type StorageProblem = 'unavailable' | 'full' | 'failed';

export class StorageError extends Error {
  constructor(
    readonly problem: StorageProblem,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message || e.name : String(e));

const isQuota = (e: unknown) => e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED');

/** IndexedDB could not be opened at all (private mode, blocked by settings, no IndexedDB). */
export function unavailable(e: unknown): StorageError {
  return new StorageError('unavailable', `Saved runs are off: browser storage (IndexedDB) is not available here (${reasonOf(e)}). Runs go on in memory and are lost on reload; export a run to keep it.`);
}

/** A write failed: a full disk or quota is told apart, since deleting old runs fixes it. */
export function writeFailed(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  if (isQuota(e)) return new StorageError('full', 'Browser storage is full, so this run is no longer being saved; it goes on in memory. Delete saved runs or export this one to keep it.');
  return new StorageError('failed', `Saving this run failed (${reasonOf(e)}); it goes on in memory. Export it to keep it.`);
}
