import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { runArms, runRows } from '../../core/experiment/run-rows';
import { sweepTable } from '../../core/experiment/sweep-table';
import { fakeResult } from '../testing/share-fixtures';
import { bytesToBase64url } from './base64url';
import { compressText } from './compress';
import { decodeLink, encodeLink, type DecodedLink } from './link';
import { trimResults, type SharedResults } from './shared-results';

const defaults: ExperimentConfig = DEFAULT_EXPERIMENT;
/** The micro preset (num_generations 2: 2N = 4 rollouts a problem) with arms of its own and a sweep. */
const own: ExperimentConfig = experimentConfigSchema.parse({
  ...PRESETS.micro,
  methods: ['agon', 'zero-shot'],
  arms: [{ name: 'solver-learns', learners: 'solver' }, { name: 'agon-solo', readout: 'solo' }, { name: 'm3', solutions_per_draft: 3 }],
  sweep: { field: 'bonus_weight', values: [0, 0.5, 1] },
});
const payloadOf = (body: unknown) => `1.${bytesToBase64url(compressText(JSON.stringify(body)))}`;
const opened = (decoded: DecodedLink) => {
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded;
};

describe('share links with arms of their own and a sweep', () => {
  it('round-trip the config, and the results of every row: the curves of the arms it trains and the table', () => {
    const result = fakeResult(own);
    const decoded = opened(decodeLink(encodeLink({ config: own, appVersion: '0.1.0', basePair: null, results: [result] }), defaults));
    expect(decoded.link.config).toEqual(own);
    expect(decoded).toMatchObject({ reset: [], ignored: [], leftOut: [], resultsDropped: false });
    const [got] = decoded.link.results;
    expect(got?.table.map((r) => [r.method, r.label, r.test.correct])).toEqual(result.table.map((r) => [r.method, r.label, r.test.correct]));
    expect(got?.table.map((r) => r.method)).toEqual(runRows(own).map((r) => r.name));
    expect(Object.keys(got?.arms ?? {}).sort()).toEqual(runArms(own).map((a) => a.name).sort());
    // A sweep point with Agon's training reads the paper's Agon arm; its chosen candidate comes back there.
    const original = result.arms.agon!.curve.at(-1)!.readouts['bonus_weight=1']!;
    expect(got?.arms.agon?.curve.at(-1)?.readouts['bonus_weight=1']?.candidates[0]?.test).toMatchObject({ correct: original.candidates[original.chosen]?.test.correct, n: 10 });
    expect(got?.arms.m3?.curve.map((p) => p.step)).toEqual([0, 1, 2]);
    // The sweep's table draws from the received results as from a run of this page.
    expect(sweepTable(decoded.link.results, decoded.link.config)?.points.map((p) => p.pooled?.correct)).toEqual(sweepTable([result], own)?.points.map((p) => p.pooled?.correct));
  });

  it('labels the rows from the config, never from the link', () => {
    const shared = trimResults(fakeResult(own));
    const table = shared.table.map((row) => ({ ...row, label: '<img src=x onerror=alert(1)>' }));
    const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: own, results: { ...shared, table } }), defaults));
    expect(decoded.link.results[0]?.table.map((r) => r.label)).toEqual(runRows(own).map((r) => r.label));
    expect(decoded.link.results[0]?.table.find((r) => r.method === 'm3')?.label).toBe('m3');
  });

  it('refuse results naming an arm or a row the config lacks, a row under another arm, or a row twice; the field named, the config kept', () => {
    const cases = [
      { edit: (r: SharedResults) => (r.arms.wide = r.arms.m3!), says: `results.arms.wide: "wide" is not an arm of this link's config` },
      { edit: (r: SharedResults) => (r.arms.agon!.curve[1]!.chosen.m3 = r.arms.m3!.curve[1]!.chosen.m3!), says: 'results.arms.agon.curve.1.chosen.m3: "m3" reads arm "m3", not this one' },
      { edit: (r: SharedResults) => (r.arms.m3!.curve[0]!.chosen.wide = r.arms.m3!.curve[0]!.chosen.m3!), says: `results.arms.m3.curve.0.chosen.wide: "wide" is not a row of this link's config` },
      { edit: (r: SharedResults) => (r.table[2]!.method = 'wide'), says: `results.table.2.method: "wide" is not a row of this link's config` },
      { edit: (r: SharedResults) => r.table.push(r.table[2]!), says: 'results.table.8.method: "solver-learns" is listed twice' },
    ];
    for (const { edit, says } of cases) {
      const forged = trimResults(fakeResult(own));
      edit(forged);
      const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: own, results: forged }), defaults));
      expect(decoded.link.config, says).toEqual(own);
      expect(decoded, says).toMatchObject({ resultsDropped: true, link: { results: [] } });
      expect(decoded.message, says).toContain(says);
    }
  });

  it('take no arm named __proto__ in, nor let it reach a prototype', () => {
    const forged = trimResults(fakeResult(own));
    Object.defineProperty(forged.arms, '__proto__', { value: forged.arms.m3, enumerable: true });
    const [got] = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: own, results: forged }), defaults)).link.results;
    expect(Object.getPrototypeOf(got!.arms)).toBe(Object.prototype);
    expect(Object.keys(got!.arms).sort()).toEqual(runArms(own).map((a) => a.name).sort());
  });

  it('refuse results whose arms of its own the config does not carry (the arms named by the config, not by the results)', () => {
    const fewer = { ...own, arms: own.arms!.filter((a) => a.name !== 'm3') };
    const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: fewer, results: trimResults(fakeResult(own)) }), defaults));
    expect(decoded.resultsDropped).toBe(true);
    expect(decoded.message).toContain(`results.arms.m3: "m3" is not an arm of this link's config`);
  });

  it('keep the impossible-score checks for the rows of its own', () => {
    const m3 = (r: SharedResults) => r.table.find((row) => row.method === 'm3')!;
    const cases = [
      { edit: (r: SharedResults) => (m3(r).test = { correct: 11, n: 10, passAt1: 1, low: 0.9, high: 1 }), says: 'results.table.4.test.correct: correct (11) is greater than n (10)' },
      { edit: (r: SharedResults) => (m3(r).testOutcomes = '_'.repeat(m3(r).testOutcomes!.length)), says: 'results.table.4.testOutcomes: ' },
      { edit: (r: SharedResults) => (r.arms.m3!.curve[2]!.step = 1), says: "results.arms.m3.curve.2.step: the curve's steps must increase" },
      { edit: (r: SharedResults) => (r.arms['bonus_weight=0']!.curve[1]!.chosen['bonus_weight=0']!.test.low = 2), says: 'results.arms.bonus_weight=0.curve.1.chosen.bonus_weight=0.test.low: ' },
    ];
    for (const { edit, says } of cases) {
      const forged = trimResults(fakeResult(own));
      edit(forged);
      const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: own, results: forged }), defaults));
      expect(decoded, says).toMatchObject({ resultsDropped: true, link: { config: own, results: [] } });
      expect(decoded.message, says).toContain(says);
    }
  });
});

