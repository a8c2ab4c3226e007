/**
 * What the page knows about the current run, built only from worker events by a pure
 * reducer (unit-tested). Stopping or an error keeps everything measured so far. A run of
 * several seeds runs them in turn: the arms, rounds and progress are the current seed's,
 * and each finished seed's result is kept for the pooled table.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import type { Progress } from '../../core/experiment/events';
import type { ArmResult, ExperimentResult } from '../../core/experiment/result';
import { seedsOf } from '../../core/experiment/seeds';
import type { PretrainStatus } from '../worker/pretrain-clock';
import type { BasePairInfo, WorkerEvent } from '../worker/protocol';
import { appendRound, type RoundEntry } from './round-history';
import { withCheckpoint, type TrainedCheckpoint } from './trained-checkpoints';

/** 'interrupted': a saved run whose page closed or crashed mid-run (shown again from storage). */
export type RunStatus = 'idle' | 'loading' | 'running' | 'paused' | 'complete' | 'cancelled' | 'failed' | 'interrupted';

export interface RunState {
  status: RunStatus;
  /** The config this run was started with (null before the first start). */
  config: ExperimentConfig | null;
  /** Plain-language line for what the worker is doing right now. */
  activity: string;
  startedAt: number | null;
  basePair: BasePairInfo | null;
  /** Latest progress of pretraining the base pair in the browser (null when it came shipped). */
  pretrain: PretrainStatus | null;
  /** The seed whose arms, rounds and progress are shown (null before the first seed starts). */
  seed: number | null;
  /** The result of every seed that finished (status complete), in the order they ran. */
  seedResults: ExperimentResult[];
  /** Per arm: its evaluation curve so far (same shape as the result's arms). */
  arms: Record<string, ArmResult>;
  currentArm: string | null;
  progress: Progress | null;
  /** Training and evaluation tokens generated per arm, for tokens/s. */
  tokensByArm: Record<string, number>;
  /** Tokens of the seeds before the current one, so tokens/s covers the whole run. */
  tokensBefore: number;
  rounds: RoundEntry[];
  messages: { level: 'warning' | 'error'; text: string }[];
  result: ExperimentResult | null;
  /** The latest trained weights of each model of each trained arm (of the current seed). */
  checkpoints: TrainedCheckpoint[];
}

export const initialRunState: RunState = {
  status: 'idle',
  config: null,
  activity: '',
  startedAt: null,
  basePair: null,
  pretrain: null,
  seed: null,
  seedResults: [],
  arms: {},
  currentArm: null,
  progress: null,
  tokensByArm: {},
  tokensBefore: 0,
  rounds: [],
  messages: [],
  result: null,
  checkpoints: [],
};

export function startedRun(config: ExperimentConfig, now: number): RunState {
  return { ...initialRunState, config, status: 'loading', activity: 'starting the worker…', startedAt: now };
}

/** A run that still holds its worker: loading, running or paused. */
export const isActive = (s: RunStatus) => s === 'loading' || s === 'running' || s === 'paused';

function withArm(state: RunState, arm: string, update: (a: ArmResult) => ArmResult): RunState {
  const current = state.arms[arm] ?? { curve: [], stepsDone: 0, evalTokens: 0 };
  return { ...state, arms: { ...state.arms, [arm]: update(current) } };
}

export function applyWorkerEvent(state: RunState, event: WorkerEvent): RunState {
  switch (event.type) {
    case 'loading':
      return { ...state, activity: event.message };
    case 'base-pair':
      return { ...state, basePair: event.pair, status: state.status === 'loading' ? 'running' : state.status, activity: 'evaluating the base pair…' };
    case 'pretrain-progress':
      return { ...state, pretrain: event.progress };
    case 'pretrain-paused':
      return isActive(state.status) ? { ...state, status: 'paused' } : state;
    // Pretraining runs before the experiment, under 'loading'; 'base-pair' then moves the run to 'running'.
    case 'pretrain-resumed':
      return isActive(state.status) ? { ...state, status: 'loading' } : state;
    case 'pretrain-stopped':
      return { ...state, status: 'cancelled', activity: '' };
    case 'fatal':
      return { ...state, status: 'failed', activity: '', messages: [...state.messages, { level: 'error', text: event.message }] };
    case 'seed':
      return startedSeed(state, event.seed);
    case 'backend-attempt':
    case 'backend':
    case 'backend-error':
      return state;
    case 'backend-switch':
      return restartedRun(state, event.restart, event.message);
    case 'experiment':
      return applyExperimentEvent(state, event.event);
  }
}

