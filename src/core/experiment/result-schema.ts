/**
 * Validation of a result read back from a file (the app's export or the CLI's
 * result-seed*.json): anything that does not have the ExperimentResult shape is
 * refused with a message that says what is wrong, before any of it is drawn.
 */
import { z } from 'zod';
import { experimentConfigSchema } from './config';
import { METHODS } from './methods';
import { runRows } from './run-rows';
import { issuesText } from './schema-issues';
import { MAX_OUTCOMES_CHARS, withIncreasingSteps, withOutcomesRule, withScoreRules } from './score-rules';
import { RESULT_SCHEMA, RESULT_VERSION, type ExperimentResult } from './result';

const rate = z.number().min(0).max(1);
const count = z.number().int().min(0);

const scoreSchema = withScoreRules(z.object({ correct: count, n: count, passAt1: rate, low: rate, high: rate }));

const outcomesSchema = z.string().max(MAX_OUTCOMES_CHARS).optional();

const candidateSchema = withOutcomesRule(z.object({
  name: z.string().max(50),
  test: scoreSchema,
  testOutcomes: outcomesSchema,
  validation: scoreSchema,
  finalLength: z.number().min(0),
  passAtK: z.object({ n: count, k: count, value: rate }).refine((p) => p.k <= p.n, { message: 'k is greater than n', path: ['k'] }).optional(),
  drafterAlone: scoreSchema.optional(),
  rescueRate: rate.optional(),
  sabotageRate: rate.optional(),
  copyRate: rate.optional(),
}));

const readoutSchema = z.object({ candidates: z.array(candidateSchema).min(1), chosen: count }).refine((r) => r.chosen < r.candidates.length, 'chosen points past the candidates');

const evalPointSchema = z.object({
  step: count,
  tokensGenerated: count,
  tokensTrained: count,
  kl: z.number().optional(),
  reward: z.record(z.string(), z.number()).optional(),
  // By row name; that each is a row of the result's config is checked with the config (rowsOfConfig).
  readouts: z.record(z.string().max(48), readoutSchema),
});

export const armSchema = z.object({ curve: withIncreasingSteps(z.array(evalPointSchema)), stepsDone: count, evalTokens: count, error: z.string().optional() });

const tableRowSchema = withOutcomesRule(z.object({
  method: z.string().max(48),
  label: z.string(),
  chosen: z.string(),
  test: scoreSchema,
  testOutcomes: outcomesSchema,
  finalLength: z.number().min(0),
  candidates: z.array(z.object({ name: z.string(), passAt1: rate, validationPassAt1: rate })),
  drafterAlone: scoreSchema.optional(),
}));

const resultSchema: z.ZodType<ExperimentResult> = z.object({
  schema: z.literal(RESULT_SCHEMA),
  version: z.literal(RESULT_VERSION),
  status: z.enum(['complete', 'cancelled', 'failed', 'interrupted']),
  config: experimentConfigSchema,
  environment: z.object({ backend: z.string(), adapter: z.string().optional(), tfjsVersion: z.string(), appVersion: z.string(), platform: z.string() }),
  startedAt: z.string(),
  finishedAt: z.string(),
  arms: z.record(z.string(), armSchema),
  table: z.array(tableRowSchema),
  headline: z.object({ agonOverGrpo: z.number().nullable(), agonGainOverMoaGain: z.number().nullable() }),
}).superRefine(rowsOfConfig, { when: (payload) => payload.issues.length === 0 });

/**
 * Every readout and table row names a paper's method or one of the config's own rows (its arms,
 * its sweep's points). Not only the methods the config picks: results were read so before, and
 * one of docs/results holds rows of methods its config left out.
 */
function rowsOfConfig(result: ExperimentResult, ctx: z.RefinementCtx): void {
  const names = new Set<string>([...METHODS, ...runRows({ ...result.config, methods: [] }).map((r) => r.name)]);
  const unknown = (name: string) => `${JSON.stringify(name)} is neither a method of the paper nor an arm of this result's config`;
  for (const [arm, record] of Object.entries(result.arms)) {
    record.curve.forEach((point, i) => {
      for (const name of Object.keys(point.readouts)) if (!names.has(name)) ctx.addIssue({ code: 'custom', path: ['arms', arm, 'curve', i, 'readouts', name], message: unknown(name) });
    });
  }
  result.table.forEach((row, i) => {
    if (!names.has(row.method)) ctx.addIssue({ code: 'custom', path: ['table', i, 'method'], message: unknown(row.method) });
  });
}

export type ParsedResult = { ok: true; result: ExperimentResult } | { ok: false; message: string };

/** The identity checks first (is it a result at all, which version), then the shape, field by field. */
export function parseExperimentResult(input: unknown): ParsedResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: 'the file does not hold a JSON object' };
  const { schema, version } = input as Record<string, unknown>;
  if (schema !== RESULT_SCHEMA) return { ok: false, message: `not an Agon Playground result (its "schema" is ${JSON.stringify(schema) ?? 'missing'}, expected "${RESULT_SCHEMA}")` };
  if (typeof version === 'number' && version > RESULT_VERSION) return { ok: false, message: `the result was made by a newer version of the app (result version ${version}; this app reads version ${RESULT_VERSION})` };
  const parsed = resultSchema.safeParse(input);
  if (parsed.success) return { ok: true, result: parsed.data };
  return { ok: false, message: `the result file is damaged or incomplete: ${issuesText(parsed.error)}` };
}

/** Parses JSON text into a result; a syntax error is reported like any other problem. */
export function parseExperimentResultJson(text: string): ParsedResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `the file is not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  return parseExperimentResult(input);
}

/** Why a run's arms (its curves so far) cannot be drawn; null when they can. */
export function armsProblem(arms: unknown): string | null {
  const parsed = z.record(z.string(), armSchema).safeParse(arms);
  return parsed.success ? null : `its curves are damaged: ${issuesText(parsed.error, ['arms'])}`;
}
