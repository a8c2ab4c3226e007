/** One saved run in the list: its name (renamable), status, when and what; open, compare, delete; what was found damaged when it was opened. */
import { useState } from 'react';
import { useAppStore } from '../store/app-store';
import { evalCount, type SavedRun } from '../storage/saved-run';
import { listedStatus, useSavedRuns } from '../storage/saved-runs-store';

const STATUS_TEXT = { loading: 'running', running: 'running', paused: 'paused', complete: 'finished', cancelled: 'stopped', failed: 'failed', interrupted: 'interrupted' } as const;

function stepsDone(run: SavedRun): number {
  return Math.max(0, ...Object.values(run.arms).map((a) => a.stepsDone));
}

function NameEditor({ run, done }: { run: SavedRun; done: () => void }) {
  const [name, setName] = useState(run.name);
  const [saving, setSaving] = useState(false);
  // The editor closes once the name is stored, so a tab closed right after sees it kept.
  const save = async () => {
    setSaving(true);
    await useSavedRuns.getState().rename(run.id, name);
    done();
  };
  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input aria-label="run name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} autoFocus disabled={saving} />
      <button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" onClick={done} disabled={saving}>
        Cancel
      </button>
    </form>
  );
}

export function SavedRunRow({ run }: { run: SavedRun }) {
  const live = useSavedRuns((s) => s.live);
  const compared = useSavedRuns((s) => s.compare.includes(run.id));
  const pageBusy = useAppStore((s) => s.run.status === 'loading' || s.run.status === 'running' || s.run.status === 'paused');
  const onScreen = useAppStore((s) => s.shown?.id === run.id);
  const damage = useSavedRuns((s) => s.damaged[run.id]);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const status = listedStatus(run, live);
  const running = live.includes(run.id);
  const { open, remove, toggleCompare } = useSavedRuns.getState();
  return (
    <li className={`saved-run${onScreen ? ' on-screen' : ''}`} data-testid="saved-run" data-status={status} data-name={run.name} data-evals={evalCount(run.arms)}>
      <div className="saved-run-main">
        {renaming ? <NameEditor run={run} done={() => setRenaming(false)} /> : <strong className="saved-run-name">{run.name}</strong>}
        <span className={`status-pill status-${status}`} data-testid="saved-run-status">
          {STATUS_TEXT[status]}
        </span>
        <span className="muted">
          {new Date(run.startedAt).toLocaleString()} · {stepsDone(run)}/{run.config.steps} steps{run.origin === 'imported' ? ' · imported' : ''}
        </span>
      </div>
      <div className="saved-run-actions">
        <button type="button" onClick={() => void open(run.id)} disabled={pageBusy} title={pageBusy ? 'Stop the run on screen first' : 'Draw this run'}>
          Open
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={compared} onChange={() => toggleCompare(run.id)} /> compare
        </label>
        <button type="button" onClick={() => setRenaming(true)} disabled={renaming}>
          Rename
        </button>
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={() => void remove(run.id)}>
              Delete for good
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={running} title={running ? 'It is still running' : 'Delete this run and its checkpoints'}>
            Delete
          </button>
        )}
      </div>
      {damage && (
        <p className="notice notice-error saved-run-damage" role="alert" data-testid="saved-run-damage">
          {damage}
        </p>
      )}
    </li>
  );
}
