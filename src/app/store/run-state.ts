/**
 * What the page knows about the current run, built only from worker events by a pure
 * reducer (unit-tested). Stopping or an error keeps everything measured so far.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import type { Progress } from '../../core/experiment/events';
import type { ArmResult, ExperimentResult } from '../../core/experiment/result';
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
  /** Per arm: its evaluation curve so far (same shape as the result's arms). */
  arms: Record<string, ArmResult>;
  currentArm: string | null;
  progress: Progress | null;
  /** Training and evaluation tokens generated per arm, for tokens/s. */
  tokensByArm: Record<string, number>;
  rounds: RoundEntry[];
  messages: { level: 'warning' | 'error'; text: string }[];
  result: ExperimentResult | null;
  /** The latest trained weights of each model of each trained arm. */
  checkpoints: TrainedCheckpoint[];
}

export const initialRunState: RunState = {
  status: 'idle',
  config: null,
  activity: '',
  startedAt: null,
  basePair: null,
  pretrain: null,
  arms: {},
  currentArm: null,
  progress: null,
  tokensByArm: {},
  rounds: [],
  messages: [],
  result: null,
  checkpoints: [],
};

export function startedRun(config: ExperimentConfig, now: number): RunState {
  return { ...initialRunState, config, status: 'loading', activity: 'starting the worker…', startedAt: now };
}

const isActive = (s: RunStatus) => s === 'loading' || s === 'running' || s === 'paused';

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
    case 'backend':
    case 'backend-error':
      return state;
    case 'experiment':
      return applyExperimentEvent(state, event.event);
  }
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
      return { ...state, checkpoints: withCheckpoint(state.checkpoints, { arm: event.arm, member: event.member, step: event.step, bytes: event.bytes, optimizer: event.optimizer, evalTokens: event.evalTokens }) };
    case 'arm-error':
      return { ...state, messages: [...state.messages, { level: 'error', text: event.message }] };
    case 'done':
      return { ...state, status: event.result.status, activity: '', result: event.result, arms: event.result.arms };
  }
}
