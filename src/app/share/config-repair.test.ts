import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, experimentConfigSchema, type ExperimentConfig } from '../../core/experiment/config';
import { defaultPretrainSettings } from '../../core/experiment/pretrain-settings';
import { repairConfig } from './config-repair';

const defaults = DEFAULT_EXPERIMENT;
/** A config tweaked away from the defaults, so a test sees which fields were kept. */
const edited: ExperimentConfig = { ...defaults, seed: 42, problems_per_step: 4, rl: { ...defaults.rl, top_p: 0.9 } };
/** `config` as a link's JSON text would parse, with `field` written as `literal` (e.g. "-0"). */
const parsedWith = (config: object, field: string, literal: string): unknown => JSON.parse(JSON.stringify({ ...config, [field]: '@' }).replace('"@"', literal));

describe('repairConfig', () => {
  it('keeps a valid config as it is', () => {
    expect(repairConfig(structuredClone(defaults), defaults)).toEqual({ config: defaults, reset: [], ignored: [], leftOut: [] });
  });

  it('resets a field broken by a cross-field rule', () => {
    const got = repairConfig({ ...defaults, eval_samples: 2, pass_k: 5 }, defaults);
    expect(got.reset).toEqual(['pass_k']);
    expect(got.config).toEqual({ ...defaults, eval_samples: 2, pass_k: defaults.pass_k });
  });

  it('does not blame a cross-field partner of a broken field', () => {
    const got = repairConfig({ ...defaults, steps: -5 }, defaults);
    expect(got.reset).toEqual(['steps']);
    expect(got.config).toEqual(defaults);
  });

  it('fills missing fields, drops unknown ones and names them, inside rl too', () => {
    const noSeed: Record<string, unknown> = { ...defaults, hack: '<script>', rl: { ...defaults.rl, hack: 1, kl_coef: 0.1 } };
    delete noSeed.seed;
    const got = repairConfig(noSeed, defaults);
    expect(got.reset).toEqual(['seed']);
    expect(got.ignored.sort()).toEqual(['hack', 'rl.hack', 'rl.kl_coef']);
    expect(got.config).toEqual(defaults);
  });

  it('names unknown pretrain fields', () => {
    const pretrain = { ...defaultPretrainSettings('math'), warmup: 10 };
    const got = repairConfig({ ...edited, base_pair_source: 'pretrain', pretrain }, defaults);
    expect(got.ignored).toEqual(['pretrain.warmup']);
    expect(got.config).toEqual({ ...edited, base_pair_source: 'pretrain', pretrain: defaultPretrainSettings('math') });
  });
});

describe('repairConfig and cross-field rules: only the fields a rule names are reset', () => {
  it('eval_every longer than the run: resets eval_every, then steps, keeps the rest', () => {
    const got = repairConfig({ ...edited, steps: 10, eval_every: 50 }, defaults);
    expect(got.reset).toEqual(['eval_every', 'steps']);
    expect(got.config).toEqual(edited);
  });

  it('eval_every alone when its default fits the run', () => {
    const got = repairConfig({ ...edited, steps: 150, eval_every: 160 }, defaults);
    expect(got.reset).toEqual(['eval_every']);
    expect(got.config).toEqual({ ...edited, steps: 150, eval_every: defaults.eval_every });
  });

  it('steps written as -0 or 1e-400 (zero, so any eval_every over 1 is too long): eval_every holds its default, so steps is reset; the rest kept', () => {
    for (const literal of ['-0', '1e-400']) {
      const got = repairConfig(parsedWith(edited, 'steps', literal), defaults);
      expect(got.reset, literal).toEqual(['steps']);
      expect(got.config, literal).toEqual(edited);
    }
  });

  it('source pretrain without its settings, and no default settings to give: back to the shipped pair, the rest kept', () => {
    const got = repairConfig({ ...edited, base_pair_source: 'pretrain' }, defaults);
    expect(got.reset).toEqual(['base_pair_source']);
    expect(got.config).toEqual(edited);
  });

  it('source pretrain without its settings, given default settings: gets them and still pretrains', () => {
    const pretrain = defaultPretrainSettings('math');
    const got = repairConfig({ ...edited, base_pair_source: 'pretrain' }, { ...defaults, pretrain });
    expect(got.reset).toEqual(['pretrain']);
    expect(got.config).toEqual({ ...edited, base_pair_source: 'pretrain', pretrain });
  });

  it('a broken pretrain setting resets that setting only, where the defaults have settings', () => {
    const pretrain = defaultPretrainSettings('math');
    const got = repairConfig({ ...edited, base_pair_source: 'pretrain', pretrain: { ...pretrain, seed: 7, batch_size: -1 } }, { ...defaults, pretrain });
    expect(got.reset).toEqual(['pretrain.batch_size']);
    expect(got.config.pretrain).toEqual({ ...pretrain, seed: 7 });
  });
});

