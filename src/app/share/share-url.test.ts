import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { METHODS } from '../../core/experiment/methods';
import { fakeResult } from '../testing/share-fixtures';
import { MAX_LINK_CHARS } from './limits';
import { fragmentFor, makeShareLink, payloadFromHash } from './share-url';

const page = 'https://user.github.io/agon-playground/';
const shared = (config: ExperimentConfig, withResults: boolean) => ({ config, appVersion: '0.1.0', basePair: null, results: withResults ? fakeResult(config) : null });

describe('share URLs', () => {
  it('put the payload in the fragment of the page it was made on, and read it back', () => {
    const link = makeShareLink(page, shared(DEFAULT_EXPERIMENT, false));
    expect(link.url.startsWith(`${page}#agon=1.`)).toBe(true);
    expect(payloadFromHash(new URL(link.url).hash)).toBe(link.url.slice(link.url.indexOf('=') + 1));
    expect(payloadFromHash('')).toBeNull();
    expect(payloadFromHash('#section-2')).toBeNull();
    expect(payloadFromHash(fragmentFor('1.abc'))).toBe('1.abc');
  });

  it("fit the results of the paper's every method at the default schedule", () => {
    const link = makeShareLink(page, shared({ ...DEFAULT_EXPERIMENT, methods: [...METHODS] }, true));
    expect(link.withResults).toBe(true);
    expect(link.chars).toBeLessThanOrEqual(MAX_LINK_CHARS);
  });

  it('fall back to the config alone when the results do not fit, saying how long they would have been', () => {
    const config = { ...DEFAULT_EXPERIMENT, methods: [...METHODS], steps: 1000, eval_every: 5, eval_problems: 10 };
    const link = makeShareLink(page, shared(config, true));
    expect(link).toMatchObject({ withResults: false });
    expect(link.chars).toBeLessThan(1000);
    expect('resultsTooLong' in link && link.resultsTooLong).toBeGreaterThan(MAX_LINK_CHARS);
  });
});
