/**
 * Results forged by hand into links and run files: whatever numbers they claim, reading them
 * never throws or hangs, every refusal says why, and whatever is accepted can be pooled and drawn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { ratioText } from '../../core/experiment/headline-ratios';
import { PRESETS } from '../../core/experiment/presets';
import type { ExperimentResult } from '../../core/experiment/result';
import { parseExperimentResult } from '../../core/experiment/result-schema';
import { pairedComparison } from '../../core/experiment/paired-comparison';
import { pairedWords } from '../../core/experiment/paired-words';
import { mechanismCurves, methodCurves, pooledRatios, pooledTable } from '../../core/experiment/summary';
import { fakeResult } from '../testing/share-fixtures';
import { bytesToBase64url } from './base64url';
import { compressText } from './compress';
import { decodeLink } from './link';
import { trimResults } from './shared-results';

const config: ExperimentConfig = { ...PRESETS.micro, methods: ['agon', 'grpo', 'moa', 'zero-shot'], seed: 1, seeds: [1, 2] };
const oneSeed = (seed: number): ExperimentConfig => ({ ...config, seeds: undefined, seed });
/** With arms of its own and a sweep: the forged numbers go into their rows and curves. */
const ownConfig: ExperimentConfig = experimentConfigSchema.parse({ ...config, methods: ['agon'], arms: [{ name: 'solver-learns', learners: 'solver' }, { name: 'm3', solutions_per_draft: 3 }], sweep: { field: 'bonus_weight', values: [0, 2] } });
const OWN_ROWS = ['solver-learns', 'm3', 'bonus_weight=0', 'bonus_weight=2'];
const payloadOf = (body: unknown) => `1.${bytesToBase64url(compressText(JSON.stringify(body)))}`;

/** Any number a hand edit might write: mostly of the right type (and so past zod's type checks), sometimes not. */
const anyNumber = fc.oneof(
  fc.constantFrom(0, 1, 1e9, 1e15, -1, 0.5, 1.5, 2 ** 53, -0, 64_001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const countLike = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 40 }), weight: 6 }, { arbitrary: anyNumber, weight: 1 });
const rateLike = fc.oneof({ arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 6 }, { arbitrary: anyNumber, weight: 1 });

/** An edit of one number at a path chosen among a result's scores, curve steps and counts. */
const edit = fc
  .record({
    target: fc.constantFrom('table-test', 'table-drafter', 'table-outcomes', 'curve-test', 'curve-validation', 'curve-step', 'pass-at-k'),
    field: fc.constantFrom('correct', 'n', 'passAt1', 'low', 'high'),
    row: fc.nat(),
  })
  .chain((e) => (['correct', 'n'].includes(e.field) || ['curve-step', 'pass-at-k'].includes(e.target) ? countLike : rateLike).map((value) => ({ ...e, value })));

/** The outcomes with one character replaced (or, past the end, one added), as a hand edit might. */
const flipped = (text: string, at: number, value: number) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + 'A-_g'.charAt(Math.abs(Math.trunc(value)) % 4) + text.slice(i + 1);
};

type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
type Json = Record<string, unknown>;

/** Applies `e` to a row of `result` and a curve of its first arm, or, given `own`, to one of those rows and its arm. */
function apply(result: Json, e: Edit, own?: readonly string[]): void {
  const table = (result.table as Json[]).filter((r) => !own || own.includes(r.method as string));
  const row = table[e.row % table.length]!;
  const arms = Object.entries(result.arms as Json).filter(([name]) => !own || own.includes(name));
  const curve = (arms[e.row % arms.length]![1] as { curve: Json[] }).curve;
  const point = curve[e.row % curve.length]!;
  const candidate = Object.values(point.chosen ?? (point.readouts as Json))[0] as Json;
  const scoreOf = (c: Json) => ((c.candidates as Json[] | undefined)?.[0] ?? c) as Json;
  switch (e.target) {
    case 'table-test': (row.test as Json)[e.field] = e.value; break;
    case 'table-drafter': row.drafterAlone = { ...(row.test as Json), [e.field]: e.value }; break;
    case 'table-outcomes': row.testOutcomes = flipped(row.testOutcomes as string, e.row, e.value); break;
    case 'curve-test': (scoreOf(candidate).test as Json)[e.field] = e.value; break;
    case 'curve-validation': (scoreOf(candidate).validation as Json)[e.field] = e.value; break;
    case 'curve-step': point.step = e.value; break;
    case 'pass-at-k': scoreOf(candidate).passAtK = { n: e.value, k: e.row % 70, value: 0.5 }; break;
  }
}

/** What the page computes from accepted results: none of it may throw, or take long. */
function drawAll(results: readonly ExperimentResult[]): void {
  const started = performance.now();
  const rows = pooledTable(results);
  pooledRatios(rows).map((r) => ratioText(r));
  methodCurves(results);
  mechanismCurves(results);
  for (const r of rows) pairedWords(pairedComparison({ method: r.method, tables: results.map((x) => x.table) }, { method: 'agon', tables: results.map((x) => x.table) }));
  for (const r of rows) expect(r.pooled.low).toBeLessThanOrEqual(r.pooled.high);
  expect(performance.now() - started).toBeLessThan(2000);
}

describe('forged results', () => {
  it('in a link: never a throw; refused with a message naming a field, or accepted and drawable', () => {
    const trimmed = [1, 2].map((seed) => trimResults(fakeResult(oneSeed(seed))));
    fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.nat(1), (edits, seedIndex) => {
      const forged = structuredClone(trimmed) as unknown as Json[];
      for (const e of edits) apply(forged[seedIndex]!, e);
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config, results: forged }), config);
      if (!decoded.ok) throw new Error(`the config was lost: ${decoded.message}`);
      expect(decoded.link.config).toEqual(config);
      if (decoded.resultsDropped) expect(decoded.message).toMatch(/results\.\d\.[a-zA-Z.0-9]+: /);
      else drawAll(decoded.link.results);
    }), { numRuns: 200, seed: 29 });
  });

  it('in a link, in the rows of its own arms and sweep: never a throw; refused with a message naming a field, or accepted and drawable', () => {
    const trimmed = [1, 2].map((seed) => trimResults(fakeResult({ ...ownConfig, seeds: undefined, seed })));
    fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.nat(1), (edits, seedIndex) => {
      const forged = structuredClone(trimmed) as unknown as Json[];
      for (const e of edits) apply(forged[seedIndex]!, e, OWN_ROWS);
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: ownConfig, results: forged }), ownConfig);
      if (!decoded.ok) throw new Error(`the config was lost: ${decoded.message}`);
      expect(decoded.link.config).toEqual(ownConfig);
      if (decoded.resultsDropped) expect(decoded.message).toMatch(/results\.\d\.[\w.=-]+: /);
      else drawAll(decoded.link.results);
    }), { numRuns: 200, seed: 29 });
  });

  it('in a run file: never a throw; refused with a message naming a field, or accepted and drawable', () => {
    const results = [1, 2].map((seed) => fakeResult(oneSeed(seed)));
    fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
      const forged = JSON.parse(JSON.stringify(results[0])) as Json;
      for (const e of edits) apply(forged, e);
      const parsed = parseExperimentResult(forged);
      if (parsed.ok) drawAll([parsed.result, results[1]!]);
      else expect(parsed.message).toMatch(/(table|arms)\.[a-zA-Z.0-9]+: /);
    }), { numRuns: 200, seed: 29 });
  });
});
