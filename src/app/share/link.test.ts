import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { defaultPretrainSettings } from '../../core/experiment/pretrain-settings';
import { PRESETS } from '../../core/experiment/presets';
import { fakeResult } from '../testing/share-fixtures';
import { bytesToBase64url } from './base64url';
import { compressText } from './compress';
import { decodeLink, encodeLink, type SharedExperiment } from './link';
import { trimResults, type SharedResults } from './shared-results';
import { MAX_INFLATED_BYTES, MAX_PAYLOAD_CHARS } from './limits';

const defaults: ExperimentConfig = { ...DEFAULT_EXPERIMENT, rl: { ...DEFAULT_EXPERIMENT.rl, max_completion_length: 18 } };
const edited: ExperimentConfig = { ...PRESETS.micro, methods: ['agon', 'zero-shot'], seed: 42, show_draft_answer: true, rl: { ...PRESETS.micro.rl, learning_rate: 0.00031, loss_type: 'dapo', top_p: 0.95 } };
const shared = (over: Partial<SharedExperiment> = {}): SharedExperiment => ({ config: edited, appVersion: '0.1.0', basePair: 'math:ece4c301b8d0e55f:7e321bc48408bfba', results: [], ...over });

/** A v1 payload around any JSON body (valid checksum), for crafting bad contents. */
const payloadOf = (body: unknown) => `1.${bytesToBase64url(compressText(JSON.stringify(body)))}`;

