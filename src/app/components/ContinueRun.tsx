/** For an interrupted run: go on from the last evaluation that saved its models and optimizers. */
import { useMemo } from 'react';
import { seedsOf } from '../../core/experiment/seeds';
import { continueLabel, continuePlan, continueShownRun } from '../storage/continue-run';
import { useAppStore } from '../store/app-store';

/** Checkpoints are fetched relative to the page, so a build served under a sub-path finds them. */
const checkpointsUrl = () => new URL('checkpoints/', document.baseURI).href;

export function ContinueRun() {
  const run = useAppStore((s) => s.run);
  const backendReady = useAppStore((s) => s.backendStatus === 'ready');
  const found = useMemo(() => continuePlan(run), [run]);
  if (run.status !== 'interrupted') return null;
  const plan = 'plan' in found ? found.plan : null;
  const label = plan ? continueLabel(plan, run.config ? seedsOf(run.config).length : 1) : 'Continue';
  const cuts = plan ? Object.values(plan.resume.cuts) : [];
  const kept = plan && plan.finished.length > 0 ? `Seeds ${plan.finished.join(', ')} finished and are kept. ` : '';
  const title = !plan
    ? `Cannot continue: ${'reason' in found ? found.reason : ''}`
    : cuts.length > 0
      ? `${kept}${cuts.map((c) => `${c.arm} goes on from its saved models and optimizers at step ${c.step}`).join('; ')}; any other unfinished arm starts over`
      : `${kept}The arms that had not finished start over`;
  return (
    <button type="button" className="primary" onClick={() => continueShownRun(checkpointsUrl())} disabled={!plan || !backendReady} title={title} data-testid="continue-run">
      {label}
    </button>
  );
}
