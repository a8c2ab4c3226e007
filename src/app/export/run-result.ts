/**
 * The result object of the shown run, for download: the worker's own result once the
 * run ended, or, for a run still going or interrupted, a partial one built the same
 * way (table and headline from the latest evaluations) with status 'interrupted'.
 * A run of several seeds has one result per seed, as the CLI writes them.
 */
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type Environment, type ExperimentResult } from '../../core/experiment/result';
import { configForSeed } from '../../core/experiment/seeds';
import type { RunState } from '../store/run-state';

const UNKNOWN_ENVIRONMENT: Environment = { backend: 'unknown', tfjsVersion: 'unknown', appVersion: 'unknown', platform: 'unknown' };

export function resultOf(run: RunState, environment: Environment | null, now: number): ExperimentResult | null {
  if (run.result) return run.result;
  if (!run.config) return null;
  const config = configForSeed(run.config, run.seed ?? run.config.seed);
  const table = buildTable(config, run.arms);
  return {
    schema: RESULT_SCHEMA,
    version: RESULT_VERSION,
    status: 'interrupted',
    config,
    environment: environment ?? UNKNOWN_ENVIRONMENT,
    startedAt: new Date(run.startedAt ?? now).toISOString(),
    finishedAt: new Date(now).toISOString(),
    arms: run.arms,
    table,
    headline: headline(table),
  };
}

/** Every seed's result: those that finished, then `current` (the one on screen, see resultOf) if it did not. */
export function seedResultsWith(run: RunState, current: ExperimentResult | null): ExperimentResult[] {
  const finished = run.seedResults.some((r) => r.config.seed === current?.config.seed);
  return current && !finished ? [...run.seedResults, current] : run.seedResults;
}
