/**
 * "Continue from the last checkpoint" for an interrupted run: the plan comes from the
 * core (resume.ts) and the saved weights and optimizer states; the run then goes on
 * under the same saved record, live again, from where it was cut.
 */
import { planResume, type RunResume } from '../../core/experiment/resume';
import { useAppStore } from '../store/app-store';
import type { RunState } from '../store/run-state';

/** The continuation of the run on screen, or null when it cannot be continued (and why, for the button's title). */
export function continuePlan(run: RunState): { plan: RunResume } | { reason: string } {
  if (run.status !== 'interrupted' || !run.config) return { reason: 'only an interrupted run can be continued' };
  if (run.config.base_pair_source === 'pretrain') return { reason: 'its base pair was pretrained in that page and was not kept' };
  if (!run.basePair) return { reason: 'its base pair is not known (cut before loading it, or imported from a file): start it again instead' };
  const states = run.checkpoints.map((c) => ({ arm: c.arm, member: c.member, step: c.step, weights: c.bytes, optimizer: c.optimizer, evalTokens: c.evalTokens }));
  const plan = planResume(run.config, run.basePair.id, run.arms, states);
  return plan ? { plan } : { reason: 'every arm had finished' };
}

/** "Continue from step 100" when every cut arm picks up there; each arm's step otherwise. */
export function continueLabel(plan: RunResume): string {
  const cuts = Object.values(plan.cuts);
  const steps = [...new Set(cuts.map((c) => c.step))];
  if (cuts.length === 0) return 'Continue';
  if (steps.length === 1) return `Continue from step ${steps[0]}`;
  return `Continue (${cuts.map((c) => `${c.arm} from step ${c.step}`).join(', ')})`;
}

/** What the page shows when the continuation starts: what is kept, nothing past the cut. */
export function continuedRun(run: RunState, plan: RunResume, now: number): RunState {
  const cuts = Object.values(plan.cuts);
  const arms = { ...plan.done, ...Object.fromEntries(cuts.map((c) => [c.arm, { curve: c.curve, stepsDone: c.step, evalTokens: c.evalTokens }])) };
  const kept = (arm: string, step: number) => arm in plan.done || step < (plan.cuts[arm]?.step ?? 0);
  return {
    ...run,
    status: 'loading',
    activity: `continuing${continueLabel(plan).replace(/^Continue/, '')}…`,
    startedAt: run.startedAt ?? now,
    arms,
    rounds: run.rounds.filter((r) => kept(r.summary.arm, r.summary.step)),
    checkpoints: run.checkpoints.filter((c) => c.arm in plan.done || plan.cuts[c.arm]?.step === c.step),
    progress: null,
    result: null,
    messages: [],
  };
}

export function continueShownRun(checkpointsUrl: string): void {
  const { run, shown, backendStatus, send } = useAppStore.getState();
  const found = continuePlan(run);
  if (!('plan' in found) || !shown || !run.config || backendStatus !== 'ready') return;
  useAppStore.setState({ run: continuedRun(run, found.plan, Date.now()), shown: { origin: 'live', id: shown.id }, selectedRound: null });
  send({ type: 'start', config: run.config, checkpointsUrl, appVersion: __APP_VERSION__, continuation: found.plan });
}