describe('share links whose arms or sweep are hostile', () => {
  /** The link's config with `over` in place of its arms and sweep. */
  const hostile = (over: Record<string, unknown>) => ({ ...own, ...over });
  const arm = (name: string, fields: Record<string, unknown> = {}) => ({ name, ...fields });
  const good = [arm('a', { learners: 'solver' }), arm('b', { roles: 'a-drafts' }), arm('c', { bonus: 'margin' })];

  /** `arms`: the names kept, or none left; absent, the link's own unchanged. */
  const cases: { what: string; config: Record<string, unknown>; says: string; arms?: string[] | 'none'; sweep?: 'kept' | 'gone' }[] = [
    { what: 'a weight out of range', config: hostile({ arms: [...good, arm('w', { bonus_weight: 99 })] }), says: 'arm "w" (config.arms.3.bonus_weight: Too big: expected number to be <=10)', arms: ['a', 'b', 'c'] },
    { what: 'swap_every 0', config: hostile({ arms: [arm('s', { swap_every: 0 }), ...good] }), says: 'arm "s" (config.arms.0.swap_every: Too small: expected number to be >=1)', arms: ['a', 'b', 'c'] },
    { what: 'a split that breaks compute parity', config: hostile({ arms: [...good, arm('m2', { solutions_per_draft: 2 })] }), says: 'arm "m2" (config.arms.3.solutions_per_draft: 2 solutions per draft cannot split the 2N = 4 rollouts', arms: ['a', 'b', 'c'] },
    { what: 'a name taken by a method', config: hostile({ arms: [arm('grpo', { learners: 'solver' }), ...good] }), says: `arm "grpo" (config.arms.0.name: "grpo" is a name of the paper's methods and arms)`, arms: ['a', 'b', 'c'] },
    { what: 'a name twice', config: hostile({ arms: [...good, arm('b', { bonus_weight: 2 })] }), says: 'arm "b" (config.arms.3.name: "b" is listed twice)', arms: ['a', 'b', 'c'] },
    { what: '1000 arms', config: hostile({ arms: Array.from({ length: 1000 }, (_, i) => arm(`a${i}`)) }), says: 'the arms (config.arms: at most 32 arms of your own (1000 given))', arms: 'none' },
    { what: 'an arm that is no object', config: hostile({ arms: [...good, '<script>'] }), says: 'an arm (config.arms.3: Invalid input: expected object, received string)', arms: ['a', 'b', 'c'] },
    { what: 'a sweep of 1000 values', config: hostile({ sweep: { field: 'bonus_weight', values: Array.from({ length: 1000 }, (_, i) => i / 100) } }), says: 'the sweep (config.sweep.values: at most 16 values (1000 given))', sweep: 'gone' },
    { what: 'a sweep value out of range', config: hostile({ sweep: { field: 'bonus_weight', values: [0, 99, 0.5] } }), says: 'sweep value 99 (config.sweep.values.1: bonus_weight: Too big: expected number to be <=10)', sweep: 'kept' },
    { what: 'a sweep whose reference is not a row', config: hostile({ sweep: { field: 'bonus_weight', values: [0, 0.5], reference: 'nope' } }), says: `the sweep's reference (config.sweep.reference: "nope" is not a row of this run`, sweep: 'kept' },
  ];

  it('leave out the arm, the sweep value, the reference or the list that is refused, say which and why, and keep the rest', () => {
    for (const { what, config, says, arms, sweep } of cases) {
      const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config, results: trimResults(fakeResult(own)) }), defaults));
      expect(experimentConfigSchema.safeParse(decoded.link.config).success, what).toBe(true);
      expect(decoded.message, what).toContain('were invalid and were left out: ');
      expect(decoded.message, what).toContain(says);
      expect(decoded.link.config.arms?.map((a) => a.name), what).toEqual(arms === 'none' ? undefined : (arms ?? own.arms!.map((a) => a.name)));
      if (sweep === 'gone') expect(decoded.link.config.sweep, what).toBeUndefined();
      if (sweep === 'kept') expect(decoded.link.config.sweep?.field, what).toBe('bonus_weight');
      // The rest of the config as the link had it, and its results (of another config) not shown.
      expect({ ...decoded.link.config, arms: undefined, sweep: undefined }, what).toEqual({ ...own, arms: undefined, sweep: undefined });
      expect(decoded, what).toMatchObject({ resultsDropped: true, link: { results: [] } });
    }
  });

  it('keep an arm with a field this version does not know, ignoring the field and saying so', () => {
    const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: hostile({ arms: [...good, arm('d', { colour: 'red' })] }) }), defaults));
    expect(decoded.link.config.arms?.map((a) => a.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(decoded.ignored).toEqual(['arms.3.colour']);
    expect(decoded.message).toContain('unknown to this version and were ignored: arms.3.colour');
  });

  it('name each arm by its place in the link, after earlier ones were left out', () => {
    const config = hostile({ arms: [arm('w', { bonus_weight: 99 }), arm('s', { swap_every: 0 }), ...good, arm('a', { bonus: 'margin', bonus_weight: 2 })] });
    const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config }), defaults));
    expect(decoded.leftOut.map((l) => l.why.split(':')[0])).toEqual(['config.arms.0.bonus_weight', 'config.arms.1.swap_every', 'config.arms.5.name']);
    expect(decoded.reset).toEqual(['arms.0', 'arms.1', 'arms.5']);
    expect(decoded.message).not.toContain('reset to their defaults');
  });

  it('a link of its own arms alone, all refused: the methods go back to the defaults, and both are said', () => {
    const decoded = opened(decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: hostile({ methods: [], sweep: undefined, arms: [arm('w', { bonus_weight: 99 })] }) }), defaults));
    expect(decoded.link.config.methods).toEqual(defaults.methods);
    expect(decoded.message).toContain('reset to their defaults: methods.');
    expect(decoded.message).toContain('arm "w" (config.arms.0.bonus_weight: ');
  });
});
