/**
 * The saved runs as the page sees them: the list (newest first), which of them are
 * still running in some tab, the runs picked for comparison, the one storage problem
 * to show, and the runs found damaged when opened. Actions that draw a run hand it to
 * the app store's showRun.
 */
import { create } from 'zustand';
import { useAppStore } from '../store/app-store';
import { checkedResults } from './checked-results';
import { checkedCheckpoints } from './checked-checkpoints';
import { heldRunIds } from './run-locks';
import { openRunDb, type RunDb } from './run-db';
import { isActiveStatus, runStateFrom, type SavedRun, type SavedStatus } from './saved-run';
import { writeFailed } from './storage-error';

export type StorageState = 'opening' | 'ready' | 'unavailable';

export interface SavedRunsState {
  storage: StorageState;
  /** A storage problem in words (full, blocked, a failed save); null when all is well. */
  problem: string | null;
  db: RunDb | null;
  runs: SavedRun[];
  /** Runs still running in an open tab (this one or another). */
  live: string[];
  compare: string[];
  /** What was found wrong with a run when it was opened (a damaged checkpoint, an unreadable record), by run id. */
  damaged: Record<string, string>;

  init(open?: () => Promise<RunDb>): Promise<void>;
  /** Adds or replaces a run in the list after it was saved. */
  upsert(run: SavedRun): void;
  /** Marks a run of this page as running (or no longer). */
  setLive(id: string, live: boolean): void;
  reportProblem(error: unknown): void;
  dismissProblem(): void;
  open(id: string): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  toggleCompare(id: string): void;
}

/** The status a saved run is listed with: active-looking runs that no tab runs any more were interrupted. */
export function listedStatus(run: SavedRun, live: readonly string[]): SavedStatus {
  return isActiveStatus(run.status) && !live.includes(run.id) ? 'interrupted' : run.status;
}

/** The record with `id` set to `value`, or without it when null. */
function withEntry(record: Record<string, string>, id: string, value: string | null): Record<string, string> {
  const next = { ...record };
  if (value === null) delete next[id];
  else next[id] = value;
  return next;
}

const byStartDesc = (a: SavedRun, b: SavedRun) => b.startedAt - a.startedAt;

export const useSavedRuns = create<SavedRunsState>()((set, get) => ({
  storage: 'opening',
  problem: null,
  db: null,
  runs: [],
  live: [],
  compare: [],
  damaged: {},

  init: async (open = openRunDb) => {
    try {
      const db = await open();
      const [runs, held] = await Promise.all([db.list(), heldRunIds()]);
      set({ storage: 'ready', db, runs, live: [...held] });
    } catch (e) {
      set({ storage: 'unavailable', db: null, problem: e instanceof Error ? e.message : String(e) });
    }
  },
  upsert: (run) => set((s) => ({ runs: [run, ...s.runs.filter((r) => r.id !== run.id)].sort(byStartDesc) })),
  setLive: (id, live) => set((s) => ({ live: live ? [...s.live.filter((l) => l !== id), id] : s.live.filter((l) => l !== id) })),
  reportProblem: (error) => set({ problem: writeFailed(error).message }),
  dismissProblem: () => set({ problem: null }),
  open: async (id) => {
    let found: Awaited<ReturnType<RunDb['get']>>;
    try {
      found = await get().db?.get(id);
    } catch (e) {
      // Only this run is lost: the list and the other runs stay as they are.
      const name = get().runs.find((r) => r.id === id)?.name ?? id;
      set((s) => ({ damaged: withEntry(s.damaged, id, `Saved run "${name}" could not be read: ${e instanceof Error ? e.message : String(e)}`) }));
      return;
    }
    if (!found) return;
    const { kept, problem } = checkedCheckpoints(found.run.name, found.checkpoints);
    const results = checkedResults(found.run);
    const problems = [results.problem, problem].filter((p) => p !== null);
    set((s) => ({ damaged: withEntry(s.damaged, id, problems.length > 0 ? problems.join(' ') : null) }));
    const run = results.run;
    useAppStore.getState().showRun(runStateFrom({ ...run, status: listedStatus(run, get().live) }, kept), { origin: run.origin === 'imported' ? 'imported' : 'saved', id });
  },
  rename: async (id, name) => {
    const trimmed = name.trim();
    if (!trimmed) return;
    set((s) => ({ runs: s.runs.map((r) => (r.id === id ? { ...r, name: trimmed } : r)) }));
    try {
      await get().db?.rename(id, trimmed);
    } catch (e) {
      get().reportProblem(e);
    }
  },
  remove: async (id) => {
    set((s) => ({ runs: s.runs.filter((r) => r.id !== id), compare: s.compare.filter((c) => c !== id), damaged: withEntry(s.damaged, id, null) }));
    try {
      await get().db?.remove(id);
    } catch (e) {
      get().reportProblem(e);
    }
  },
  toggleCompare: (id) => set((s) => ({ compare: s.compare.includes(id) ? s.compare.filter((c) => c !== id) : [...s.compare, id] })),
}));
