/** Start, pause, resume, one round at a time (teaching mode), stop. */
import { useAppStore } from '../store/app-store';

/** Checkpoints are fetched relative to the page, so a build served under a sub-path finds them. */
const checkpointsUrl = () => new URL('checkpoints/', document.baseURI).href;

export function RunControls() {
  const status = useAppStore((s) => s.run.status);
  const issues = useAppStore((s) => s.form.issues);
  const backendReady = useAppStore((s) => s.backendStatus === 'ready');
  const { start, pause, resume, stepOnce, stop } = useAppStore.getState();
  const active = status === 'loading' || status === 'running' || status === 'paused';
  const canStart = !active && backendReady && issues.length === 0;
  return (
    <div className="run-controls" data-testid="run-controls">
      <button type="button" className="primary" onClick={() => start(checkpointsUrl())} disabled={!canStart}>
        {status === 'complete' || status === 'cancelled' || status === 'failed' ? 'Start again' : 'Start'}
      </button>
      <button type="button" onClick={pause} disabled={status !== 'running' && status !== 'loading'}>
        Pause
      </button>
      <button type="button" onClick={resume} disabled={status !== 'paused'}>
        Resume
      </button>
      <button type="button" onClick={stepOnce} disabled={!active} title="Run exactly one more round, then pause">
        Step one round
      </button>
      <button type="button" className="danger" onClick={stop} disabled={!active}>
        Stop
      </button>
      {!active && issues.length > 0 && (
        <span className="blocked" role="alert" data-testid="start-blocked">
          Fix {issues.length === 1 ? 'the field marked in red' : `the ${issues.length} fields marked in red`} to start.
        </span>
      )}
      {!backendReady && <span className="blocked">Waiting for a TensorFlow.js backend…</span>}
    </div>
  );
}
