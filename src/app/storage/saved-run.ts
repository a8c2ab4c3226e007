/**
 * A run as it is kept in the browser: enough to draw it again exactly as it looked
 * (config, curves per arm, table, messages, the rounds with a bounded window of full
 * round texts). Pure conversions between the page's RunState and this record.
 * Checkpoint bytes are kept apart (see run-db.ts), so the frequent saves of a live run
 * do not rewrite megabytes of weights.
 */
import type { ExperimentConfig } from '../../core/experiment/config';
import type { ArmResult, Environment, ExperimentResult } from '../../core/experiment/result';
import { seedsOf, seedsText } from '../../core/experiment/seeds';
import type { RoundEntry } from '../store/round-history';
import { initialRunState, type RunState, type RunStatus } from '../store/run-state';
import type { TrainedCheckpoint } from '../store/trained-checkpoints';
import type { BasePairInfo } from '../worker/protocol';

/** Rounds whose full texts are saved (the summaries of all rounds are): the round view can scrub these after a reopen. */
export const SAVED_FULL_ROUNDS = 20;

export type SavedStatus = Exclude<RunStatus, 'idle'>;

export interface SavedRun {
  id: string;
  name: string;
  /** Run in this browser, or imported from a file. */
  origin: 'here' | 'imported';
  status: SavedStatus;
  startedAt: number;
  savedAt: number;
  config: ExperimentConfig;
  /** Where it ran, for a partial result's export; null until the backend is known. */
  environment: Environment | null;
  basePair: BasePairInfo | null;
  /** The seed `arms` and `rounds` belong to; absent in runs saved before runs had several seeds (then: config.seed). */
  seed?: number;
  /** Every seed that finished; absent in runs saved before runs had several seeds (then: `result`, if it completed). */
  seedResults?: ExperimentResult[];
  arms: Record<string, ArmResult>;
  result: ExperimentResult | null;
  rounds: RoundEntry[];
  messages: RunState['messages'];
}

const ACTIVE: readonly RunStatus[] = ['loading', 'running', 'paused'];
export const isActiveStatus = (s: RunStatus) => ACTIVE.includes(s);

/** Evaluation points measured so far, over all arms. */
export const evalCount = (arms: Record<string, ArmResult>) => Object.values(arms).reduce((n, a) => n + a.curve.length, 0);

/** Keeps every round's summary, and the texts of the last SAVED_FULL_ROUNDS only. */
export function boundedRounds(rounds: readonly RoundEntry[]): RoundEntry[] {
  const firstFull = rounds.length - SAVED_FULL_ROUNDS;
  return rounds.map((entry, i) => (i >= firstFull || !entry.round ? entry : { summary: entry.summary }));
}

/**
 * A short default name, e.g. "agon, zero-shot · math · 200 steps · seed 1" (or "seeds 1,2,3"); the
 * config's own arms by name and its sweep by field, e.g. "agon, solver-learns, bonus_weight sweep · ...".
 */
export function defaultRunName(config: ExperimentConfig): string {
  const seeds = seedsOf(config);
  const rows = [...config.methods, ...(config.arms ?? []).map((a) => a.name), ...(config.sweep ? [`${config.sweep.field} sweep`] : [])];
  return `${rows.join(', ')} · ${config.task} · ${config.steps} steps · ${seeds.length > 1 ? 'seeds' : 'seed'} ${seedsText(seeds)}`;
}

/** The seeds of a saved record that finished: its own list, or for a record from before several seeds, its result when complete. */
function finishedSeeds(saved: SavedRun): ExperimentResult[] {
  return saved.seedResults ?? (saved.result?.status === 'complete' ? [saved.result] : []);
}

export interface SaveMeta {
  id: string;
  name: string;
  origin: SavedRun['origin'];
  environment: Environment | null;
  savedAt: number;
}

/** The record of a live run; null while there is nothing to save (no config yet). */
export function savedRunFrom(run: RunState, meta: SaveMeta): SavedRun | null {
  if (!run.config || run.status === 'idle') return null;
  return {
    ...meta,
    status: run.status,
    startedAt: run.startedAt ?? meta.savedAt,
    config: run.config,
    basePair: run.basePair,
    ...(run.seed === null ? {} : { seed: run.seed }),
    seedResults: run.seedResults,
    arms: run.arms,
    result: run.result,
    rounds: boundedRounds(run.rounds),
    messages: run.messages,
  };
}

/**
 * The page's view of a saved run. A run saved while active was cut short by a reload
 * or a crash (a run lives in its page's worker), so it is shown as interrupted.
 */
export function runStateFrom(saved: SavedRun, checkpoints: readonly TrainedCheckpoint[]): RunState {
  const seed = saved.seed ?? saved.config.seed;
  return {
    ...initialRunState,
    status: isActiveStatus(saved.status) ? 'interrupted' : saved.status,
    config: saved.config,
    startedAt: saved.startedAt,
    basePair: saved.basePair,
    seed,
    seedResults: finishedSeeds(saved),
    arms: saved.arms,
    rounds: saved.rounds,
    messages: saved.messages,
    result: saved.result,
    // A seed's checkpoints replace the last seed's per model; any model it has not reached yet still holds another seed's.
    checkpoints: checkpoints.filter((c) => (c.seed ?? saved.config.seed) === seed),
  };
}

/**
 * Result files drawn as if they ran here: one, or the seeds of one experiment (seedsOfOneExperiment
 * orders them, finished seeds first, and gives `config`, with every seed); the last one is on screen.
 */
export function savedRunFromResults(config: ExperimentConfig, results: readonly ExperimentResult[], meta: SaveMeta): SavedRun {
  const last = results.at(-1);
  if (!last) throw new Error('savedRunFromResults: no results');
  const startedAt = Math.min(...results.map((r) => Date.parse(r.startedAt)));
  return {
    ...meta,
    status: last.status,
    startedAt: Number.isNaN(startedAt) ? meta.savedAt : startedAt,
    config,
    basePair: null,
    seed: last.config.seed,
    seedResults: results.filter((r) => r.status === 'complete'),
    arms: last.arms,
    result: last,
    rounds: [],
    messages: [],
  };
}
