import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { PRESETS } from '../../core/experiment/presets';
import { configForSeed } from '../../core/experiment/seeds';
import { fakeResult } from '../testing/share-fixtures';
import { bytesToBase64url } from './base64url';
import { compressText } from './compress';
import { decodeLink, encodeLink } from './link';
import { trimResults } from './shared-results';

const defaults: ExperimentConfig = { ...DEFAULT_EXPERIMENT, rl: { ...DEFAULT_EXPERIMENT.rl, max_completion_length: 18 } };
const config: ExperimentConfig = { ...PRESETS.micro, methods: ['agon', 'zero-shot'], seed: 3, seeds: [3, 1, 2], rl: { ...PRESETS.micro.rl, max_completion_length: 18 } };
const payloadOf = (body: unknown) => `1.${bytesToBase64url(compressText(JSON.stringify(body)))}`;

describe('share links with seeds', () => {
  it('round-trip the seeds, and one result per seed with that seed', () => {
    const results = [3, 1].map((seed) => fakeResult(configForSeed(config, seed)));
    const decoded = decodeLink(encodeLink({ config, appVersion: '0.1.0', basePair: null, results }), defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.link.config).toEqual(config);
    expect(decoded.link.results.map((r) => r.config.seed)).toEqual([3, 1]);
    expect(decoded.link.results[1]?.table).toHaveLength(2);
    expect(decoded.message).toContain('It runs 3 seeds in turn (3, 1, 2).');
  });

  it('an old link (no seeds, one result as an object) opens as one seed: its seed', () => {
    const old = { ...config, seeds: undefined, seed: 5 };
    const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: old, results: trimResults(fakeResult(old)) }), defaults);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.link.config.seed).toBe(5);
    expect('seeds' in decoded.link.config).toBe(false);
    expect(decoded.link.results.map((r) => r.config.seed)).toEqual([5]);
    expect(decoded.message).not.toContain('seeds in turn');
  });

  it('a bad seeds list is reset by name and the rest of the link kept', () => {
    for (const seeds of [[1, 1], [-1, 2], 'x', Array.from({ length: 50 }, (_, i) => i), [9, 8]]) {
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config: { ...config, seed: 1, seeds } }), defaults);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.reset, JSON.stringify(seeds)).toEqual(['seeds']);
      expect(decoded.link.config).toMatchObject({ seed: 1, steps: config.steps, methods: config.methods });
      expect('seeds' in decoded.link.config).toBe(false);
      expect(decoded.message).toContain('reset to their defaults: seeds');
    }
  });

  it('drops results that are more than the seeds, or not a list of results, and says so', () => {
    const results = [1, 2, 3, 4].map((seed) => trimResults(fakeResult({ ...config, seeds: undefined, seed })));
    for (const bad of [results, [...results.slice(0, 2), 'x'], { length: 2 }]) {
      const decoded = decodeLink(payloadOf({ app: '0.1.0', basePair: null, config, results: bad }), defaults);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.resultsDropped).toBe(true);
      expect(decoded.link.results).toEqual([]);
      expect(decoded.link.config).toEqual(config);
      expect(decoded.message).toContain('Its results were refused and are not shown (');
      expect(decoded.message).toContain('the config was kept');
    }
  });
});
