/**
 * Continuing a run that was cut short. A cut run has finished arms (kept as they are) and
 * arms cut part-way: the arms take their steps in turn, so usually all of them (runs saved
 * before that ran them one after another: at most one). Each cut arm picks up at its last
 * evaluation that has the trained weights and the optimizer state of every trained member;
 * from there the runner replays the same problems and sampling seeds (both fixed by the
 * step), so the continuation is the run that would have happened. An arm without such a
 * state starts over.
 */
import type { Member } from '../rl/round';
import type { ArmSpec } from './methods';
import { runArms } from './run-rows';
import type { ExperimentConfig } from './config';
import type { ArmResult, EvalPoint } from './result';

export interface MemberState {
  /** Checkpoint bytes (encodeCheckpoint). */
  weights: Uint8Array;
  /** Optimizer state (encodeNamedTensors of the optimizer's getWeights). */
  optimizer: Uint8Array;
}

export interface ArmResume {
  arm: string;
  /** Training picks up after this step, the last evaluation with a saved state. */
  step: number;
  curve: EvalPoint[];
  evalTokens: number;
  members: Partial<Record<Member, MemberState>>;
}

export interface RunResume {
  /** The base pair the run started from: continuing from other base weights would be another run. */
  basePair: string;
  /** Arms that had finished, kept as they are. */
  done: Record<string, ArmResult>;
  /** Arms cut part-way that left a saved state, by arm; every other arm starts over. */
  cuts: Record<string, ArmResume>;
}

/**
 * A cut run of several seeds (seeds.ts): the seeds that finished are not run again, and
 * `seed`, the first one left, picks up from `resume` (with nothing in it when that seed had
 * not begun: its base pair is still checked, as the finished seeds ran on it).
 */
export interface SeedsResume {
  finished: number[];
  seed: number;
  resume: RunResume;
}

/** A saved state of one trained member after the evaluation at `step`. */
export interface SavedState extends MemberState {
  arm: string;
  member: Member;
  step: number;
  evalTokens: number;
}

export const trainedMembers = (spec: ArmSpec): Member[] => (spec.kind === 'base' ? [] : spec.kind === 'grpo' ? ['A'] : ['A', 'B']);

function finished(config: ExperimentConfig, spec: ArmSpec, record: ArmResult | undefined): boolean {
  if (!record) return false;
  if (record.error) return true;
  const last = record.curve.at(-1);
  return spec.kind === 'base' ? last !== undefined : record.stepsDone === config.steps && last?.step === config.steps;
}

/** Where the cut arm can pick up: the latest step at which every trained member has a state and the curve has its evaluation. */
function cutArm(arm: string, spec: ArmSpec, record: ArmResult | undefined, states: readonly SavedState[]): ArmResume | null {
  const members = trainedMembers(spec);
  const mine = states.filter((s) => s.arm === arm);
  const steps = [...new Set(mine.map((s) => s.step))].sort((a, b) => b - a);
  for (const step of steps) {
    const at = members.map((m) => mine.find((s) => s.member === m && s.step === step));
    if (!record?.curve.some((p) => p.step === step) || at.some((s) => !s)) continue;
    const saved = at as SavedState[];
    return {
      arm,
      step,
      curve: record.curve.filter((p) => p.step <= step),
      evalTokens: saved[0]?.evalTokens ?? 0,
      members: Object.fromEntries(saved.map((s) => [s.member, { weights: s.weights, optimizer: s.optimizer }])),
    };
  }
  return null;
}

/** What a continuation keeps and where it picks up; null when nothing is left to run. */
export function planResume(config: ExperimentConfig, basePair: string, arms: Record<string, ArmResult>, states: readonly SavedState[]): RunResume | null {
  const done: Record<string, ArmResult> = {};
  const cuts: Record<string, ArmResume> = {};
  let unfinished = 0;
  for (const { name: arm, spec } of runArms(config)) {
    if (finished(config, spec, arms[arm])) {
      done[arm] = arms[arm] as ArmResult;
      continue;
    }
    unfinished++;
    const cut = cutArm(arm, spec, arms[arm], states);
    if (cut) cuts[arm] = cut;
  }
  return unfinished === 0 ? null : { basePair, done, cuts };
}

/**
 * Where each arm still to run picks up under `plan` (its cut's step, 0 for an arm that
 * starts over), for a view that must drop what the continuation will do again.
 */
export function restartSteps(config: ExperimentConfig, plan: RunResume): Record<string, number> {
  return Object.fromEntries(runArms(config).map((a) => a.name).filter((arm) => !plan.done[arm]).map((arm) => [arm, plan.cuts[arm]?.step ?? 0]));
}