/**
 * The worker lost its GPU and continues on another backend from each arm's `restart` step:
 * what comes after that step will be done again, so it leaves the view (an arm starting
 * over keeps nothing, its step-0 evaluation comes again); the message says what happened.
 */
export function restartedRun(state: RunState, restart: Record<string, number>, message: string): RunState {
  const arms = { ...state.arms };
  for (const [arm, step] of Object.entries(restart)) {
    const record = arms[arm];
    if (!record) continue;
    const kept = { ...record };
    delete kept.error;
    arms[arm] = { ...kept, curve: step > 0 ? record.curve.filter((p) => p.step <= step) : [], stepsDone: step };
  }
  const redone = (arm: string, step: number) => arm in restart && step >= (restart[arm] ?? 0);
  return {
    ...state,
    arms,
    rounds: state.rounds.filter((r) => !redone(r.summary.arm, r.summary.step)),
    activity: message,
    messages: [...state.messages, { level: 'warning', text: message }],
  };
}

const sumOf = (values: Record<string, number>) => Object.values(values).reduce((s, t) => s + t, 0);

/** A seed begins: a fresh view of arms and rounds, unless it is the seed on screen (a continuation picks up there). */
function startedSeed(state: RunState, seed: number): RunState {
  if (state.seed === seed) return state;
  const seeds = state.config ? seedsOf(state.config) : [seed];
  const position = seeds.length > 1 ? `seed ${seed} (${seeds.indexOf(seed) + 1} of ${seeds.length}): ` : '';
  return {
    ...state,
    seed,
    activity: `${position}evaluating the base pair…`,
    arms: {},
    rounds: [],
    currentArm: null,
    progress: null,
    tokensBefore: state.tokensBefore + sumOf(state.tokensByArm),
    tokensByArm: {},
    checkpoints: [],
    result: null,
  };
}

/** A seed's run ended: a complete one joins the pooled results, and the run goes on while seeds are left. */
function finishedSeed(state: RunState, result: ExperimentResult): RunState {
  const complete = result.status === 'complete';
  const seedResults = complete ? [...state.seedResults.filter((r) => r.config.seed !== result.config.seed), result] : state.seedResults;
  const left = complete && state.config !== null && seedsOf(state.config).some((s) => !seedResults.some((r) => r.config.seed === s));
  return {
    ...state,
    status: left ? state.status : result.status,
    activity: left ? `seed ${result.config.seed} finished; the next seed starts…` : '',
    result,
    arms: result.arms,
    seedResults,
  };
}

function applyExperimentEvent(state: RunState, event: Extract<WorkerEvent, { type: 'experiment' }>['event']): RunState {
  switch (event.type) {
    case 'arm-start':
      return withArm({ ...state, currentArm: event.arm, activity: `${event.arm}: evaluating at step 0…` }, event.arm, (a) => a);
    case 'round': {
      const next = { ...state, rounds: appendRound(state.rounds, event.arm, event.round) };
      return withArm(next, event.arm, (a) => ({ ...a, stepsDone: event.round.step + 1 }));
    }
    case 'eval':
      return withArm({ ...state, activity: `${event.arm}: evaluated at step ${event.point.step}` }, event.arm, (a) => ({ ...a, curve: [...a.curve, event.point] }));
    case 'progress': {
      const p = event.progress;
      return { ...state, progress: p, tokensByArm: { ...state.tokensByArm, [p.arm]: p.tokensGenerated + p.evalTokens } };
    }
    case 'paused':
      return isActive(state.status) ? { ...state, status: 'paused' } : state;
    case 'resumed':
      return isActive(state.status) ? { ...state, status: 'running' } : state;
    case 'warning':
      return { ...state, messages: [...state.messages, { level: 'warning', text: event.message }] };
    case 'checkpoint':
      return { ...state, checkpoints: withCheckpoint(state.checkpoints, { arm: event.arm, member: event.member, step: event.step, bytes: event.bytes, optimizer: event.optimizer, evalTokens: event.evalTokens, ...(state.seed === null ? {} : { seed: state.seed }) }) };
    case 'arm-error':
      return { ...state, messages: [...state.messages, { level: 'error', text: event.message }] };
    case 'done':
      return finishedSeed(state, event.result);
  }
}
