/**
 * Several seeds of one experiment: the config's optional `seeds` list (the CLI's --seeds),
 * the text a user types for it ("1,2,3"), and the one-seed config each run gets. A config
 * without `seeds` runs `seed` alone, so configs, links and saved runs from before seeds
 * existed mean what they meant.
 */
import { z } from 'zod';
import { canonicalJson } from '../canonical-json';
import type { ExperimentConfig } from './config';
import type { ExperimentResult } from './result';
import { int } from './schema-numbers';

/** Each seed is a whole experiment, run one after another in the browser: ten already take ten times as long. */
export const MAX_SEEDS = 10;
export const MAX_SEED = 2 ** 31 - 1;

export const seedSchema = int(0, MAX_SEED);

/** The list itself: every seed valid, none twice, at most MAX_SEEDS. */
export const seedsSchema = z
  .array(seedSchema)
  .min(1, 'give at least one seed')
  .max(MAX_SEEDS, `at most ${MAX_SEEDS} seeds`)
  .refine((seeds) => new Set(seeds).size === seeds.length, 'a seed is listed twice');

/** The seeds a config runs, in order. */
export function seedsOf(config: Pick<ExperimentConfig, 'seed' | 'seeds'>): number[] {
  return config.seeds ?? [config.seed];
}

/**
 * `config` set to run `seeds`: `seed` is the first (what anything reading `seed` alone sees),
 * and `seeds` is written only for two or more, so a one-seed config stays as it always was.
 */
export function withSeeds<C extends Pick<ExperimentConfig, 'seed' | 'seeds'>>(config: C, seeds: readonly number[]): C {
  const [first] = seeds;
  if (first === undefined) return config;
  const next: C = { ...config, seed: first, seeds: [...seeds] };
  if (seeds.length === 1) delete next.seeds;
  return next;
}

/** The config one seed's run gets (and its result records): that seed alone, as the CLI's result-seed<S>.json has it. */
export function configForSeed(config: ExperimentConfig, seed: number): ExperimentConfig {
  return withSeeds(config, [seed]);
}

export type ParsedSeeds = { ok: true; seeds: number[] } | { ok: false; message: string };

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "1, 2,3" -> [1, 2, 3]: commas between seeds, spaces allowed. A bad list is refused with
 * what is wrong and where, never read in part (a silent default would run other seeds than asked).
 */
export function parseSeeds(text: string): ParsedSeeds {
  if (text.trim() === '') return { ok: false, message: 'give at least one seed, e.g. 1 or 1,2,3' };
  const parts = text.split(',').map((p) => p.trim());
  const seeds: number[] = [];
  for (const [i, part] of parts.entries()) {
    const where = parts.length > 1 ? `seed ${i + 1} of the list` : 'the seed';
    if (part === '') return { ok: false, message: `${where} is empty (two commas in a row, or one at an end?)` };
    if (/^-\d+$/.test(part)) return { ok: false, message: `${where} is negative (${part}): seeds are whole numbers from 0` };
    if (!/^\d+$/.test(part)) return { ok: false, message: `${where} is not a whole number ("${part.length > 20 ? `${part.slice(0, 20)}…` : part}")` };
    const seed = Number(part);
    if (seed > MAX_SEED) return { ok: false, message: `${where} is too large (at most ${count(MAX_SEED)})` };
    if (seeds.includes(seed)) return { ok: false, message: `seed ${seed} is listed twice` };
    seeds.push(seed);
  }
  if (seeds.length > MAX_SEEDS) return { ok: false, message: `too many seeds (${seeds.length}; at most ${MAX_SEEDS}, each is a whole run)` };
  return { ok: true, seeds };
}

export const seedsText = (seeds: readonly number[]) => seeds.join(',');

/**
 * Results of one experiment's seeds (result files imported together): the config that runs
 * them all, or why they are not one experiment. Finished seeds come first, by seed; a seed
 * that did not finish comes last, as in a run cut short.
 */
export function seedsOfOneExperiment(results: readonly ExperimentResult[]): { ok: true; config: ExperimentConfig; results: ExperimentResult[] } | { ok: false; message: string } {
  const [first] = results;
  if (!first) return { ok: false, message: 'no result' };
  const experiment = (r: ExperimentResult) => canonicalJson(configForSeed(r.config, 0));
  const other = results.find((r) => experiment(r) !== experiment(first));
  if (other) return { ok: false, message: `seed ${other.config.seed} is from another experiment than seed ${first.config.seed} (their configs differ apart from the seed), so they cannot be pooled` };
  const seeds = results.map((r) => r.config.seed);
  const twice = seeds.find((s, i) => seeds.indexOf(s) !== i);
  if (twice !== undefined) return { ok: false, message: `seed ${twice} is there twice` };
  if (seeds.length > MAX_SEEDS) return { ok: false, message: `${seeds.length} seeds, at most ${MAX_SEEDS} make one run` };
  const unfinished = results.filter((r) => r.status !== 'complete');
  if (unfinished.length > 1) return { ok: false, message: `seeds ${unfinished.map((r) => r.config.seed).join(', ')} did not finish; at most one seed of a run can be partial` };
  const ordered = [...results.filter((r) => r.status === 'complete').sort((a, b) => a.config.seed - b.config.seed), ...unfinished];
  return { ok: true, config: withSeeds(first.config, ordered.map((r) => r.config.seed)), results: ordered };
}
