/** The saved runs panel: storage problems, import, the list, and the comparison of ticked runs. */
import { useSavedRuns } from '../storage/saved-runs-store';
import { CompareRuns } from './CompareRuns';
import { ImportRun } from './ImportRun';
import { SavedRunRow } from './SavedRunRow';
import { ViewGuard } from './ViewGuard';
import './saved-runs.css';

export function SavedRuns() {
  const storage = useSavedRuns((s) => s.storage);
  const problem = useSavedRuns((s) => s.problem);
  const runs = useSavedRuns((s) => s.runs);
  const dismiss = useSavedRuns((s) => s.dismissProblem);
  return (
    <section className="panel saved-runs" aria-labelledby="saved-runs-title" data-testid="saved-runs" data-storage={storage}>
      <div className="panel-head">
        <h2 id="saved-runs-title">Saved runs</h2>
        <ImportRun />
      </div>
      {problem && (
        <p className="notice notice-error" role="alert" data-testid="storage-notice">
          {problem}{' '}
          {storage === 'ready' && (
            <button type="button" onClick={dismiss}>
              OK
            </button>
          )}
        </p>
      )}
      {storage === 'ready' && runs.length === 0 && <p className="muted">Every run you start is saved in this browser as it goes, and listed here.</p>}
      <ul className="saved-run-list">
        {runs.map((run) => (
          <SavedRunRow key={run.id} run={run} />
        ))}
      </ul>
      <ViewGuard view="the comparison" watch={runs}>
        <CompareRuns />
      </ViewGuard>
    </section>
  );
}
