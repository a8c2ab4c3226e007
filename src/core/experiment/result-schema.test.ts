import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from './config';
import { buildTable, headline, RESULT_SCHEMA, RESULT_VERSION, type ExperimentResult } from './result';
import { parseExperimentResult, parseExperimentResultJson } from './result-schema';

const score = { correct: 3, n: 10, passAt1: 0.3, low: 0.07, high: 0.65 };

function result(): ExperimentResult {
  const config = { ...DEFAULT_EXPERIMENT, methods: ['zero-shot' as const], steps: 2, eval_every: 1, eval_problems: 10, base_pair: 'math:0123456789abcdef:0123456789abcdef' };
  const arms = { base: { curve: [{ step: 0, tokensGenerated: 0, tokensTrained: 0, readouts: { 'zero-shot': { candidates: [{ name: 'A', test: score, validation: score, finalLength: 12 }], chosen: 0 } } }], stepsDone: 0, evalTokens: 300 } };
  const table = buildTable(config, arms);
  return { schema: RESULT_SCHEMA, version: RESULT_VERSION, status: 'complete', config, environment: { backend: 'wasm', tfjsVersion: '4.22.0', appVersion: '0.1.0', platform: 'node v22' }, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:01:00.000Z', arms, table, headline: headline(table) };
}

describe('parseExperimentResult', () => {
  it('accepts a result, through a JSON round trip, unchanged', () => {
    const parsed = parseExperimentResultJson(JSON.stringify(result()));
    expect(parsed).toEqual({ ok: true, result: result() });
  });

  it('refuses what is not JSON, not an object, or not a result', () => {
    expect(parseExperimentResultJson('{"schema":')).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
    expect(parseExperimentResult([1, 2])).toMatchObject({ ok: false, message: 'the file does not hold a JSON object' });
    expect(parseExperimentResult({ ...result(), schema: 'something-else' })).toMatchObject({ ok: false, message: expect.stringContaining('not an Agon Playground result') });
  });

  it('names a newer version as the reason', () => {
    expect(parseExperimentResult({ ...result(), version: RESULT_VERSION + 1 })).toMatchObject({ ok: false, message: expect.stringContaining('newer version') });
  });

  it('says which field is wrong in a damaged result', () => {
    const damaged = result() as unknown as { arms: { base: { curve: { step: unknown }[] } } };
    damaged.arms.base.curve[0]!.step = 'zero';
    expect(parseExperimentResult(damaged)).toMatchObject({ ok: false, message: expect.stringContaining('arms.base.curve.0.step') });
    expect(parseExperimentResult({ ...result(), config: { ...result().config, steps: -1 } })).toMatchObject({ ok: false, message: expect.stringContaining('config.steps') });
    const badChoice = result();
    badChoice.arms.base!.curve[0]!.readouts['zero-shot']!.chosen = 5;
    expect(parseExperimentResult(badChoice)).toMatchObject({ ok: false, message: expect.stringContaining('chosen points past the candidates') });
  });
});
