import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT, type ExperimentConfig } from '../../core/experiment/config';
import { METHODS } from '../../core/experiment/methods';
import { configForSeed, withSeeds } from '../../core/experiment/seeds';
import { fakeResult } from '../testing/share-fixtures';
import { MAX_LINK_CHARS } from './limits';
import { encodeLink } from './link';
import { decodeFoundLink, fragmentFor, linkInAddress, makeShareLink, searchWithoutLink } from './share-url';

const page = 'https://user.github.io/agon-playground/';
const shared = (config: ExperimentConfig, withResults: boolean) => ({ config, appVersion: '0.1.0', basePair: null, results: withResults ? [fakeResult(config)] : [] });

describe('share URLs', () => {
  it('put the payload in the fragment of the page it was made on, and read it back', () => {
    const link = makeShareLink(page, shared(DEFAULT_EXPERIMENT, false));
    expect(link.url.startsWith(`${page}#agon=1.`)).toBe(true);
    expect(linkInAddress(new URL(link.url).hash, '')).toEqual({ payload: link.url.slice(link.url.indexOf('=') + 1), altered: null });
    expect(linkInAddress('', '')).toBeNull();
    expect(linkInAddress('#section-2', '?backends=wasm')).toBeNull();
    expect(linkInAddress('#agonist', '')).toBeNull();
    expect(linkInAddress(fragmentFor('1.abc'), '')).toEqual({ payload: '1.abc', altered: null });
    expect(linkInAddress('#agon=', '')).toEqual({ payload: '', altered: null });
  });

  it('find links that arrived nearly right, saying how they differed', () => {
    expect(linkInAddress('#AGON=1.abc', '')).toEqual({ payload: '1.abc', altered: '#AGON=' });
    expect(linkInAddress('#agon%3D1.abc', '')).toEqual({ payload: '1.abc', altered: '#agon%3D' });
    expect(linkInAddress('#Agon%3d1.abc', '')).toEqual({ payload: '1.abc', altered: '#Agon%3d' });
    expect(linkInAddress('#agon', '')).toEqual({ payload: '', altered: '#agon' });
    expect(linkInAddress('', '?agon=1.abc')).toEqual({ payload: '1.abc', altered: '?agon=' });
    expect(linkInAddress('#top', '?backends=wasm&AGON%3D1.abc&threads=2')).toEqual({ payload: '1.abc', altered: '?AGON%3D' });
    // The fragment wins over the query.
    expect(linkInAddress('#agon=1.new', '?agon=1.old')).toEqual({ payload: '1.new', altered: null });
  });

  it('take a link out of the query, keeping the page settings', () => {
    expect(searchWithoutLink('?agon=1.abc')).toBe('');
    expect(searchWithoutLink('?backends=wasm&AGON%3D1.abc&threads=2')).toBe('?backends=wasm&threads=2');
    expect(searchWithoutLink('?backends=wasm')).toBe('?backends=wasm');
    expect(searchWithoutLink('')).toBe('');
  });

  it('open a nearly-right link and say so; a refused one says it may have been changed', () => {
    const payload = encodeLink(shared({ ...DEFAULT_EXPERIMENT, seed: 5 }, false));
    const opened = decodeFoundLink({ payload, altered: '#AGON=' }, DEFAULT_EXPERIMENT);
    expect(opened.ok && opened.link.config.seed).toBe(5);
    expect(opened.message).toContain('The link began with "#AGON=" rather than "#agon="; it was read all the same.');
    const moved = decodeFoundLink({ payload, altered: '?agon=' }, DEFAULT_EXPERIMENT);
    expect(moved.message).toContain('The link was in the address\'s query ("?agon=") rather than after the "#" ("#agon="); it was read all the same.');
    const cut = decodeFoundLink({ payload: '', altered: '#agon' }, DEFAULT_EXPERIMENT);
    expect(cut).toMatchObject({ ok: false, problem: 'empty' });
    expect(cut.message).toContain('The link began with "#agon" rather than "#agon=": it may have been changed on the way.');
    expect(decodeFoundLink({ payload, altered: null }, DEFAULT_EXPERIMENT).message).not.toContain('#agon=');
  });

  it("fit the results of the paper's every method at the default schedule", () => {
    const link = makeShareLink(page, shared({ ...DEFAULT_EXPERIMENT, methods: [...METHODS] }, true));
    expect(link.withResults).toBe(true);
    expect(link.chars).toBeLessThanOrEqual(MAX_LINK_CHARS);
  });

  it('leave out the per-problem outcomes when only they make the results too long, saying so', () => {
    const config = withSeeds({ ...DEFAULT_EXPERIMENT, methods: [...METHODS] }, [1, 2, 3]);
    const link = makeShareLink(page, { config, appVersion: '0.1.0', basePair: null, results: [1, 2, 3].map((seed) => fakeResult(configForSeed(config, seed))) });
    expect(link).toMatchObject({ withResults: true });
    expect(link.chars).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect('outcomesTooLong' in link && link.outcomesTooLong).toBeGreaterThan(MAX_LINK_CHARS);
    const decoded = decodeFoundLink(linkInAddress(new URL(link.url).hash, '')!, DEFAULT_EXPERIMENT);
    expect(decoded.ok && decoded.link.results.flatMap((r) => r.table.map((row) => row.testOutcomes))).toEqual(Array(30).fill(undefined));
  });

  it('fall back to the config alone when the results do not fit, saying how long they would have been', () => {
    const config = { ...DEFAULT_EXPERIMENT, methods: [...METHODS], steps: 1000, eval_every: 5, eval_problems: 10 };
    const link = makeShareLink(page, shared(config, true));
    expect(link).toMatchObject({ withResults: false });
    expect(link.chars).toBeLessThan(1000);
    expect('resultsTooLong' in link && link.resultsTooLong).toBeGreaterThan(MAX_LINK_CHARS);
  });
});