describe('repairConfig on huge configs', () => {
  it('resets a list with thousands of bad entries once', () => {
    const got = repairConfig({ ...edited, methods: Array.from({ length: 5000 }, (_, i) => `m${i}`) }, defaults);
    expect(got.reset).toEqual(['methods']);
    expect(got.config).toEqual(edited);
  });

  it('drops unknown keys with work linear in their number: each entry copied a bounded number of times', () => {
    const keys = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
    for (const n of [1000, 10_000]) {
      // Unknown keys at the top and in rl, beside a broken field, so the field reset copies too.
      const input = { ...edited, ...keys(n, 'unknown_'), steps: -1, rl: { ...edited.rl, ...keys(n, 'x') } };
      const work = { copied: 0 };
      const got = repairConfig(input, defaults, work);
      expect(got.ignored).toHaveLength(2 * n);
      expect(got.config).toEqual({ ...edited, steps: defaults.steps });
      // One copy per key, as before, copied about n * n / 2 entries here.
      expect(work.copied, `${n} keys`).toBeLessThanOrEqual(3 * (2 * n + 30));
    }
  });

  it('falls back to the defaults for anything that is not an object', () => {
    for (const input of [null, 3, 'config', [defaults]]) expect(repairConfig(input, defaults)).toEqual({ config: defaults, reset: ['*'], ignored: [], leftOut: [] });
  });

  it('does not let a __proto__ key change any prototype', () => {
    const got = repairConfig(JSON.parse(`{"__proto__": {"polluted": 1}, "seed": 3}`), defaults);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(got.config.seed).toBe(3);
  });
});

describe("repairConfig and the config's own arms and sweep", () => {
  const arms = [{ name: 'w2', bonus_weight: 2 }, { name: 'solo', readout: 'solo' }];

  it('leaves out a refused arm alone, reset and said with why, never the defaults\' own arms in its place', () => {
    const pageDefaults = experimentConfigSchema.parse({ ...defaults, arms: [{ name: 'page-arm', learners: 'solver' }] });
    const got = repairConfig({ ...edited, arms: [...arms, { name: 'w99', bonus_weight: 99 }] }, pageDefaults);
    expect(got.config.arms?.map((a) => a.name)).toEqual(['w2', 'solo']);
    expect(got.reset).toEqual(['arms.2']);
    expect(got.leftOut).toEqual([{ path: 'arms.2', what: 'arm "w99"', why: 'config.arms.2.bonus_weight: Too big: expected number to be <=10' }]);
    expect({ ...got.config, arms: undefined }).toEqual({ ...edited, arms: undefined });
  });

  it('drops an unknown field of an arm, named with the arm\'s place, and keeps the arm (an unknown field used to make the whole config unusable)', () => {
    const got = repairConfig({ ...edited, arms: [...arms, { name: 'c', colour: 'red' }] }, defaults);
    expect(got.ignored).toEqual(['arms.2.colour']);
    expect(got.config.arms?.map((a) => a.name)).toEqual(['w2', 'solo', 'c']);
    expect(got.reset).toEqual([]);
  });

  it('leaves out a sweep\'s refused value, then the sweep when fewer than two values are left', () => {
    const got = repairConfig({ ...edited, sweep: { field: 'swap_every', values: [1, 0, 10] } }, defaults);
    expect(got.config.sweep?.values).toEqual([1, 10]);
    expect(got.leftOut.map((l) => l.what)).toEqual(['sweep value 0']);
    const short = repairConfig({ ...edited, sweep: { field: 'swap_every', values: [1, 0] } }, defaults);
    expect(short.config.sweep).toBeUndefined();
    expect(short.leftOut.map((l) => [l.what, l.why])).toEqual([
      ['sweep value 0', 'config.sweep.values.1: swap_every: Too small: expected number to be >=1'],
      ['the sweep', 'config.sweep.values: a sweep needs two values or more'],
    ]);
  });
});
