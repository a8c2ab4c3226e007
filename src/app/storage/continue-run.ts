/**
 * "Continue from the last checkpoint" for an interrupted run: the plan comes from the
 * core (resume.ts) and the saved weights and optimizer states; the run then goes on
 * under the same saved record, live again, from where it was cut. Of a run of several
 * seeds, the seeds that finished are kept, the one cut picks up where it was cut, and
 * the ones not begun run after it.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import { planResume, type RunResume, type SeedsResume } from '../../core/experiment/resume';
import { configForSeed, seedsOf } from '../../core/experiment/seeds';
import { useAppStore } from '../store/app-store';
import type { RunState } from '../store/run-state';

/** The seed the arms on screen belong to (runs saved before several seeds: the config's). */
const seedOnScreen = (run: RunState, config: ExperimentConfig) => run.seed ?? config.seed;

/** Where the first seed left picks up: its cut arms when it is the one on screen, from scratch when it had not begun. */
function resumeOf(run: RunState, config: ExperimentConfig, basePair: string, seed: number): RunResume {
  if (seedOnScreen(run, config) !== seed) return { basePair, done: {}, cuts: {} };
  const states = run.checkpoints
    .filter((c) => (c.seed ?? config.seed) === seed)
    .map((c) => ({ arm: c.arm, member: c.member, step: c.step, weights: c.bytes, optimizer: c.optimizer, evalTokens: c.evalTokens }));
  // Every arm finished but the seed's result was not kept (cut just before it): the runner makes it from the arms.
  return planResume(configForSeed(config, seed), basePair, run.arms, states) ?? { basePair, done: run.arms, cuts: {} };
}

/** The continuation of the run on screen, or null when it cannot be continued (and why, for the button's title). */
export function continuePlan(run: RunState): { plan: SeedsResume } | { reason: string } {
  if (run.status !== 'interrupted' || !run.config) return { reason: 'only an interrupted run can be continued' };
  if (run.config.base_pair_source === 'pretrain') return { reason: 'its base pair was pretrained in that page and was not kept' };
  if (!run.basePair) return { reason: 'its base pair is not known (cut before loading it, or imported from a file): start it again instead' };
  const finished = run.seedResults.map((r) => r.config.seed);
  const seed = seedsOf(run.config).find((s) => !finished.includes(s));
  if (seed === undefined) return { reason: 'every seed had finished' };
  return { plan: { finished, seed, resume: resumeOf(run, run.config, run.basePair.id, seed) } };
}

/** "Continue from step 100" when every cut arm picks up there; each arm's step otherwise; which seed, when there are several. */
export function continueLabel(plan: SeedsResume, seeds: number): string {
  const cuts = Object.values(plan.resume.cuts);
  const steps = [...new Set(cuts.map((c) => c.step))];
  const where = cuts.length === 0 ? '' : steps.length === 1 ? ` from step ${steps[0]}` : ` (${cuts.map((c) => `${c.arm} from step ${c.step}`).join(', ')})`;
  if (seeds <= 1) return `Continue${where}`;
  return cuts.length === 0 ? `Continue with seed ${plan.seed}` : `Continue seed ${plan.seed}${where}`;
}

/** What the page shows when the continuation starts: what is kept, nothing past the cut. */
export function continuedRun(run: RunState, plan: SeedsResume, now: number): RunState {
  const config = run.config;
  const label = continueLabel(plan, config ? seedsOf(config).length : 1);
  const started = { ...run, status: 'loading' as const, activity: `${label.replace(/^Continue/, 'continuing')}…`, startedAt: run.startedAt ?? now, progress: null, result: null, messages: [] };
  // A seed not begun: what is on screen stays until its run starts (the worker's 'seed' event clears it).
  if (!config || seedOnScreen(run, config) !== plan.seed) return started;
  const { done, cuts } = plan.resume;
  const arms = { ...done, ...Object.fromEntries(Object.values(cuts).map((c) => [c.arm, { curve: c.curve, stepsDone: c.step, evalTokens: c.evalTokens }])) };
  const kept = (arm: string, step: number) => arm in done || step < (cuts[arm]?.step ?? 0);
  return {
    ...started,
    seed: plan.seed,
    arms,
    rounds: run.rounds.filter((r) => kept(r.summary.arm, r.summary.step)),
    checkpoints: run.checkpoints.filter((c) => (c.seed ?? config.seed) === plan.seed && (c.arm in done || cuts[c.arm]?.step === c.step)),
  };
}

export function continueShownRun(checkpointsUrl: string): void {
  const { run, shown, backendStatus, send } = useAppStore.getState();
  const found = continuePlan(run);
  if (!('plan' in found) || !shown || !run.config || backendStatus !== 'ready') return;
  useAppStore.setState({ run: continuedRun(run, found.plan, Date.now()), shown: { origin: 'live', id: shown.id }, selectedRound: null });
  send({ type: 'start', config: run.config, checkpointsUrl, appVersion: __APP_VERSION__, continuation: found.plan });
}
