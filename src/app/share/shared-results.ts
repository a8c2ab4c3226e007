/**
 * The results a link may carry: only what the charts and the results table draw. Each
 * evaluation keeps the candidate chosen on validation (the charts plot nothing else),
 * the machine's user-agent string stays out, and every fractional number is rounded to
 * 4 significant digits; the headline ratios are recomputed from the table. The table keeps
 * each method's per-problem outcomes (the paired column needs them), the curves do not.
 * A received link is untrusted, so its results go through a zod schema with ranges and
 * length caps on every string and list, and every name in them (arm, row) must be one of its
 * config's: the paper's arms and methods, and the config's own arms and sweep points (run-rows.ts),
 * each row's readouts under the arm it reads.
 */
import { z } from 'zod';
import type { ExperimentConfig } from '../../core/experiment/config';
import { armNameSchema, MAX_CUSTOM_ARMS, MAX_SWEEP_VALUES } from '../../core/experiment/custom-arms';
import type { CandidateResult } from '../../core/experiment/evaluate';
import { METHODS } from '../../core/experiment/methods';
import { rowLabel, runArms, runRows } from '../../core/experiment/run-rows';
import { MAX_OUTCOMES_CHARS, withIncreasingSteps, withOutcomesRule, withScoreRules } from '../../core/experiment/score-rules';
import { headline, RESULT_SCHEMA, RESULT_VERSION, type ArmResult, type EvalPoint, type ExperimentResult } from '../../core/experiment/result';

const count = z.number().int().min(0).max(1e9);
const tokens = z.number().int().min(0).max(1e15);
const fraction = z.number().min(0).max(1);
const finite = z.number().min(-1e9).max(1e9);
/** "A", "B", "A->B", ...: candidate names the evaluation produces. */
const candidateName = z.string().regex(/^[AB](->[AB])?$/);
const shortText = (max: number) => z.string().max(max);
/** An arm's or a row's name, in the alphabet of names; which names a link may use is checked against its config (refuseForeignNames). */
const name = armNameSchema;

const scoreSchema = withScoreRules(z.object({ correct: count, n: count, passAt1: fraction, low: fraction, high: fraction }));

const candidateSchema = z.object({
  name: candidateName,
  test: scoreSchema,
  validation: scoreSchema,
  finalLength: z.number().min(0).max(1e6),
  passAtK: z.object({ n: count, k: count, value: fraction }).refine((p) => p.k <= p.n, { message: 'k is greater than n', path: ['k'] }).optional(),
  drafterAlone: scoreSchema.optional(),
  rescueRate: fraction.optional(),
  sabotageRate: fraction.optional(),
  copyRate: fraction.optional(),
});

const pointSchema = z.object({
  step: z.number().int().min(0).max(1e6),
  tokensGenerated: tokens,
  tokensTrained: tokens,
  kl: finite.optional(),
  reward: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,24}$/), finite).refine((r) => Object.keys(r).length <= 8, 'too many reward streams').optional(),
  /** One entry per row read from the arm: its chosen candidate. */
  chosen: z.record(name, candidateSchema),
});

const armSchema = z.object({
  curve: withIncreasingSteps(z.array(pointSchema).max(2000)),
  stepsDone: z.number().int().min(0).max(1e6),
  evalTokens: tokens,
  error: shortText(500).optional(),
});

const rowSchema = withOutcomesRule(z.object({
  method: name,
  chosen: candidateName,
  test: scoreSchema,
  testOutcomes: z.string().max(MAX_OUTCOMES_CHARS).optional(),
  finalLength: z.number().min(0).max(1e6),
  candidates: z.array(z.object({ name: candidateName, passAt1: fraction, validationPassAt1: fraction })).max(4),
  drafterAlone: scoreSchema.optional(),
}));

const sharedResultsSchema = z.object({
  status: z.enum(['complete', 'cancelled', 'failed', 'interrupted']),
  environment: z.object({
    backend: z.string().regex(/^[a-z0-9-]{1,20}$/),
    adapter: shortText(200).optional(),
    tfjsVersion: shortText(40),
    appVersion: shortText(40),
  }),
  startedAt: shortText(40),
  finishedAt: shortText(40),
  arms: z.record(name, armSchema),
  table: z.array(rowSchema).max(METHODS.length + MAX_CUSTOM_ARMS + MAX_SWEEP_VALUES),
});

export type SharedResults = z.infer<typeof sharedResultsSchema>;

/**
 * The names a result of `config` may use, and the arm each row reads: the paper's arms and methods
 * (links have always carried any of them) and the config's own arms and rows.
 */
function namesOf(config: ExperimentConfig): { arms: Set<string>; armOfRow: Map<string, string> } {
  const every = { ...config, methods: [...METHODS] };
  return { arms: new Set(runArms(every).map((a) => a.name)), armOfRow: new Map(runRows(every).map((r) => [r.name, r.arm])) };
}