describe('share links', () => {
  it('round-trips a config exactly, with app version and base pair', () => {
    const decoded = decodeLink(encodeLink(shared()), defaults);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.link.config).toEqual(edited);
    expect(decoded.link.appVersion).toBe('0.1.0');
    expect(decoded.link.basePair).toBe('math:ece4c301b8d0e55f:7e321bc48408bfba');
    expect(decoded.link.results).toEqual([]);
    expect(decoded.reset).toEqual([]);
    expect(decoded.message).toContain('Nothing runs until you press Start');
  });

  it('is compact: a config link is a few hundred characters of the URL-safe alphabet', () => {
    const payload = encodeLink(shared());
    expect(payload).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(payload.length).toBeLessThan(600);
  });

  it('carries results the views can draw: chosen candidates, the table, recomputed headline', () => {
    const config = { ...DEFAULT_EXPERIMENT, methods: ['agon', 'grpo', 'moa', 'zero-shot'] } as ExperimentConfig;
    const result = fakeResult(config);
    const decoded = decodeLink(encodeLink(shared({ config, results: [result] })), defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    const [got] = decoded.link.results;
    expect(got?.table.map((r) => [r.method, r.label, r.chosen, r.test.correct, r.test.n])).toEqual(result.table.map((r) => [r.method, r.label, r.chosen, r.test.correct, r.test.n]));
    expect(got?.headline.agonOverGrpo).toBeCloseTo(result.headline.agonOverGrpo ?? NaN, 3);
    const point = got?.arms.agon?.curve.at(-1);
    const original = result.arms.agon?.curve.at(-1);
    const chosen = original?.readouts.agon?.candidates[original.readouts.agon.chosen];
    expect(point?.readouts.agon?.candidates[0]?.name).toBe(chosen?.name);
    expect(point?.readouts.agon?.candidates[0]?.test.low).toBeCloseTo(chosen?.test.low ?? NaN, 3);
    expect(got?.environment.platform).not.toContain('Mozilla');
    // The table keeps each method's per-problem outcomes for the paired column; the curves leave them out.
    expect(got?.table.map((r) => r.testOutcomes)).toEqual(result.table.map((r) => r.testOutcomes));
    expect(point?.readouts.agon?.candidates[0]?.testOutcomes).toBeUndefined();
  });

  it('refuses each kind of bad payload with its own message, without throwing', () => {
    const good = encodeLink(shared());
    const cases: [string, string][] = [
      ['', 'empty'],
      ['x'.repeat(MAX_PAYLOAD_CHARS + 1), 'too-long'],
      ['1.<script>alert(1)</script>', 'malformed'],
      ['hello', 'malformed'],
      [good.slice(0, Math.floor(good.length / 2)), 'truncated'],
      ['1', 'truncated'],
      ['2.abcd', 'newer-version'],
      ['0.abcd', 'unknown-version'],
      [payloadOf([1, 2, 3]), 'not-an-experiment'],
      [payloadOf({ app: '0.1.0' }), 'not-an-experiment'],
    ];
    for (const [payload, problem] of cases) {
      const decoded = decodeLink(payload, defaults);
      expect(decoded, payload.slice(0, 40)).toMatchObject({ ok: false, problem });
      if (!decoded.ok) expect(decoded.message).toContain('default experiment is loaded');
    }
  });

  it('says an empty link is empty (not that it has odd characters), and writes large numbers with separators', () => {
    const empty = decodeLink('', defaults);
    expect(empty.message).toContain('This link is empty: nothing follows "agon="');
    expect(empty.message).not.toContain('characters');
    expect(decodeLink('x'.repeat(20_000), defaults).message).toContain('(20,000 characters; links hold at most 16,384)');
  });

  it('detects corruption that still inflates (checksum)', () => {
    const text = JSON.stringify({ app: '0.1.0', basePair: null, config: edited });
    const bytes = compressText(text);
    bytes[0] = (bytes[0] as number) ^ 0xff;
    expect(decodeLink(`1.${bytesToBase64url(bytes)}`, defaults)).toMatchObject({ ok: false, problem: 'corrupted' });
  });

  it('stops a decompression bomb at the cap', () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const bomb = new Uint8Array(4 + 0);
    const deflated = deflateSync(zeros, { level: 9 });
    const payload = `1.${bytesToBase64url(new Uint8Array([...bomb, ...deflated]))}`;
    expect(payload.length).toBeLessThan(MAX_PAYLOAD_CHARS);
    const started = Date.now();
    expect(decodeLink(payload, defaults)).toMatchObject({ ok: false, problem: 'too-large', message: expect.stringContaining(`${MAX_INFLATED_BYTES / 1024} KB`) });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps the valid part of a config and names the fields reset to defaults', () => {
    const body = { app: '0.1.0', basePair: null, config: { ...edited, steps: -5, rl: { ...edited.rl, top_p: 7, loss_type: 'evil' }, methods: ['agon', 'nope'], extra: 1 } };
    const decoded = decodeLink(payloadOf(body), defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.reset.sort()).toEqual(['methods', 'rl.loss_type', 'rl.top_p', 'steps']);
    expect(decoded.ignored).toEqual(['extra']);
    expect(decoded.link.config).toEqual({ ...edited, steps: defaults.steps, methods: defaults.methods, rl: { ...edited.rl, top_p: defaults.rl.top_p, loss_type: defaults.rl.loss_type } });
    expect(decoded.message).toContain('reset to their defaults: ');
    expect(decoded.message).toContain('steps');
  });

  it('names at most ten ignored fields, each cut short', () => {
    const junk = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`${'x'.repeat(100)}${i}`, i]));
    const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: { ...edited, ...junk } }), defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.ignored).toHaveLength(25);
    expect(decoded.message).toContain('and 15 more');
    expect(decoded.message.length).toBeLessThan(1200);
  });

  it('opens a 16 KB link of 5,100 unknown keys, naming ten and counting the rest', () => {
    const junk = Object.fromEntries(Array.from({ length: 5100 }, (_, i) => [`k${i}`, 0]));
    const payload = payloadOf({ app: '0.1.0', basePair: null, config: { ...edited, ...junk } });
    expect(payload.length).toBeGreaterThan(10_000);
    expect(payload.length).toBeLessThanOrEqual(MAX_PAYLOAD_CHARS);
    const decoded = decodeLink(payload, defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.ignored).toHaveLength(5100);
    expect(decoded.link.config).toEqual(edited);
    expect(decoded.message).toContain('and 5,090 more');
  });

  it('names unknown fields inside rl', () => {
    const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: { ...edited, rl: { ...edited.rl, kl_coef: 0.1 } } }), defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.ignored).toEqual(['rl.kl_coef']);
    expect(decoded.message).toContain('unknown to this version and were ignored: rl.kl_coef');
    expect(decoded.link.config).toEqual(edited);
  });

  it('a cross-field rule resets the fields it names, keeps the rest, and the message names them', () => {
    /** `edited` (steps 2) with eval_every 5, longer than the run, and steps written as `steps` in the link's JSON. */
    const tooLong = (steps: string) => JSON.parse(JSON.stringify({ ...edited, eval_every: 5, steps: '@' }).replace('"@"', steps)) as unknown;
    for (const steps of ['2', '-0', '1e-400']) {
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: tooLong(steps) }), defaults);
      if (!decoded.ok) throw new Error(decoded.message);
      // eval_every's default (100) is still longer than the run, so the rule's partner steps goes back to its default too.
      expect(decoded.reset, steps).toEqual(['eval_every', 'steps']);
      expect(decoded.link.config, steps).toEqual({ ...edited, steps: defaults.steps, eval_every: defaults.eval_every });
      expect(decoded.message, steps).toContain('reset to their defaults: eval_every, steps. The rest of the link was loaded.');
    }
  });

  it('carries a hard split, and resets one the task cannot draw, naming it', () => {
    const code: ExperimentConfig = { ...edited, task: 'code', base_pair: 'premise', hard_difficulties: [3] };
    const kept = decodeLink(encodeLink(shared({ config: code })), defaults);
    if (!kept.ok) throw new Error(kept.message);
    expect(kept.link.config).toEqual(code);
    const bad = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: { ...code, hard_difficulties: [4] } }), defaults);
    if (!bad.ok) throw new Error(bad.message);
    expect(bad.reset).toEqual(['hard_difficulties']);
    expect(bad.link.config.hard_difficulties).toBeUndefined();
    expect(bad.link.config.task).toBe('code');
  });

  it('source pretrain without its settings: the default settings of the link\'s task, still pretraining', () => {
    for (const task of ['math', 'code'] as const) {
      const config = { ...edited, task, base_pair_source: 'pretrain' };
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config }), defaults);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.reset, task).toEqual(['pretrain']);
      expect(decoded.link.config, task).toEqual({ ...config, pretrain: defaultPretrainSettings(task) });
    }
  });

  it('drops results that do not validate and says so, keeping the config', () => {
    const results = fakeResult(edited);
    const payload = encodeLink(shared({ results: [results] }));
    const text = JSON.stringify({ app: '0.1.0', basePair: null, config: edited, results: { ...results, table: [{ method: '<img src=x onerror=alert(1)>' }] } });
    for (const [p, dropped] of [[payload, false], [`1.${bytesToBase64url(compressText(text))}`, true]] as const) {
      const decoded = decodeLink(p, defaults);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.resultsDropped).toBe(dropped);
      expect(decoded.link.results.length === 0).toBe(dropped);
      expect(decoded.link.config).toEqual(edited);
    }
  });

  it('refuses results with impossible scores, naming the field, and keeps the config', () => {
    const config: ExperimentConfig = { ...edited, seed: 1, seeds: [1, 2] };
    const results = [1, 2].map((seed) => trimResults(fakeResult({ ...edited, seed })));
    const impossible = [
      { edit: (r: SharedResults) => (r.table[0]!.test = { correct: 1_000_000_000, n: 1, passAt1: 1, low: 0.9, high: 1 }), field: 'results.0.table.0.test.correct', says: 'correct (1000000000) is greater than n (1)' },
      { edit: (r: SharedResults) => (r.table[0]!.test = { ...r.table[0]!.test, low: 0.9, high: 0.1 }), field: 'results.0.table.0.test.low', says: 'the interval is upside down' },
      { edit: (r: SharedResults) => (r.table[0]!.test.passAt1 = 0.999), field: 'results.0.table.0.test.passAt1', says: 'does not equal correct / n' },
      { edit: (r: SharedResults) => (r.arms.agon!.curve[1]!.step = 0), field: 'results.0.arms.agon.curve.1.step', says: "the curve's steps must increase" },
      // Outcomes that make a method look ahead of the reference on problems it got wrong.
      { edit: (r: SharedResults) => (r.table[0]!.testOutcomes = '_'.repeat(r.table[0]!.testOutcomes!.length - 1) + 'A'), field: 'results.0.table.0.testOutcomes', says: 'the per-problem outcomes count' },
      { edit: (r: SharedResults) => (r.table[0]!.testOutcomes += 'A'), field: 'results.0.table.0.testOutcomes', says: 'do not fit the score' },
    ];
    for (const { edit, field, says } of impossible) {
      const forged = structuredClone(results);
      edit(forged[0]!);
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config, results: forged }), defaults);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.link.config).toEqual(config);
      expect(decoded).toMatchObject({ resultsDropped: true, link: { results: [] } });
      expect(decoded.message).toContain(`${field}: `);
      expect(decoded.message).toContain(says);
      expect(decoded.message).toContain('the config was kept');
    }
  });

  it('drops a base pair or app version that is not in its expected form', () => {
    const decoded = decodeLink(payloadOf({ app: '<b>9</b>', basePair: 'javascript:alert(1)', config: edited }), defaults);
    expect(decoded).toMatchObject({ ok: true, link: { appVersion: 'unknown', basePair: null } });
  });
});
