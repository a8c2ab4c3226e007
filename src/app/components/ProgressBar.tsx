/** Progress of the whole experiment: rounds, tokens/s, elapsed and ETA; the clock ticks while the run is active. */
import { useEffect, useState } from 'react';
import { formatDuration, progressView } from '../store/progress-view';
import { useAppStore } from '../store/app-store';

const STATUS_TEXT = { idle: 'ready', loading: 'loading', running: 'running', paused: 'paused', complete: 'finished', cancelled: 'stopped', failed: 'failed', interrupted: 'interrupted' } as const;

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ticking]);
  return now;
}

export function ProgressBar() {
  const run = useAppStore((s) => s.run);
  const active = run.status === 'loading' || run.status === 'running' || run.status === 'paused';
  const now = useNow(active);
  const endedAt = run.result ? Date.parse(run.result.finishedAt) : now;
  const view = progressView(run, active ? now : endedAt);
  const elapsed = run.startedAt === null ? 0 : (active ? now : endedAt) - run.startedAt;
  const step = run.progress;
  return (
    <div className="progress" data-testid="progress" data-status={run.status} data-rounds-done={view.roundsDone}>
      <div className="progress-line">
        <span className={`status-pill status-${run.status}`} data-testid="run-status">
          {STATUS_TEXT[run.status]}
        </span>
        <progress max={1} value={view.fraction} aria-label="experiment progress" />
        <span className="pct">{Math.round(100 * view.fraction)}%</span>
      </div>
      <div className="progress-stats">
        <span>
          rounds <strong>{view.roundsDone}</strong> / {view.roundsTotal}
        </span>
        {step && (
          <span>
            {step.arm}: step <strong>{step.step}</strong> / {step.steps}
          </span>
        )}
        <span>{view.tokensPerSecond === null ? '— tokens/s' : `${view.tokensPerSecond.toFixed(1)} tokens/s`}</span>
        <span>elapsed {formatDuration(elapsed)}</span>
        <span>ETA {view.etaMs === null ? '—' : formatDuration(view.etaMs)}</span>
        {run.activity && <span className="activity">{run.activity}</span>}
      </div>
      {run.status === 'paused' && <p className="muted">Paused. A round that was already under way finishes first. “Step one round” runs exactly one more.</p>}
      {run.messages.map((m, i) => (
        <p key={i} className={m.level === 'error' ? 'notice notice-error' : 'notice'} role="alert" data-testid="run-message">
          {m.text}
        </p>
      ))}
      {(run.status === 'cancelled' || run.status === 'failed' || run.status === 'interrupted') && <p className="muted">Everything measured before the run ended is kept below.</p>}
    </div>
  );
}