/** Refuses, each at its path, a name that is not the config's: an arm, a row, a row under another arm than its own, a row twice in the table. */
function refuseForeignNames(config: ExperimentConfig) {
  const { arms, armOfRow } = namesOf(config);
  const notOurs = (what: string, n: string) => `${JSON.stringify(n)} is not ${what} of this link's config`;
  return (shared: SharedResults, ctx: z.RefinementCtx) => {
    for (const [arm, record] of Object.entries(shared.arms)) {
      if (!arms.has(arm)) {
        ctx.addIssue({ code: 'custom', path: ['arms', arm], message: notOurs('an arm', arm) });
        continue;
      }
      record.curve.forEach((point, i) => {
        for (const row of Object.keys(point.chosen)) {
          const reads = armOfRow.get(row);
          if (reads !== arm) ctx.addIssue({ code: 'custom', path: ['arms', arm, 'curve', i, 'chosen', row], message: reads === undefined ? notOurs('a row', row) : `${JSON.stringify(row)} reads arm ${JSON.stringify(reads)}, not this one` });
        }
      });
    }
    const seen = new Set<string>();
    shared.table.forEach((row, i) => {
      if (!armOfRow.has(row.method)) ctx.addIssue({ code: 'custom', path: ['table', i, 'method'], message: notOurs('a row', row.method) });
      else if (seen.has(row.method)) ctx.addIssue({ code: 'custom', path: ['table', i, 'method'], message: `${JSON.stringify(row.method)} is listed twice` });
      seen.add(row.method);
    });
  };
}

/** The schema of the results a link of `config` carries: their shape, then their names against the config. */
export const sharedResultsSchemaFor = (config: ExperimentConfig) => sharedResultsSchema.superRefine(refuseForeignNames(config));

/** Rounds every non-integer number in plain JSON data to 4 significant digits. */
function rounded<T>(value: T): T {
  if (typeof value === 'number') return (Number.isInteger(value) ? value : Number(value.toPrecision(4))) as T;
  if (Array.isArray(value)) return value.map(rounded) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)])) as T;
  return value;
}

type SharedPoint = z.infer<typeof pointSchema>;

function trimPoint(point: EvalPoint): SharedPoint {
  const chosen: Record<string, CandidateResult> = {};
  for (const [method, readout] of Object.entries(point.readouts)) {
    const candidate = readout.candidates[readout.chosen];
    if (!candidate) continue;
    // The table's outcomes are the ones compared; the curves' would only lengthen the link.
    const drawn = { ...candidate };
    delete drawn.testOutcomes;
    chosen[method] = drawn;
  }
  const { step, tokensGenerated, tokensTrained, kl, reward } = point;
  return { step, tokensGenerated, tokensTrained, ...(kl === undefined ? {} : { kl }), ...(reward ? { reward } : {}), chosen };
}

/**
 * The part of a result a link carries (see the file comment for what is left out); without
 * `outcomes`, the table's per-problem outcomes are left out too, for a link that would not fit.
 */
export function trimResults(result: ExperimentResult, outcomes = true): SharedResults {
  const arms: SharedResults['arms'] = {};
  for (const [armName, arm] of Object.entries(result.arms)) arms[armName] = { ...arm, curve: arm.curve.map(trimPoint) };
  // Not the platform: a browser's user-agent string says more about the sender than the run needs.
  const { backend, adapter, tfjsVersion, appVersion } = result.environment;
  return rounded({
    status: result.status,
    environment: { backend, ...(adapter ? { adapter } : {}), tfjsVersion, appVersion },
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    arms,
    // Labels are this app's own (rowLabel: a method's, or the config's own name), never taken from a link.
    table: result.table.map(({ method, chosen, test, testOutcomes, finalLength, candidates, drafterAlone }) => ({
      method,
      chosen,
      test,
      ...(outcomes && testOutcomes !== undefined ? { testOutcomes } : {}),
      finalLength,
      candidates,
      ...(drafterAlone ? { drafterAlone } : {}),
    })),
  });
}

/** The result the views draw, rebuilt from validated link data; labels come from this app, not the link. */
export function resultsFromShared(shared: SharedResults, config: ExperimentConfig): ExperimentResult {
  const arms: Record<string, ArmResult> = {};
  for (const [armName, arm] of Object.entries(shared.arms)) {
    const curve = arm.curve.map(({ chosen, ...point }): EvalPoint => {
      const readouts: EvalPoint['readouts'] = {};
      for (const [row, candidate] of Object.entries(chosen)) readouts[row] = { candidates: [candidate], chosen: 0 };
      return { ...point, readouts };
    });
    arms[armName] = { ...arm, curve };
  }
  const table = shared.table.map((row) => ({ ...row, label: rowLabel(row.method) }));
  return {
    schema: RESULT_SCHEMA,
    version: RESULT_VERSION,
    status: shared.status,
    config,
    environment: { ...shared.environment, platform: 'not included in the link' },
    startedAt: shared.startedAt,
    finishedAt: shared.finishedAt,
    arms,
    table,
    headline: headline(table),
  };
}
