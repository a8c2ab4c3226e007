import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT } from '../../core/experiment/config';
import { repairConfig } from './config-repair';

const defaults = DEFAULT_EXPERIMENT;

describe('repairConfig', () => {
  it('keeps a valid config as it is', () => {
    expect(repairConfig(structuredClone(defaults), defaults)).toEqual({ config: defaults, reset: [], ignored: [] });
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

  it('fills missing fields, drops unknown ones', () => {
    const noSeed: Record<string, unknown> = { ...defaults, hack: '<script>', rl: { ...defaults.rl, hack: 1 } };
    delete noSeed.seed;
    const got = repairConfig(noSeed, defaults);
    expect(got.reset).toEqual(['seed']);
    expect(got.ignored).toEqual(['hack']);
    expect(got.config).toEqual(defaults);
  });

  it('falls back to the defaults for anything that is not an object', () => {
    for (const input of [null, 3, 'config', [defaults]]) expect(repairConfig(input, defaults)).toEqual({ config: defaults, reset: ['*'], ignored: [] });
  });

  it('does not let a __proto__ key change any prototype', () => {
    const got = repairConfig(JSON.parse(`{"__proto__": {"polluted": 1}, "seed": 3}`), defaults);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(got.config.seed).toBe(3);
  });
});
