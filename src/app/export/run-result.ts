/**
 * The result object of the shown run, for download: the worker's own result once the
 * run ended, or, for a run still going or interrupted, a partial one built the same
 * way (table and headline from the latest evaluations) with status 'interrupted'.
 */
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type Environment, type ExperimentResult } from '../../core/experiment/result';
import type { RunState } from '../store/run-state';

const UNKNOWN_ENVIRONMENT: Environment = { backend: 'unknown', tfjsVersion: 'unknown', appVersion: 'unknown', platform: 'unknown' };

export function resultOf(run: RunState, environment: Environment | null, now: number): ExperimentResult | null {
  if (run.result) return run.result;
  if (!run.config) return null;
  const table = buildTable(run.config, run.arms);
  return {
    schema: RESULT_SCHEMA,
    version: RESULT_VERSION,
    status: 'interrupted',
    config: run.config,
    environment: environment ?? UNKNOWN_ENVIRONMENT,
    startedAt: new Date(run.startedAt ?? now).toISOString(),
    finishedAt: new Date(now).toISOString(),
    arms: run.arms,
    table,
    headline: headline(table),
  };
}
