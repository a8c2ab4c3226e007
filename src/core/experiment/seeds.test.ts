import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, parseExperimentConfig } from './config';
import type { ExperimentResult } from './result';
import { configForSeed, MAX_SEEDS, parseSeeds, seedsOf, seedsOfOneExperiment, withSeeds } from './seeds';

describe('seeds', () => {
  it('reads a list of seeds, spaces allowed', () => {
    expect(parseSeeds('1,2,3')).toEqual({ ok: true, seeds: [1, 2, 3] });
    expect(parseSeeds(' 7 , 0 ')).toEqual({ ok: true, seeds: [7, 0] });
    expect(parseSeeds('42')).toEqual({ ok: true, seeds: [42] });
  });

  it('refuses a bad list with a message that names the problem, never a part of it', () => {
    const message = (text: string) => {
      const parsed = parseSeeds(text);
      return parsed.ok ? `accepted ${parsed.seeds.join(',')}` : parsed.message;
    };
    expect(message('1,,x')).toBe('seed 2 of the list is empty (two commas in a row, or one at an end?)');
    expect(message('1,x')).toBe('seed 2 of the list is not a whole number ("x")');
    expect(message('1,2,')).toMatch(/^seed 3 of the list is empty/);
    expect(message('1,2,1')).toBe('seed 1 is listed twice');
    expect(message('-3')).toBe('the seed is negative (-3): seeds are whole numbers from 0');
    expect(message('1.5')).toBe('the seed is not a whole number ("1.5")');
    expect(message('1e3')).toMatch(/not a whole number/);
    expect(message('99999999999')).toBe('the seed is too large (at most 2,147,483,647)');
    expect(message('')).toMatch(/give at least one seed/);
    expect(message(Array.from({ length: MAX_SEEDS + 1 }, (_, i) => i).join(','))).toBe(`too many seeds (${MAX_SEEDS + 1}; at most ${MAX_SEEDS}, each is a whole run)`);
    expect(message(`1,${'y'.repeat(500)}`)).toMatch(/"y{20}…"/);
  });

  it('a one-seed config stays as it was; several seeds start with `seed`', () => {
    expect(withSeeds(DEFAULT_EXPERIMENT, [5])).toEqual({ ...DEFAULT_EXPERIMENT, seed: 5 });
    const three = withSeeds(DEFAULT_EXPERIMENT, [3, 1, 2]);
    expect(three).toMatchObject({ seed: 3, seeds: [3, 1, 2] });
    expect(seedsOf(three)).toEqual([3, 1, 2]);
    expect(seedsOf(DEFAULT_EXPERIMENT)).toEqual([DEFAULT_EXPERIMENT.seed]);
    expect(parseExperimentConfig(three).ok).toBe(true);
    // Each seed's run: that seed alone, no list (as the CLI's result-seed<S>.json has it).
    const second = configForSeed(three, 1);
    expect(second.seed).toBe(1);
    expect('seeds' in second).toBe(false);
  });

  it('the schema refuses what the field refuses, and a list that does not start with seed', () => {
    const issues = (config: unknown) => {
      const parsed = parseExperimentConfig(config);
      return parsed.ok ? [] : parsed.issues.map((i) => `${i.path}: ${i.message}`);
    };
    expect(issues({ ...DEFAULT_EXPERIMENT, seed: 1, seeds: [1, 1] })).toEqual(['seeds: a seed is listed twice']);
    expect(issues({ ...DEFAULT_EXPERIMENT, seed: 1, seeds: [1, -2] })[0]).toMatch(/^seeds\.1:/);
    expect(issues({ ...DEFAULT_EXPERIMENT, seed: 1, seeds: Array.from({ length: 11 }, (_, i) => i + 1) })).toEqual(['seeds: at most 10 seeds']);
    expect(issues({ ...DEFAULT_EXPERIMENT, seed: 1, seeds: [2, 3] })).toEqual(['seeds: seeds must start with seed']);
  });

  it('pools result files only when they are seeds of one experiment', () => {
    const result = (seed: number, status: ExperimentResult['status'] = 'complete', steps = 200) => ({ status, config: { ...DEFAULT_EXPERIMENT, seed, steps } }) as ExperimentResult;
    const pooled = seedsOfOneExperiment([result(3), result(2, 'cancelled'), result(1)]);
    expect(pooled.ok && pooled.results.map((r) => r.config.seed)).toEqual([1, 3, 2]);
    expect(pooled.ok && pooled.config.seeds).toEqual([1, 3, 2]);
    expect(seedsOfOneExperiment([result(1), result(2, 'complete', 100)])).toMatchObject({ ok: false, message: expect.stringContaining('another experiment') });
    expect(seedsOfOneExperiment([result(1), result(1)])).toMatchObject({ ok: false, message: 'seed 1 is there twice' });
    expect(seedsOfOneExperiment([result(1, 'failed'), result(2, 'cancelled')])).toMatchObject({ ok: false, message: expect.stringContaining('at most one seed of a run can be partial') });
  });
});
