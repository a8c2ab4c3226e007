/**
 * Which saved runs are still running in some open tab. A run lives in its page's
 * worker, so the page holds a Web Lock named after the run while it runs; a saved
 * run marked active whose lock nobody holds was cut short by a reload or a crash.
 * Without the Web Locks API every active-looking run counts as interrupted.
 */
const PREFIX = 'agon-run:';

const locks = (): LockManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/** Holds the lock of run `id` until the returned function is called. */
export function holdRunLock(id: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  void locks()?.request(PREFIX + id, () => held);
  return release;
}

export async function heldRunIds(): Promise<Set<string>> {
  const snapshot = await locks()?.query();
  const names = (snapshot?.held ?? []).map((lock) => lock.name ?? '');
  return new Set(names.filter((n) => n.startsWith(PREFIX)).map((n) => n.slice(PREFIX.length)));
}
