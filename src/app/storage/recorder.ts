/**
 * Saves the live run as it goes. The record is rewritten at most once per
 * SAVE_INTERVAL_MS while the run changes, and at once when its status changes, a seed ends or an
 * evaluation arrives (so a reload right after one loses nothing of the curves); each
 * new checkpoint is written as it arrives. Saves run one after another, in order. A
 * failed save shows its message and stops saving that run; the run goes on in memory.
 */
import { useAppStore, type AppState } from '../store/app-store';
import type { RunState } from '../store/run-state';
import { pageEnvironment } from '../export/environment';
import { holdRunLock } from './run-locks';
import { defaultRunName, evalCount, isActiveStatus, savedRunFrom } from './saved-run';
import { useSavedRuns } from './saved-runs-store';

export const SAVE_INTERVAL_MS = 1000;

export function startRecorder(): () => void {
  let chain: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const failed = new Set<string>();
  const releases = new Map<string, () => void>();

  const enqueue = (id: string, action: () => Promise<void>) => {
    chain = chain.then(async () => {
      if (failed.has(id)) return;
      try {
        await action();
      } catch (e) {
        failed.add(id);
        useSavedRuns.getState().reportProblem(e);
      }
    });
  };

  const saveNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const { run, shown, backend } = useAppStore.getState();
    const { db } = useSavedRuns.getState();
    if (!db || shown?.origin !== 'live') return;
    const id = shown.id;
    enqueue(id, async () => {
      const listed = useSavedRuns.getState().runs.find((r) => r.id === id);
      const record = savedRunFrom(run, {
        id,
        // A rename during the run must survive the next save.
        name: listed?.name ?? (run.config ? defaultRunName(run.config) : id),
        origin: 'here',
        environment: run.result?.environment ?? pageEnvironment(backend),
        savedAt: Date.now(),
      });
      if (!record) return;
      await db.put(record);
      useSavedRuns.getState().upsert(record);
    });
  };

  const trackLiveness = (id: string, run: RunState) => {
    const active = isActiveStatus(run.status);
    if (active && !releases.has(id)) {
      releases.set(id, holdRunLock(id));
      useSavedRuns.getState().setLive(id, true);
    } else if (!active && releases.has(id)) {
      releases.get(id)?.();
      releases.delete(id);
      useSavedRuns.getState().setLive(id, false);
    }
  };

  const saveCheckpoints = (id: string, run: RunState, before: RunState) => {
    const { db } = useSavedRuns.getState();
    if (!db) return;
    for (const c of run.checkpoints) {
      if (!before.checkpoints.includes(c)) enqueue(id, () => db.putCheckpoint(id, c));
    }
  };

  const onChange = (state: AppState, prev: AppState) => {
    const shown = state.shown;
    if (shown?.origin !== 'live' || state.run === prev.run) return;
    const sameRun = prev.shown?.id === shown.id;
    trackLiveness(shown.id, state.run);
    saveCheckpoints(shown.id, state.run, sameRun ? prev.run : { ...state.run, checkpoints: [] });
    const seedEnded = state.run.seedResults !== prev.run.seedResults;
    if (!sameRun || seedEnded || state.run.status !== prev.run.status || evalCount(state.run.arms) !== evalCount(prev.run.arms)) saveNow();
    else timer ??= setTimeout(saveNow, SAVE_INTERVAL_MS);
  };

  return useAppStore.subscribe(onChange);
}
