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

/** What the page shows when the continuation starts: what is kept, nothing past the cut. */
export function continuedRun(run: RunState, plan: RunResume, now: number): RunState {
  const cut = plan.cut;
  const arms = { ...plan.done, ...(cut ? { [cut.arm]: { curve: cut.curve, stepsDone: cut.step, evalTokens: cut.evalTokens } } : {}) };
  const kept = (arm: string, step: number) => arm in plan.done || (cut?.arm === arm && step < cut.step);
  return {
    ...run,
    status: 'loading',
    activity: cut ? `continuing ${cut.arm} from step ${cut.step}…` : 'continuing…',
    startedAt: run.startedAt ?? now,
    arms,
    rounds: run.rounds.filter((r) => kept(r.summary.arm, r.summary.step)),
    checkpoints: run.checkpoints.filter((c) => c.arm in plan.done || (cut?.arm === c.arm && c.step === cut.step)),
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
