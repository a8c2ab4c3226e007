/** Progress of pretraining the base pair in this tab: stage, step, loss, last validation check against its target, elapsed and ETA. */
import { formatDuration } from '../store/progress-view';
import { useAppStore } from '../store/app-store';
import { PRETRAIN_STAGES } from '../worker/pretrain-clock';

const STAGE_TEXT = { trunk: 'trunk (shared)', A: 'fork A', B: 'fork B' } as const;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function PretrainProgress() {
  const pretraining = useAppStore((s) => s.run.config?.base_pair_source === 'pretrain');
  const p = useAppStore((s) => s.run.pretrain);
  const done = useAppStore((s) => s.run.basePair !== null);
  if (!pretraining) return null;
  if (!p) return <p className="muted" data-testid="pretrain-progress">Pretraining the base pair: building the first batch…</p>;
  return (
    <div className="progress" data-testid="pretrain-progress" data-stage={p.stage} data-steps-done={p.stepsDone} data-done={done}>
      <div className="progress-line">
        <span className="status-pill">{done ? 'base pair ready' : 'pretraining'}</span>
        <span>
          stage {PRETRAIN_STAGES.indexOf(p.stage) + 1}/3: <strong>{STAGE_TEXT[p.stage]}</strong>
        </span>
        <progress max={p.steps} value={p.step} aria-label="pretraining progress" />
      </div>
      <div className="progress-stats">
        <span>
          step <strong>{p.step}</strong> / {p.steps}
        </span>
        <span>loss {p.loss.toFixed(3)}</span>
        <span data-testid="pretrain-validation">
          validation pass@1 {p.validation === null ? '—' : pct(p.validation)}
          {p.target < 1 && ` (stops at ${pct(p.target)})`}
        </span>
        <span>elapsed {formatDuration(p.elapsedMs)}</span>
        {!done && <span title="every stage may stop sooner, once its held-out loss flattens">ETA at most {formatDuration(p.etaMs)}</span>}
      </div>
    </div>
  );
}
